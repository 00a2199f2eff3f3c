import { endpoints } from '@vortex/core';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type pg from 'pg';
import { authOf } from '../../http/authorize.js';
import { route } from '../../http/endpoint-route.js';
import { createPairingToken, ownPairingToken } from './pairing.service.js';

const api = endpoints.bridge;

export const pairingRoutes =
  (deps: { pool: pg.Pool }): FastifyPluginAsync =>
  async (app) => {
    const statusOf = async (req: FastifyRequest, token: string) => {
      const row = await ownPairingToken(deps.pool, authOf(req).user.id, token);
      return {
        success: true as const,
        status: row.status,
        expires_at: row.expires_at.toISOString(),
        account_number: row.account_number_paired,
      };
    };

    route(app, api.createToken, async (req) => {
      const { token, expiresAt } = await createPairingToken(
        deps.pool,
        { userId: authOf(req).user.id, ip: req.ip },
        req.body?.label ?? 'manual',
      );
      return {
        success: true as const,
        token,
        expires_at: expiresAt.toISOString(),
        status: 'pending' as const,
      };
    });

    route(app, api.tokenStatus, async (req) => statusOf(req, req.params.token));

    route(app, api.tokenStatusByBody, async (req) => statusOf(req, req.body.token));
  };
