import { z } from 'zod';
import { AgentRejectionSchema } from './admin.schema.js';

/** Live connections one user may hold at once (browser tabs); the health panel shows it. */
export const LIVE_CONNECTIONS_PER_USER = 10;

/** Health thresholds of the admin panel (trading.md §9): [warn above, danger above]. */
export const HEALTH_THRESHOLDS = {
  ws_users: [20, 50],
  ws_connections: [30, 60],
  active_sessions: [50, 100],
} as const;
export const HEALTH_HISTORY_SAMPLES = 50;

export const BridgeHealthSchema = z.object({
  success: z.literal(true),
  status: z.literal('ok'),
  /** Distinct users with a live browser channel open, and those channels. */
  ws_users: z.number(),
  ws_connections: z.number(),
  /** Agents connected to this server now, and bridge sessions active in the database. */
  agents_connected: z.number(),
  active_sessions: z.number(),
  rate_backend: z.enum(['memory', 'redis']),
  per_user_limit: z.number(),
  allowed_origins: z.array(z.string()),
  events_published: z.number(),
  /** What agents sent that was refused for good, in the last 24 h, and the newest of it. */
  rejections_24h: z.number(),
  recent_rejections: z.array(AgentRejectionSchema),
  server_time: z.string(),
});
export type BridgeHealth = z.infer<typeof BridgeHealthSchema>;

export const InstallerResponseSchema = z.object({
  success: z.literal(true),
  /** The spec's link, with the id in its path; the web app posts download_id instead. */
  download_url: z.string(),
  download_id: z.string(),
  device_id: z.string(),
  file_size_mb: z.number(),
});

/** Installers one user may generate per hour (each holds a fresh device key). */
export const INSTALLERS_PER_HOUR = 5;

const installerId = z.uuid({ error: 'Instalador não encontrado ou expirado.' });

export const InstallerDownloadParamsSchema = z.object({ id: installerId });

/** POST /api/bridge/installer/download: the id in the body, out of URLs and request logs. */
export const InstallerDownloadSchema = z.strictObject({ id: installerId });

export const mt5Messages = {
  // Spec (trading.md §8).
  notLoggedIn: 'Bridge acessível, mas MT5 não está logado',
  testFailed: 'Erro ao testar bridge',
  connectFailed: 'Erro ao conectar com o bridge MT5',
  disconnectFailed: 'Erro ao desconectar',
  // Ours.
  bridgeOffline: 'Bridge offline: inicie o agente Vórtex no computador do MT5.',
  bridgeConnected: (account: number, server: string) =>
    `Bridge conectada: conta ${account} em ${server}`,
  timeout: 'O agente não respondeu a tempo. Verifique o computador do MT5.',
  /** Redis, which carries commands between instances, is unreachable: no use waiting. */
  interServerDown: 'Agente indisponível: comunicação entre servidores interrompida',
  loginSent: 'Login enviado ao MT5.',
  disconnected: 'MT5 desconectado.',
  installerNotFound: 'Instalador não encontrado ou expirado.',
  installerLimit: (minutes: number) =>
    `Limite de ${INSTALLERS_PER_HOUR} instaladores por hora atingido. Tente novamente em ${minutes} ${minutes === 1 ? 'minuto' : 'minutos'}.`,
} as const;

const bridgeUrl = z.url({ error: 'URL da bridge inválida.' }).max(200).optional();

export const TestBridgeSchema = z.strictObject({ bridge_url: bridgeUrl }).nullish();
export const TestBridgeResponseSchema = z.object({
  success: z.boolean(),
  connected: z.boolean(),
  account: z.number().nullable(),
  server: z.string().nullable(),
  message: z.string(),
});

export const Mt5ConnectSchema = z.strictObject({
  login: z.coerce
    .number({ error: 'Informe o login da conta MT5.' })
    .int({ error: 'Informe o login da conta MT5.' })
    .positive({ error: 'Informe o login da conta MT5.' })
    .max(2 ** 53),
  password: z.string().min(1, 'Informe a senha da conta MT5.').max(128),
  server: z.string().trim().min(1, 'Informe o servidor MT5.').max(128),
  bridge_url: bridgeUrl,
});
export type Mt5Connect = z.infer<typeof Mt5ConnectSchema>;

export const Mt5CommandResponseSchema = z.object({
  success: z.boolean(),
  message: z.string(),
});
