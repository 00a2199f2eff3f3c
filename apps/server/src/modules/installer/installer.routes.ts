import { endpointUrl, endpoints, mt5Messages } from '@vortex/core';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { authOf } from '../../http/authorize.js';
import { route } from '../../http/endpoint-route.js';
import { createInstaller, downloadInstaller, type InstallerDeps } from './installer.service.js';

const api = endpoints.installer;

/**
 * The installer zip: a fresh device key whose claim waits as pre_install until the agent's first
 * heartbeat (auto-claim). It is fetched once, within 15 minutes, by its unguessable id.
 */
export const installerRoutes =
  (deps: InstallerDeps): FastifyPluginAsync =>
  async (app) => {
    const sendZip = async (id: string, reply: FastifyReply) => {
      const zip = await downloadInstaller(deps.pool, id);
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', 'attachment; filename="VortexBridge.zip"')
        .header('cache-control', 'no-store')
        .send(zip);
    };

    route(app, api.create, async (req, reply) => {
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
        download_url: `${deps.publicApiUrl}${endpointUrl(api.download, { params: { id } })}`,
        download_id: id,
        device_id: claimId,
        file_size_mb: Math.round((size / (1024 * 1024)) * 100) / 100,
      };
    });

    route(app, api.download, async (req, reply) => sendZip(req.params.id, reply));

    route(app, api.downloadByBody, async (req, reply) => sendZip(req.body.id, reply));
  };
