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
import { authOf } from '../../http/authorize.js';
import {
  adminClaims,
  adminSessions,
  adminTokens,
  cleanupBridge,
  resetClaim,
  revokeClaim,
  revokeToken,
  revokeUserSessions,
  terminateOwnSessions,
  type Actor,
  type BridgeAdminDeps,
} from './bridge-admin.service.js';

const tags = ['bridge (admin)'];
const adminOnly = { access: ['admin'] as const };
const errors = {
  400: ApiErrorSchema,
  401: ApiErrorSchema,
  403: ApiErrorSchema,
  404: ApiErrorSchema,
  409: ApiErrorSchema,
};
const actorOf = (req: FastifyRequest): Actor => ({ userId: authOf(req).user.id, ip: req.ip });

/** The five bridge admin panels' calls (trading.md §7), plus ending one's own session. */
export const bridgeAdminRoutes =
  (deps: BridgeAdminDeps): FastifyPluginAsyncZod =>
  async (app) => {
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
      async (req) => ({
        success: true as const,
        items: await adminClaims(deps.pool, req.query.status),
      }),
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
        await revokeClaim(deps, actorOf(req), req.params.id);
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
        await resetClaim(deps, actorOf(req), req.params.id);
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
      async (req) => ({
        success: true as const,
        items: await adminSessions(deps.pool, req.query.user_id),
      }),
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
        await revokeUserSessions(deps, actorOf(req), req.params.userId);
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
        const result = await cleanupBridge(deps, actorOf(req), req.body?.user_id);
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
        items: await adminTokens(deps.pool, req.query.status),
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
        await revokeToken(deps, actorOf(req), req.params.tokenId);
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
        await terminateOwnSessions(deps, actorOf(req));
        return { success: true as const, message: msg.sessionEnded };
      },
    );
  };
