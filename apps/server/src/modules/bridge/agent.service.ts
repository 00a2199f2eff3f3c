import type pg from 'pg';
import type { HeartbeatBatchDeps } from './heartbeat-batch.js';
import { writeHeartbeats } from './heartbeat-batch.repo.js';

/** Where an instance's heartbeat batch writes: one statement per interval, on the pool. */
export const heartbeatWriter =
  (pool: pg.Pool): HeartbeatBatchDeps['write'] =>
  (rows) =>
    writeHeartbeats(pool, rows);
