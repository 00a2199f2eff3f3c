import {
  ApiErrorSchema,
  BridgeTokenCreatedSchema,
  BridgeTokenParamsSchema,
  BridgeTokenStatusRequestSchema,
  BridgeTokenStatusSchema,
  bridgeMessages,
  CreateBridgeTokenSchema,
} from '@vortex/core';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type pg from 'pg';
import { authOf } from '../../app/authorize.js';
import { HttpError } from '../../app/http-error.js';
import { hashToken, newToken } from '../../lib/tokens.js';
import { writeAudit } from '../audit/audit.repo.js';
import { findBridgeTokenByHash, insertBridgeToken } from './bridge-tokens.repo.js';

export const PAIRING_TOKEN_TTL_MS = 15 * 60 * 1000;
const tags = ['bridge'];
const errors = {
  400: ApiErrorSchema,
  401: ApiErrorSchema,
  403: ApiErrorSchema,
  404: ApiErrorSchema,
};

export const pairingRoutes =
  (deps: { pool: pg.Pool }): FastifyPluginAsyncZod =>
  async (app) => {
    const statusOf = async (req: FastifyRequest, token: string) => {
      const row = await findBridgeTokenByHash(deps.pool, hashToken(token));
      // Someone else's token is as unknown as a made-up one.
      if (!row || row.user_id !== authOf(req).user.id)
        throw new HttpError(404, bridgeMessages.tokenNotFound);
      return {
        success: true as const,
        status: row.status,
        expires_at: row.expires_at.toISOString(),
        account_number: row.account_number_paired,
      };
    };

    app.post(
      '/bridge/token/create',
      {
        config: { access: 'authenticated' },
        schema: {
          tags,
          summary: 'Gerar um token de pareamento',
          body: CreateBridgeTokenSchema.nullish(),
          response: { 201: BridgeTokenCreatedSchema, ...errors },
        },
      },
      async (req, reply) => {
        const user = authOf(req).user;
        const { token, hash } = newToken();
        const row = await insertBridgeToken(deps.pool, {
          hash,
          prefix: token.slice(0, 8),
          userId: user.id,
          label: req.body?.label ?? 'manual',
          expiresAt: new Date(Date.now() + PAIRING_TOKEN_TTL_MS),
        });
        await writeAudit(deps.pool, {
          actorUserId: user.id,
          action: 'bridge_token_created',
          targetUserId: user.id,
          ip: req.ip,
          meta: { token_id: row.id, label: row.label },
        });
        return reply.code(201).send({
          success: true,
          token,
          expires_at: row.expires_at.toISOString(),
          status: 'pending',
        });
      },
    );

    // The spec's paths, kept for its clients; the token in them is hidden from the request log.
    for (const url of ['/bridge/token/status/:token', '/api/bridge/token/status/:token']) {
      app.get(
        url,
        {
          config: { access: 'authenticated', secretParams: ['token'] },
          schema: {
            tags,
            summary: 'Estado de um token de pareamento (token no caminho)',
            params: BridgeTokenParamsSchema,
            response: { 200: BridgeTokenStatusSchema, ...errors },
          },
        },
        async (req) => statusOf(req, req.params.token),
      );
    }

    app.post(
      '/api/bridge/token/status',
      {
        config: { access: 'authenticated' },
        schema: {
          tags,
          summary: 'Estado de um token de pareamento (token no corpo)',
          body: BridgeTokenStatusRequestSchema,
          response: { 200: BridgeTokenStatusSchema, ...errors },
        },
      },
      async (req) => statusOf(req, req.body.token),
    );
  };
