import { DISK_LOW_BYTES, DISK_LOW_RATIO, type Health } from '@vortex/core';
import { statfs } from 'node:fs/promises';
import type { RedisLink } from '../cluster/redis-link.js';
import { elapsedSince, withDeadline } from './deadline.js';

/** Redis and the disk get the same bound as the database: the whole probe answers within ~1 s. */
export const HEALTH_DEPENDENCY_TIMEOUT_MS = 1_000;

/** A PING on the link's command client; a link that is reconnecting is down without asking. */
export async function checkRedis(link: RedisLink | undefined): Promise<Health['redis']> {
  if (!link) return { state: 'disabled', latency_ms: null };
  if (link.redis.status !== 'ready') return { state: 'down', latency_ms: null };
  const t0 = performance.now();
  const latency = await withDeadline(
    link.redis.ping().then(
      () => elapsedSince(t0),
      () => null,
    ),
    HEALTH_DEPENDENCY_TIMEOUT_MS,
    null,
  );
  return { state: latency === null ? 'down' : 'up', latency_ms: latency };
}

/** Free space for the server's own files (bavail: what an unprivileged writer may still use). */
export async function checkDisk(dir: string): Promise<Health['disk']> {
  const stats = await withDeadline(
    statfs(dir).catch(() => undefined),
    HEALTH_DEPENDENCY_TIMEOUT_MS,
    undefined,
  );
  if (!stats) return { free_bytes: null, total_bytes: null, low: false };
  const free = stats.bavail * stats.bsize;
  const total = stats.blocks * stats.bsize;
  return {
    free_bytes: free,
    total_bytes: total,
    low: free < DISK_LOW_BYTES || (total > 0 && free / total < DISK_LOW_RATIO),
  };
}
