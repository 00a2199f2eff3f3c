import {
  AdminClaimsResponseSchema,
  AdminTokensResponseSchema,
  ApiErrorSchema,
  bridgeAdminMessages as msg,
  BridgeSessionsResponseSchema,
  ClaimIdParamsSchema,
  ClaimStatusQuerySchema,
  CleanupResponseSchema,
  CleanupSchema,
  MessageResponseSchema,
  SessionsQuerySchema,
  TokenIdParamsSchema,
  TokenStatusQuerySchema,
  UserIdParamSchema,
} from '@vortex/core';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type pg from 'pg';
import { authOf } from '../../app/authorize.js';
import { HttpError } from '../../app/http-error.js';
import { inTransaction } from '../../lib/db-types.js';
import { writeAudit } from '../audit/audit.repo.js';
import type { EventBus } from '../live/event-bus.js';
import type { AgentRegistry } from './agent-registry.js';
import { clearClaimAccount } from './bridge-claims.repo.js';
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
import { toClaim } from './bridge-status.repo.js';

const tags = ['bridge (admin)'];
const adminOnly = { access: ['admin'] as const };
const errors = {
  400: ApiErrorSchema,
  401: ApiErrorSchema,
  403: ApiErrorSchema,
  404: ApiErrorSchema,
  409: ApiErrorSchema,
};
const iso = (d: Date | null) => d?.toISOString() ?? null;

