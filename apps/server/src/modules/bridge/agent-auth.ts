import { BRIDGE_SESSION_TTL_MS, bridgeMessages as msg } from '@vortex/core';
import type pg from 'pg';
import { inTransaction } from '../../lib/db-types.js';
import { hashToken, newToken } from '../../lib/tokens.js';
import { claimStatusOf, findClaimByDeviceKey, insertClaim } from './bridge-claims.repo.js';
import {
  findActiveBridgeSession,
  insertBridgeSession,
  pingBridgeSession,
} from './bridge-sessions.repo.js';
import { markTokenPaired } from './bridge-tokens.repo.js';

export { BRIDGE_SESSION_TTL_MS };

export interface AgentIdentity {
  userId: number;
  sessionId: number;
  claimId: string;
  /** The pairing token spent by this connection, when it paired with one. */
  tokenId?: string;
}

export type AgentAuthResult =
  | {
      identity: AgentIdentity;
      sessionToken: string;
      expiresAt: Date;
      /** A new session: a pairing token spent, or an installer's device key seen. */
      paired: boolean;
    }
  | { error: string };

interface Credentials {
  pairing_token?: string | undefined;
  device_key?: string | undefined;
  session_token?: string | undefined;
  client_version: string;
}

/**
 * A pairing token (spent once) opens a claim and a 12-hour session; an installer's device key
 * opens a session on the claim made with the installer; a session token resumes a session.
 * A revoked or mismatched claim lets nothing in until an admin resets it.
 */
export async function authenticateAgent(
  pool: pg.Pool,
  c: Credentials,
  _ip: string,
): Promise<AgentAuthResult> {
  const given = [c.pairing_token, c.device_key, c.session_token].filter((v) => v !== undefined);
  if (given.length !== 1) return { error: msg.invalidToken };
  const expiresAt = new Date(Date.now() + BRIDGE_SESSION_TTL_MS);
  if (c.session_token) {
    const session = await findActiveBridgeSession(pool, hashToken(c.session_token));
    if (!session?.claim_id) return { error: msg.invalidSession };
    if (!usable(await claimStatusOf(pool, session.claim_id))) return { error: msg.claimBlocked };
    await pingBridgeSession(pool, session.id, expiresAt);
    return {
      identity: { userId: session.user_id, sessionId: session.id, claimId: session.claim_id },
      sessionToken: c.session_token,
      expiresAt,
      paired: false,
    };
  }
  if (c.device_key) return openWithDeviceKey(pool, c.device_key, c.client_version, expiresAt);
  if (!c.pairing_token) return { error: msg.invalidToken };
  const pairing = c.pairing_token;
  return inTransaction(pool, async (tx) => {
    const token = await markTokenPaired(tx, hashToken(pairing));
    if (!token) return { error: msg.invalidToken };
    const claimId = await insertClaim(tx, {
      userId: token.user_id,
      tokenPrefix: token.token_prefix,
      status: 'active',
    });
    const session = newToken();
    const sessionId = await insertBridgeSession(tx, {
      hash: session.hash,
      userId: token.user_id,
      claimId,
      clientVersion: c.client_version,
      expiresAt,
    });
    return {
      identity: { userId: token.user_id, sessionId, claimId, tokenId: token.id },
      sessionToken: session.token,
      expiresAt,
      paired: true,
    };
  });
}

const usable = (status: string | undefined) => status === 'active' || status === 'pre_install';

async function openWithDeviceKey(
  pool: pg.Pool,
  deviceKey: string,
  clientVersion: string,
  expiresAt: Date,
): Promise<AgentAuthResult> {
  const claim = await findClaimByDeviceKey(pool, hashToken(deviceKey));
  if (!claim) return { error: msg.invalidDeviceKey };
  if (!usable(claim.status)) return { error: msg.claimBlocked };
  const session = newToken();
  const sessionId = await insertBridgeSession(pool, {
    hash: session.hash,
    userId: claim.user_id,
    claimId: claim.id,
    clientVersion,
    expiresAt,
  });
  return {
    identity: { userId: claim.user_id, sessionId, claimId: claim.id },
    sessionToken: session.token,
    expiresAt,
    paired: true,
  };
}
