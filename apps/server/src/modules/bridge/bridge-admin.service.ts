import { bridgeAdminMessages as msg, type AuditSearchQuerySchema } from '@vortex/core';
import type pg from 'pg';
import type { z } from 'zod';
import { HttpError } from '../../http/http-error.js';
import { inTransaction } from '../../lib/db-types.js';
import { writeAudit } from '../audit/audit.repo.js';
import type { EventBus } from '../live/event-bus.js';
import type { AgentRegistry } from './agent-registry.js';
import {
  claimExists,
  cleanup,
  endSessions,
  listClaims,
  listSessions,
  listTokens,
  revokePendingToken,
  setClaimStatus,
} from './bridge-admin.repo.js';
import { searchBridgeAudit } from './bridge-audit.repo.js';
import { clearClaimAccount } from './bridge-claims.repo.js';
import { toClaim } from './bridge-status.repo.js';

export interface BridgeAdminDeps {
  pool: pg.Pool;
  bus: EventBus;
  agents: AgentRegistry;
}

/** Who acts, for the audit row each action writes. */
export interface Actor {
  userId: number;
  ip: string;
}

const iso = (d: Date | null) => d?.toISOString() ?? null;

const audit = (
  deps: BridgeAdminDeps,
  actor: Actor,
  action: string,
  target: number | null,
  meta: Record<string, unknown>,
) =>
  writeAudit(deps.pool, {
    actorUserId: actor.userId,
    action,
    targetUserId: target,
    ip: actor.ip,
    meta,
  });

export async function adminClaims(pool: pg.Pool, status: string | undefined) {
  const now = Date.now();
  const rows = await listClaims(pool, status);
  return rows.map((r) => toClaim(r, now));
}

/** Revokes a claim and ends its sessions and connected agents; 404 for an unknown claim. */
export async function revokeClaim(
  deps: BridgeAdminDeps,
  actor: Actor,
  claimId: string,
): Promise<void> {
  const claim = await inTransaction(deps.pool, async (tx) => {
    const c = await setClaimStatus(tx, claimId, 'revoked');
    if (c) await endSessions(tx, { claimId }, 'revoked', 'claim_revoked');
    return c;
  });
  if (!claim) throw new HttpError(404, msg.claimNotFound);
  deps.agents.endWhere((h) => h.claimId === claimId, 'claim_revoked');
  deps.bus.publish({ type: 'bridge_claim_revoked', user_id: claim.user_id, claim_id: claimId });
  await audit(deps, actor, 'bridge_claim_revoked', claim.user_id, { claim_id: claimId });
}

/**
 * Back to awaiting its first heartbeat, free to take the next account it reports; only a claim
 * in trouble (mismatch) or revoked: 409 for another, 404 for an unknown one.
 */
export async function resetClaim(
  deps: BridgeAdminDeps,
  actor: Actor,
  claimId: string,
): Promise<void> {
  const claim = await inTransaction(deps.pool, async (tx) => {
    const c = await setClaimStatus(tx, claimId, 'pre_install', ['mismatch', 'revoked']);
    if (c) await clearClaimAccount(tx, claimId);
    return c;
  });
  if (!claim) {
    const exists = await claimExists(deps.pool, claimId);
    throw new HttpError(exists ? 409 : 404, exists ? msg.claimNotResettable : msg.claimNotFound);
  }
  deps.bus.publish({ type: 'bridge_claim_reset', user_id: claim.user_id, claim_id: claimId });
  await audit(deps, actor, 'bridge_claim_reset', claim.user_id, { claim_id: claimId });
}

export async function adminSessions(pool: pg.Pool, userId: number | undefined) {
  const now = Date.now();
  const rows = await listSessions(pool, userId);
  return rows.map((r) => ({
    id: r.id,
    user_id: r.user_id,
    username: r.username,
    account_number: r.account_number,
    server: r.server,
    status: r.status,
    ttl_seconds: Math.max(0, Math.round((r.expires_at.getTime() - now) / 1000)),
    expires_at: r.expires_at.toISOString(),
    last_ping: iso(r.last_ping_at),
    client_version: r.client_version,
  }));
}

/** The admin ends every bridge session of a user and drops the user's agents. */
export async function revokeUserSessions(
  deps: BridgeAdminDeps,
  actor: Actor,
  userId: number,
): Promise<void> {
  const count = await endSessions(deps.pool, { userId }, 'revoked', 'admin_revoke');
  deps.agents.endWhere((h) => h.userId === userId, 'admin_revoke');
  deps.bus.publish({ type: 'bridge_revoked', user_id: userId });
  await audit(deps, actor, 'bridge_revoked', userId, { sessions: count });
}

/** A user ends their own bridge sessions and agents. */
export async function terminateOwnSessions(deps: BridgeAdminDeps, actor: Actor): Promise<void> {
  const count = await endSessions(
    deps.pool,
    { userId: actor.userId },
    'terminated',
    'user_terminate',
  );
  deps.agents.endWhere((h) => h.userId === actor.userId, 'user_terminate');
  deps.bus.publish({ type: 'bridge_terminated', user_id: actor.userId });
  await audit(deps, actor, 'bridge_terminated', actor.userId, { sessions: count });
}

/** Expires what has run out and purges dead tokens, for one user or for all. */
export async function cleanupBridge(
  deps: BridgeAdminDeps,
  actor: Actor,
  userId: number | undefined,
) {
  const result = await cleanup(deps.pool, userId);
  deps.bus.publish({ type: 'bridge_revoked_all', user_id: userId ?? actor.userId });
  await audit(deps, actor, 'bridge_cleanup', userId ?? null, result);
  return result;
}

export async function adminTokens(pool: pg.Pool, status: string | undefined) {
  return (await listTokens(pool, status)).map((t) => ({
    ...t,
    created_at: t.created_at.toISOString(),
    expires_at: t.expires_at.toISOString(),
    used_at: iso(t.used_at),
  }));
}

/** Revokes a pairing token still pending; 409 for any other. */
export async function revokeToken(
  deps: BridgeAdminDeps,
  actor: Actor,
  tokenId: string,
): Promise<void> {
  const token = await revokePendingToken(deps.pool, tokenId);
  if (!token) throw new HttpError(409, msg.tokenNotPending);
  deps.bus.publish({ type: 'bridge_token_revoked', user_id: token.user_id, token_id: tokenId });
  await audit(deps, actor, 'bridge_token_revoked', token.user_id, { token_id: tokenId });
}

/** One page of the audit log's bridge events, as the audit panel lists them. */
export async function bridgeAuditPage(pool: pg.Pool, q: z.infer<typeof AuditSearchQuerySchema>) {
  const { total, rows } = await searchBridgeAudit(pool, {
    userId: q.user_id,
    eventType: q.event_type,
    from: q.from,
    to: q.to,
    limit: q.page_size,
    offset: (q.page - 1) * q.page_size,
  });
  const items = rows.map((r) => ({
    id: r.id,
    user_id: r.target_user_id,
    actor_user_id: r.actor_user_id,
    event_type: r.action,
    created_at: r.created_at.toISOString(),
    meta_json: JSON.stringify(r.meta),
  }));
  return { total, items };
}
