import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { createPool } from '../src/db/database.js';
import { startEmbeddedPostgres } from '../src/db/embedded/embedded-postgres.js';
import { migrate } from '../src/db/migrate.js';

declare module 'vitest' {
  export interface ProvidedContext {
    pgAdminUrl: string;
    pgMode: 'embedded' | 'external';
    /** A database migrated once for this run, which each migrated test database is copied from. */
    pgTemplate: string;
  }
}

/**
 * The database tier runs against one embedded PostgreSQL started for this run, or against
 * DATABASE_URL when set (CI runs the tier a second time on the machine's PostgreSQL 15).
 * Each test file creates its own databases on it and drops them.
 */
export default async function setup(project: TestProject) {
  const external = process.env.DATABASE_URL;
  let stopServer: () => Promise<void> = () => Promise.resolve();
  let adminUrl: string;
  if (external) {
    adminUrl = external;
    project.provide('pgMode', 'external');
  } else {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'vortex-test-pg-'));
    const server = await startEmbeddedPostgres({
      baseDir: dir,
      fsync: false,
      log: () => undefined,
    });
    adminUrl = server.url('postgres');
    project.provide('pgMode', 'embedded');
    stopServer = async () => {
      await server.stop();
      await rm(dir, { recursive: true, force: true });
    };
  }
  project.provide('pgAdminUrl', adminUrl);
  const template = await createTemplate(adminUrl);
  project.provide('pgTemplate', template);
  return async () => {
    await admin(adminUrl, (c) => c.query(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`));
    await stopServer();
  };
}

/**
 * Migrating takes seconds and every test file needs a migrated database: migrate one here and let
 * the files copy it (CREATE DATABASE ... TEMPLATE), which takes a fraction of that. Connections to
 * it are closed afterwards, since PostgreSQL refuses to copy a database someone is connected to.
 */
async function createTemplate(adminUrl: string): Promise<string> {
  const name = `vortex_tpl_${randomBytes(6).toString('hex')}`;
  await admin(adminUrl, (c) => c.query(`CREATE DATABASE ${name}`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const pool = createPool(url.toString());
  try {
    await migrate(pool);
  } finally {
    await pool.end();
  }
  await admin(adminUrl, (c) => c.query(`ALTER DATABASE ${name} WITH ALLOW_CONNECTIONS false`));
  return name;
}

async function admin<T>(url: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client(url);
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}
