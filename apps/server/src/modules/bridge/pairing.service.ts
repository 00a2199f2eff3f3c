import { bridgeMessages } from '@vortex/core';
import type pg from 'pg';
import { HttpError } from '../../http/http-error.js';
import { hashToken, newToken } from '../../lib/tokens.js';
import { writeAudit } from '../audit/audit.repo.js';
import { findBridgeTokenByHash, insertBridgeToken } from './bridge-tokens.repo.js';

export const PAIRING_TOKEN_TTL_MS = 15 * 60 * 1000;

/** A fresh pairing token for the user, valid 15 minutes; the token itself is shown once. */
export async function createPairingToken(
  pool: pg.Pool,
  actor: { userId: number; ip: string },
  label: string,
): Promise<{ token: string; expiresAt: Date }> {
  const { token, hash } = newToken();
  const row = await insertBridgeToken(pool, {
    hash,
    prefix: token.slice(0, 8),
    userId: actor.userId,
    label,
    expiresAt: new Date(Date.now() + PAIRING_TOKEN_TTL_MS),
  });
  await writeAudit(pool, {
    actorUserId: actor.userId,
    action: 'bridge_token_created',
    targetUserId: actor.userId,
    ip: actor.ip,
    meta: { token_id: row.id, label: row.label },
  });
  return { token, expiresAt: row.expires_at };
}

/** A pairing token of the user's own; someone else's is as unknown (404) as a made-up one. */
export async function ownPairingToken(pool: pg.Pool, userId: number, token: string) {
  const row = await findBridgeTokenByHash(pool, hashToken(token));
  if (!row || row.user_id !== userId) throw new HttpError(404, bridgeMessages.tokenNotFound);
  return row;
}
