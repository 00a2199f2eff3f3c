import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { buildApp } from '../src/app/build-app.js';
import type { TestDatabase } from './test-database.js';

export const TEST_WEB_ORIGIN = 'http://localhost:3000';

export async function createTestApp(db: TestDatabase): Promise<FastifyInstance> {
  const app = await buildApp({
    pool: db.pool,
    dbMode: 'embedded',
    logger: pino({ level: 'silent' }),
    version: '0.0.0-test',
    startedAt: Date.now(),
    webOrigins: [TEST_WEB_ORIGIN],
  });
  await app.ready();
  return app;
}
