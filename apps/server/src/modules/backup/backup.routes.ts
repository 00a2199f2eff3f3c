import {
  ApiErrorSchema,
  BackupConfigResponseSchema,
  BackupConfigUpdateSchema,
  BackupFilenameParamsSchema,
  BackupItemSchema,
  BackupListResponseSchema,
  BackupRunBodySchema,
  BackupRunResponseSchema,
  BackupStatsResponseSchema,
  backupMessages as msg,
} from '@vortex/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createReadStream } from 'node:fs';
import { z } from 'zod';
import { HttpError } from '../../http/http-error.js';
import type { BackupService } from './backup.service.js';

const tags = ['backup'];
const admins = { access: ['admin'] as const };
const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 403: ApiErrorSchema };
const RunFailedSchema = z.object({
  success: z.literal(false),
  error: z.string(),
  data: BackupItemSchema.nullable(),
});

/** trading.md §7: the backup manager's calls, every one for administrators only. */
export const backupRoutes =
  (backups: BackupService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/backup/config',
      {
        config: admins,
        schema: {
          tags,
          summary: 'Configuração de backup',
          response: { 200: BackupConfigResponseSchema, ...errors },
        },
      },
      async () => ({ success: true as const, data: await backups.config() }),
    );

    app.put(
      '/api/backup/config',
      {
        config: admins,
        schema: {
          tags,
          summary: 'Salva a configuração de backup (a pasta é a do servidor e não muda)',
          body: BackupConfigUpdateSchema,
          response: { 200: BackupConfigResponseSchema, ...errors },
        },
      },
      async (req) => {
        const { local_backup_path: _ignored, ...settings } = req.body;
        return { success: true as const, data: await backups.saveConfig(settings) };
      },
    );

    app.get(
      '/api/backup/list',
      {
        config: admins,
        schema: {
          tags,
          summary: 'Backups, do mais recente ao mais antigo',
          response: { 200: BackupListResponseSchema, ...errors },
        },
      },
      async () => ({ success: true as const, data: await backups.list() }),
    );

    app.get(
      '/api/backup/stats',
      {
        config: admins,
        schema: {
          tags,
          summary: 'Totais, progresso, último e próximo backup',
          response: { 200: BackupStatsResponseSchema, ...errors },
        },
      },
      async () => ({ success: true as const, data: await backups.stats() }),
    );

    app.post(
      '/api/backup/run',
      {
        config: admins,
        schema: {
          tags,
          summary: 'Executa um backup agora: dump, verificação por restauração e retenção',
          body: BackupRunBodySchema,
          response: {
            200: z.union([BackupRunResponseSchema, RunFailedSchema]),
            409: ApiErrorSchema,
            ...errors,
          },
        },
      },
      async () => {
        const item = await backups.run('manual');
        if (item?.status === 'success')
          return { success: true as const, data: item, message: msg.ran };
        return { success: false as const, error: item?.error ?? msg.runError, data: item };
      },
    );

    app.get(
      '/api/backup/download/:filename',
      {
        config: admins,
        schema: {
          tags,
          summary: 'Baixa um backup listado (somente nomes que o servidor listou)',
          params: BackupFilenameParamsSchema,
          response: { 200: z.any(), 404: ApiErrorSchema, ...errors },
        },
      },
      async (req, reply) => {
        const found = await backups.fileOf(req.params.filename);
        if (!found) throw new HttpError(404, msg.notFound);
        const gz = req.params.filename.endsWith('.gz');
        return reply
          .header('content-type', gz ? 'application/gzip' : 'application/sql; charset=utf-8')
          .header('content-length', found.size)
          .header('content-disposition', `attachment; filename="${req.params.filename}"`)
          .send(createReadStream(found.file));
      },
    );
  };
