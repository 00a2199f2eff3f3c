import type { TestProject } from 'vitest/node';
import { removeDataDir, startSystem } from './support/system.js';

declare module 'vitest' {
  export interface ProvidedContext {
    apiUrl: string;
    webUrl: string;
  }
}

/** One running system (built server, web app, embedded PostgreSQL) shared by the e2e journeys. */
export default async function setup(project: TestProject) {
  const system = await startSystem();
  project.provide('apiUrl', system.apiUrl);
  project.provide('webUrl', system.webUrl);
  return async () => {
    await system.stop();
    await removeDataDir(system.dataDir);
  };
}
