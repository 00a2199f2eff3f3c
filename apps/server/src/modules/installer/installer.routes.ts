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
import type pg from 'pg';
import { authOf } from '../../app/authorize.js';
import { HttpError } from '../../app/http-error.js';
import { inTransaction } from '../../lib/db-types.js';
import { hashToken, newToken } from '../../lib/tokens.js';
import { writeAudit } from '../audit/audit.repo.js';
import { insertClaim } from '../bridge/bridge-claims.repo.js';
import { buildInstallerZip, type InstallerFiles } from './installer-zip.js';
import { insertInstaller, takeInstaller, takeInstallerQuota } from './installer.repo.js';

const tags = ['bridge'];

/**
 * The installer zip: a fresh device key whose claim waits as pre_install until the agent's first
 * heartbeat (auto-claim). It is fetched once, within 15 minutes, by its unguessable id.
 */
export const installerRoutes =
  (deps: { pool: pg.Pool; files: InstallerFiles; publicApiUrl: string }): FastifyPluginAsyncZod =>
  async (app) => {
    const sendZip = async (id: string, reply: FastifyReply) => {
      const zip = await takeInstaller(deps.pool, id);
      if (!zip) throw new HttpError(404, mt5Messages.installerNotFound);
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
        const user = authOf(req).user;
        const base = deps.publicApiUrl;
        const device = newToken();
        const made = await inTransaction(deps.pool, async (tx) => {
          const limited = await takeInstallerQuota(tx, user.id);
          if (limited) return limited;
          const claim = await insertClaim(tx, {
            userId: user.id,
            tokenPrefix: device.token.slice(0, 8),
            status: 'pre_install',
            deviceKeyHash: hashToken(device.token),
          });
          const zip = await buildInstallerZip(deps.files, {
            serverUrl: base,
            deviceKey: device.token,
            deviceId: claim,
          });
          const installer = await insertInstaller(tx, { userId: user.id, claimId: claim, zip });
          return { id: installer, size: zip.length, claimId: claim };
        });
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
        await writeAudit(deps.pool, {
          actorUserId: user.id,
          action: 'bridge_installer_created',
          targetUserId: user.id,
          ip: req.ip,
          meta: { claim_id: claimId },
        });
        return {
          success: true as const,
          download_url: `${base}/api/bridge/installer/download/${id}`,
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
