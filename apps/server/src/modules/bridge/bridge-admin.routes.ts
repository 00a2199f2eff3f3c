import { bridgeAdminMessages as msg, endpoints } from '@vortex/core';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { authOf } from '../../http/authorize.js';
import { route } from '../../http/endpoint-route.js';
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

const api = endpoints.bridge;
const actorOf = (req: FastifyRequest): Actor => ({ userId: authOf(req).user.id, ip: req.ip });

/** The five bridge admin panels' calls (trading.md §7), plus ending one's own session. */
export const bridgeAdminRoutes =
  (deps: BridgeAdminDeps): FastifyPluginAsync =>
  async (app) => {
    route(app, api.adminClaims, async (req) => ({
      success: true as const,
      items: await adminClaims(deps.pool, req.query.status),
    }));

    route(app, api.revokeClaim, async (req) => {
      await revokeClaim(deps, actorOf(req), req.params.id);
      return { success: true as const, message: msg.claimRevoked };
    });

    route(app, api.resetClaim, async (req) => {
      await resetClaim(deps, actorOf(req), req.params.id);
      return { success: true as const, message: msg.claimReset };
    });

    route(app, api.adminSessions, async (req) => ({
      success: true as const,
      items: await adminSessions(deps.pool, req.query.user_id),
    }));

    route(app, api.revokeUserSessions, async (req) => {
      await revokeUserSessions(deps, actorOf(req), req.params.userId);
      return { success: true as const, message: msg.sessionRevoked(req.params.userId) };
    });

    route(app, api.cleanup, async (req) => {
      const result = await cleanupBridge(deps, actorOf(req), req.body?.user_id);
      return { success: true as const, ...result };
    });

    route(app, api.adminTokens, async (req) => ({
      success: true as const,
      items: await adminTokens(deps.pool, req.query.status),
    }));

    route(app, api.revokeToken, async (req) => {
      await revokeToken(deps, actorOf(req), req.params.tokenId);
      return { success: true as const, message: msg.tokenRevoked };
    });

    route(app, api.terminateSession, async (req) => {
      await terminateOwnSessions(deps, actorOf(req));
      return { success: true as const, message: msg.sessionEnded };
    });
  };
