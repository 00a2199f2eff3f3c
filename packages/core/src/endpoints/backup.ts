import { z } from 'zod';
import {
  BackupConfigResponseSchema,
  BackupConfigUpdateSchema,
  BackupFilenameParamsSchema,
  BackupItemSchema,
  BackupListResponseSchema,
  BackupRunBodySchema,
  BackupRunResponseSchema,
  BackupStatsResponseSchema,
} from '../backup/backup.schema.js';
import { defineEndpoint } from './define-endpoint.js';

const tags = ['backup'];
const admins = ['admin'] as const;

/** A backup that ran and failed is a 200 too: the item says what went wrong. */
const BackupRunFailedSchema = z.object({
  success: z.literal(false),
  error: z.string(),
  data: BackupItemSchema.nullable(),
});

/** trading.md §7: the backup manager's calls, every one for administrators only. */
export const backupEndpoints = {
  config: defineEndpoint({
    method: 'GET',
    path: '/api/backup/config',
    access: admins,
    tags,
    summary: 'Configuração de backup',
    response: BackupConfigResponseSchema,
  }),
  saveConfig: defineEndpoint({
    method: 'PUT',
    path: '/api/backup/config',
    access: admins,
    tags,
    summary: 'Salva a configuração de backup (a pasta é a do servidor e não muda)',
    body: BackupConfigUpdateSchema,
    response: BackupConfigResponseSchema,
  }),
  list: defineEndpoint({
    method: 'GET',
    path: '/api/backup/list',
    access: admins,
    tags,
    summary: 'Backups, do mais recente ao mais antigo',
    response: BackupListResponseSchema,
  }),
  stats: defineEndpoint({
    method: 'GET',
    path: '/api/backup/stats',
    access: admins,
    tags,
    summary: 'Totais, progresso, último e próximo backup',
    response: BackupStatsResponseSchema,
  }),
  run: defineEndpoint({
    method: 'POST',
    path: '/api/backup/run',
    access: admins,
    tags,
    summary: 'Executa um backup agora: dump, verificação por restauração e retenção',
    body: BackupRunBodySchema,
    response: z.union([BackupRunResponseSchema, BackupRunFailedSchema]),
    // 409: another backup is running.
    errors: [400, 401, 403, 409],
  }),
  /** The .sql or .sql.gz file itself, only for names the server listed. */
  download: defineEndpoint({
    method: 'GET',
    path: '/api/backup/download/:filename',
    access: admins,
    tags,
    summary: 'Baixa um backup listado (somente nomes que o servidor listou)',
    params: BackupFilenameParamsSchema,
    response: z.any(),
    produces: 'application/octet-stream',
    errors: [400, 401, 403, 404],
  }),
};
