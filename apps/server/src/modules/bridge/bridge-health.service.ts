import { RECENT_REJECTIONS_SHOWN } from '@vortex/core';
import type pg from 'pg';
import { rejectionsSummary } from './agent-rejections.repo.js';
import { countActiveSessions } from './bridge-sessions.repo.js';

/** The health panel's database figures: active sessions and what agents sent that was refused. */
export async function bridgeHealthFigures(pool: pg.Pool) {
  const [activeSessions, rejections] = await Promise.all([
    countActiveSessions(pool),
    rejectionsSummary(pool, RECENT_REJECTIONS_SHOWN),
  ]);
  return { activeSessions, rejections };
}
