import {
  ApiErrorSchema,
  InstallerDownloadParamsSchema,
  InstallerResponseSchema,
  mt5Messages,
} from '@vortex/core';
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
import { insertInstaller, takeInstaller } from './installer.repo.js';

const tags = ['bridge'];

/**
 * The installer zip: a fresh device key whose claim waits as pre_install until the agent's first
 * heartbeat (auto-claim). The browser is sent to a single-use, 15-minute download link.
 */
export const installerRoutes =
  (deps: {
    pool: pg.Pool;
    files: InstallerFiles;
    publicApiUrl: string | undefined;
  }): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/bridge/installer/iot/zip',
      {
        config: { access: ['admin', 'user', 'trader'] },
        schema: {
          tags,
          summary: 'Gera o instalador da bridge com a chave deste dispositivo',
          response: {
            200: InstallerResponseSchema,
            401: ApiErrorSchema,
            403: ApiErrorSchema,
          },
        },
      },
      async (req) => {
        const user = authOf(req).user;
        const base = deps.publicApiUrl ?? `${req.protocol}://${req.host}`;
        const device = newToken();
        const { id, size, claimId } = await inTransaction(deps.pool, async (tx) => {
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
          device_id: claimId,
          file_size_mb: Math.round((size / (1024 * 1024)) * 100) / 100,
        };
      },
    );

    app.get(
      '/api/bridge/installer/download/:id',
      {
        // The unguessable, single-use id is the credential: a browser navigation sends no token.
        config: { access: 'public' },
        schema: {
          tags,
          summary: 'Baixa o instalador (uma vez, em até 15 minutos)',
          params: InstallerDownloadParamsSchema,
          response: { 200: z.any(), 400: ApiErrorSchema, 404: ApiErrorSchema },
        },
      },
      async (req, reply) => {
        const zip = await takeInstaller(deps.pool, req.params.id);
        if (!zip) throw new HttpError(404, mt5Messages.installerNotFound);
        return reply
          .header('content-type', 'application/zip')
          .header('content-disposition', 'attachment; filename="VortexBridge.zip"')
          .header('cache-control', 'no-store')
          .send(zip);
      },
    );
  };
