import {
  ApiErrorSchema,
  InstallerDownloadParamsSchema,
  InstallerDownloadSchema,
  InstallerResponseSchema,
  mt5Messages,
} from '@vortex/core';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authOf } from '../../http/authorize.js';
import { createInstaller, downloadInstaller, type InstallerDeps } from './installer.service.js';

const tags = ['bridge'];

/**
 * The installer zip: a fresh device key whose claim waits as pre_install until the agent's first
 * heartbeat (auto-claim). It is fetched once, within 15 minutes, by its unguessable id.
 */
export const installerRoutes =
  (deps: InstallerDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const sendZip = async (id: string, reply: FastifyReply) => {
      const zip = await downloadInstaller(deps.pool, id);
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', 'attachment; filename="VortexBridge.zip"')
        .header('cache-control', 'no-store')
        .send(zip);
    };

    app.get(
      '/api/bridge/installer/iot/zip',
      {
        // Onboarding's first step for every non-admin, viewers included, like /bridge/token/create.
        config: { access: 'authenticated' },
        schema: {
          tags,
          summary: 'Gera o instalador da bridge com a chave deste dispositivo',
          response: {
            200: InstallerResponseSchema,
            401: ApiErrorSchema,
            403: ApiErrorSchema,
            429: ApiErrorSchema,
          },
        },
      },
      async (req, reply) => {
        const made = await createInstaller(deps, { userId: authOf(req).user.id, ip: req.ip });
        if ('retryAfterS' in made) {
          return reply
            .code(429)
            .header('retry-after', String(made.retryAfterS))
            .send({
              success: false,
              error: mt5Messages.installerLimit(Math.ceil(made.retryAfterS / 60)),
            });
        }
        const { id, size, claimId } = made;
        return {
          success: true as const,
          download_url: `${deps.publicApiUrl}/api/bridge/installer/download/${id}`,
          download_id: id,
          device_id: claimId,
          file_size_mb: Math.round((size / (1024 * 1024)) * 100) / 100,
        };
      },
    );

    // The unguessable, single-use id is the credential: a browser navigation sends no token.
    app.get(
      '/api/bridge/installer/download/:id',
      {
        config: { access: 'public', secretParams: ['id'] },
        schema: {
          tags,
          summary: 'Baixa o instalador (uma vez, em até 15 minutos); o id fica no caminho',
          params: InstallerDownloadParamsSchema,
          response: { 200: z.any(), 400: ApiErrorSchema, 404: ApiErrorSchema },
        },
      },
      async (req, reply) => sendZip(req.params.id, reply),
    );

    app.post(
      '/api/bridge/installer/download',
      {
        config: { access: 'public' },
        schema: {
          tags,
          summary: 'Baixa o instalador (uma vez, em até 15 minutos); o id vai no corpo',
          body: InstallerDownloadSchema,
          response: { 200: z.any(), 400: ApiErrorSchema, 404: ApiErrorSchema },
        },
      },
      async (req, reply) => sendZip(req.body.id, reply),
    );
  };