/** The five bridge admin panels' calls (trading.md §7), plus ending one's own session. */
export const bridgeAdminRoutes =
  (deps: { pool: pg.Pool; bus: EventBus; agents: AgentRegistry }): FastifyPluginAsyncZod =>
  async (app) => {
    const audit = (
      req: FastifyRequest,
      action: string,
      target: number | null,
      meta: Record<string, unknown>,
    ) =>
      writeAudit(deps.pool, {
        actorUserId: authOf(req).user.id,
        action,
        targetUserId: target,
        ip: req.ip,
        meta,
      });

    app.get(
      '/api/bridge/admin/claims',
      {
        config: adminOnly,
        schema: {
          tags,
          querystring: ClaimStatusQuerySchema,
          response: { 200: AdminClaimsResponseSchema, ...errors },
        },
      },
      async (req) => {
        const now = Date.now();
        const rows = await listClaims(deps.pool, req.query.status);
        return { success: true as const, items: rows.map((r) => toClaim(r, now)) };
      },
    );

    app.post(
      '/api/bridge/claim/:id/revoke',
      {
        config: adminOnly,
        schema: {
          tags,
          params: ClaimIdParamsSchema,
          response: { 200: MessageResponseSchema, ...errors },
        },
      },
      async (req) => {
        const claim = await inTransaction(deps.pool, async (tx) => {
          const c = await setClaimStatus(tx, req.params.id, 'revoked');
          if (c) await endSessions(tx, { claimId: req.params.id }, 'revoked', 'claim_revoked');
          return c;
        });
        if (!claim) throw new HttpError(404, msg.claimNotFound);
        deps.agents.endWhere((h) => h.claimId === req.params.id, 'claim_revoked');
        deps.bus.publish({
          type: 'bridge_claim_revoked',
          user_id: claim.user_id,
          claim_id: req.params.id,
        });
        await audit(req, 'bridge_claim_revoked', claim.user_id, { claim_id: req.params.id });
        return { success: true as const, message: msg.claimRevoked };
      },
    );

    app.post(
      '/api/bridge/claim/:id/reset',
      {
        config: adminOnly,
        schema: {
          tags,
          params: ClaimIdParamsSchema,
          response: { 200: MessageResponseSchema, ...errors },
        },
      },
      async (req) => {
        // Back to awaiting its first heartbeat, free to take the next account it reports; only a
        // claim in trouble (mismatch) or revoked.
        const claim = await inTransaction(deps.pool, async (tx) => {
          const c = await setClaimStatus(tx, req.params.id, 'pre_install', ['mismatch', 'revoked']);
          if (c) await clearClaimAccount(tx, req.params.id);
          return c;
        });
        if (!claim) {
          const exists = await claimExists(deps.pool, req.params.id);
          throw new HttpError(
            exists ? 409 : 404,
            exists ? msg.claimNotResettable : msg.claimNotFound,
          );
        }
        deps.bus.publish({
          type: 'bridge_claim_reset',
          user_id: claim.user_id,
          claim_id: req.params.id,
        });
        await audit(req, 'bridge_claim_reset', claim.user_id, { claim_id: req.params.id });
        return { success: true as const, message: msg.claimReset };
      },
    );

    app.get(
      '/bridge/admin/sessions',
      {
        config: adminOnly,
        schema: {
          tags,
          querystring: SessionsQuerySchema,
          response: { 200: BridgeSessionsResponseSchema, ...errors },
        },
      },
      async (req) => {
        const now = Date.now();
        const rows = await listSessions(deps.pool, req.query.user_id);
        return {
          success: true as const,
          items: rows.map((r) => ({
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
          })),
        };
      },
    );

    app.post(
      '/api/bridge/admin/revoke/:userId',
      {
        config: adminOnly,
        schema: {
          tags,
          params: UserIdParamSchema,
          response: { 200: MessageResponseSchema, ...errors },
        },
      },
      async (req) => {
        const count = await endSessions(
          deps.pool,
          { userId: req.params.userId },
          'revoked',
          'admin_revoke',
        );
        deps.agents.endWhere((h) => h.userId === req.params.userId, 'admin_revoke');
        deps.bus.publish({ type: 'bridge_revoked', user_id: req.params.userId });
        await audit(req, 'bridge_revoked', req.params.userId, { sessions: count });
        return { success: true as const, message: msg.sessionRevoked(req.params.userId) };
      },
    );

    app.post(
      '/bridge/admin/cleanup',
      {
        config: adminOnly,
        schema: { tags, body: CleanupSchema, response: { 200: CleanupResponseSchema, ...errors } },
      },
      async (req) => {
        const target = req.body?.user_id;
        const result = await cleanup(deps.pool, target);
        deps.bus.publish({ type: 'bridge_revoked_all', user_id: target ?? authOf(req).user.id });
        await audit(req, 'bridge_cleanup', target ?? null, result);
        return { success: true as const, ...result };
      },
    );

    app.get(
      '/api/bridge/admin/tokens',
      {
        config: adminOnly,
        schema: {
          tags,
          querystring: TokenStatusQuerySchema,
          response: { 200: AdminTokensResponseSchema, ...errors },
        },
      },
      async (req) => ({
        success: true as const,
        items: (await listTokens(deps.pool, req.query.status)).map((t) => ({
          ...t,
          created_at: t.created_at.toISOString(),
          expires_at: t.expires_at.toISOString(),
          used_at: iso(t.used_at),
        })),
      }),
    );

    app.post(
      '/api/bridge/admin/token/revoke/:tokenId',
      {
        config: adminOnly,
        schema: {
          tags,
          params: TokenIdParamsSchema,
          response: { 200: MessageResponseSchema, ...errors },
        },
      },
      async (req) => {
        const token = await revokePendingToken(deps.pool, req.params.tokenId);
        if (!token) throw new HttpError(409, msg.tokenNotPending);
        deps.bus.publish({
          type: 'bridge_token_revoked',
          user_id: token.user_id,
          token_id: req.params.tokenId,
        });
        await audit(req, 'bridge_token_revoked', token.user_id, { token_id: req.params.tokenId });
        return { success: true as const, message: msg.tokenRevoked };
      },
    );

    app.post(
      '/bridge/session/terminate',
      {
        config: { access: 'authenticated' },
        schema: { tags: ['bridge'], response: { 200: MessageResponseSchema, ...errors } },
      },
      async (req) => {
        const user = authOf(req).user;
        const count = await endSessions(
          deps.pool,
          { userId: user.id },
          'terminated',
          'user_terminate',
        );
        deps.agents.endWhere((h) => h.userId === user.id, 'user_terminate');
        deps.bus.publish({ type: 'bridge_terminated', user_id: user.id });
        await audit(req, 'bridge_terminated', user.id, { sessions: count });
        return { success: true as const, message: msg.sessionEnded };
      },
    );
  };
