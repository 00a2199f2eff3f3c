import {
  ApiErrorSchema,
  BridgeTokenCreatedSchema,
  BridgeTokenParamsSchema,
  BridgeTokenStatusRequestSchema,
  BridgeTokenStatusSchema,
  CreateBridgeTokenSchema,
} from '@vortex/core';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type pg from 'pg';
import { authOf } from '../../http/authorize.js';
import { createPairingToken, ownPairingToken } from './pairing.service.js';

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
      const row = await ownPairingToken(deps.pool, authOf(req).user.id, token);
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
        const { token, expiresAt } = await createPairingToken(
          deps.pool,
          { userId: authOf(req).user.id, ip: req.ip },
          req.body?.label ?? 'manual',
        );
        return reply.code(201).send({
          success: true,
          token,
          expires_at: expiresAt.toISOString(),
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
