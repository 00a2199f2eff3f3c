import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres } from '../src/db/embedded/embedded-postgres.js';

declare module 'vitest' {
  export interface ProvidedContext {
    pgAdminUrl: string;
    pgMode: 'embedded' | 'external';
  }
}

/**
 * The database tier runs against one embedded PostgreSQL started for this run, or against
 * DATABASE_URL when set (CI runs the tier a second time on the machine's PostgreSQL 15).
 * Each test file creates its own databases on it and drops them.
 */
export default async function setup(project: TestProject) {
  const external = process.env.DATABASE_URL;
  if (external) {
    project.provide('pgAdminUrl', external);
    project.provide('pgMode', 'external');
    return;
  }
  const dir = await mkdtemp(path.join(os.tmpdir(), 'vortex-test-pg-'));
  const pg = await startEmbeddedPostgres({ baseDir: dir, fsync: false, log: () => undefined });
  project.provide('pgAdminUrl', pg.url('postgres'));
  project.provide('pgMode', 'embedded');
  return async () => {
    await pg.stop();
    await rm(dir, { recursive: true, force: true });
  };
}
