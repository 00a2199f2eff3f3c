import { backupMessages as msg, endpoints } from '@vortex/core';
import type { FastifyPluginAsync } from 'fastify';
import { createReadStream } from 'node:fs';
import { route } from '../../http/endpoint-route.js';
import { HttpError } from '../../http/http-error.js';
import type { BackupService } from './backup.service.js';

const api = endpoints.backup;

/** trading.md §7: the backup manager's calls, every one for administrators only. */
export const backupRoutes =
  (backups: BackupService): FastifyPluginAsync =>
  async (app) => {
    route(app, api.config, async () => ({ success: true as const, data: await backups.config() }));

    route(app, api.saveConfig, async (req) => {
      const { local_backup_path: _ignored, ...settings } = req.body;
      return { success: true as const, data: await backups.saveConfig(settings) };
    });

    route(app, api.list, async () => ({ success: true as const, data: await backups.list() }));

    route(app, api.stats, async () => ({ success: true as const, data: await backups.stats() }));

    route(app, api.run, async () => {
      const item = await backups.run('manual');
      if (item?.status === 'success')
        return { success: true as const, data: item, message: msg.ran };
      return { success: false as const, error: item?.error ?? msg.runError, data: item };
    });

    route(app, api.download, async (req, reply) => {
      const found = await backups.fileOf(req.params.filename);
      if (!found) throw new HttpError(404, msg.notFound);
      const gz = req.params.filename.endsWith('.gz');
      return reply
        .header('content-type', gz ? 'application/gzip' : 'application/sql; charset=utf-8')
        .header('content-length', found.size)
        .header('content-disposition', `attachment; filename="${req.params.filename}"`)
        .send(createReadStream(found.file));
    });
  };
