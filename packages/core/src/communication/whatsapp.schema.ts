import { z } from 'zod';
import type { BotToday } from '../bot/control.schema.js';
import { formatBRL } from '../format/index.js';

/** Where the WhatsApp link stands: no socket, dialling, showing a QR, linked. */
export const WHATSAPP_LINK_STATES = ['idle', 'connecting', 'waiting_qr', 'connected'] as const;
export type WhatsAppLinkState = (typeof WHATSAPP_LINK_STATES)[number];

/** GET /alerts/whatsapp/status (access-and-admin.md §3, §7): baileys_available, data.connected. */
export const WhatsAppStatusResponseSchema = z.object({
  success: z.literal(true),
  /** Whether the local messaging service (Baileys) is there to link a device. */
  baileys_available: z.boolean(),
  data: z.object({
    connected: z.boolean(),
    state: z.enum(WHATSAPP_LINK_STATES),
    /** The linked phone, digits with country code, once connected. */
    phone: z.string().nullable(),
  }),
});
export type WhatsAppStatusResponse = z.infer<typeof WhatsAppStatusResponseSchema>;

/**
 * GET /alerts/whatsapp/qr: data.qr is the pairing QR drawn by the server (a 220x220 PNG data
 * URL), or null while there is none yet (or once linked), with the pt-BR reason in message.
 */
export const WhatsAppQrResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({
    qr: z.string().nullable(),
    connected: z.boolean(),
    message: z.string(),
  }),
});
export type WhatsAppQrResponse = z.infer<typeof WhatsAppQrResponseSchema>;

/** POST /alerts/whatsapp/disconnect takes no body (an empty object or nothing at all). */
export const WhatsAppDisconnectRequestSchema = z
  .strictObject({}, { error: 'Esta ação não recebe dados.' })
  .nullish();

export const WhatsAppDisconnectResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
});
export type WhatsAppDisconnectResponse = z.infer<typeof WhatsAppDisconnectResponseSchema>;

/** The QR image's side in pixels (access-and-admin.md §9). */
export const WHATSAPP_QR_SIZE = 220;

/** The bot's state as told by WhatsApp to a trader who sent 'status'. */
export interface WhatsAppBotStatus {
  bot_active: boolean;
  paused: boolean;
  entries_paused: boolean;
  error: string | null;
  today: BotToday;
}

function botStatusText(s: WhatsAppBotStatus): string {
  const state = !s.bot_active
    ? 'parado'
    : s.paused
      ? 'ativo, aguardando o MT5'
      : s.entries_paused
        ? 'ativo, com entradas pausadas'
        : 'ativo';
  const t = s.today;
  const lines = [
    `Vórtex: bot ${state}.`,
    `Hoje: ${t.trades} operações (${t.winners} vencedoras, ${t.losers} perdedoras, ${t.canceled} canceladas).`,
  ];
  if (t.winners > 0) lines.push(`Ganho médio: ${formatBRL(t.average_win)}.`);
  if (t.losers > 0) lines.push(`Perda média: ${formatBRL(t.average_loss)}.`);
  if (s.error) lines.push(`Último erro: ${s.error}`);
  return lines.join('\n');
}

/** pt-BR texts of the WhatsApp link and of the commands traders send by WhatsApp. */
export const whatsappLinkMessages = {
  unavailable: 'Serviço local de WhatsApp indisponível neste servidor.',
  waitingQr: 'Aguardando QR Code...',
  scanQr: 'Escaneie o QR Code com o WhatsApp do celular.',
  connected: 'WhatsApp conectado.',
  disconnected: 'WhatsApp desconectado.',
  invalidPhone: 'Telefone inválido para WhatsApp: informe DDD e número, com o código do país.',
  sendFailed: 'Falha ao enviar a mensagem pelo WhatsApp. Tente novamente.',
  botStatus: botStatusText,
  help: 'Vórtex: envie "status" para ver o estado do bot ou "parar" para parar o bot.',
  commandFailed: 'Vórtex: não foi possível executar o comando agora. Tente novamente.',
} as const;
