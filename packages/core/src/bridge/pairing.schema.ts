import { z } from 'zod';

export const bridgeMessages = {
  tokenNotFound: 'Token não encontrado ou expirou.',
  tokenExpired: 'Token expirado.',
  // Ours.
  invalidToken: 'Token de pareamento inválido, expirado ou já utilizado.',
  invalidSession: 'Sessão da bridge inválida ou expirada. Gere um novo token de pareamento.',
  authFirst: 'A primeira mensagem deve ser de autenticação.',
  helloFirst: 'Envie hello com a conta MT5 antes dos dados de trading.',
  invalidMessage: 'Mensagem inválida',
  protocolUnsupported: 'Versão do protocolo da bridge não suportada. Atualize o agente.',
  accountBlocked: 'A conta do usuário não está ativa.',
  agentGone: 'A bridge desconectou antes de responder ao comando.',
  invalidDeviceKey: 'Chave do dispositivo desconhecida. Baixe o instalador novamente.',
  claimBlocked:
    'Esta bridge foi revogada ou está em conflito de conta. Peça ao administrador para resetá-la.',
  accountMismatch:
    'Esta bridge está vinculada a outra conta MT5. Peça ao administrador para resetá-la.',
} as const;

export const BRIDGE_TOKEN_STATUSES = ['pending', 'paired', 'expired', 'revoked'] as const;

export const CreateBridgeTokenSchema = z.strictObject({
  label: z.string().trim().min(1).max(40).default('manual'),
});

export const BridgeTokenCreatedSchema = z.object({
  success: z.literal(true),
  token: z.string(),
  expires_at: z.string(),
  status: z.literal('pending'),
});

const pairingToken = z.string().regex(/^[A-Za-z0-9_-]{43}$/, bridgeMessages.tokenNotFound);

/** The spec's path form; it puts the token in the URL, so the web app uses the body form. */
export const BridgeTokenParamsSchema = z.object({ token: pairingToken });

/** POST /api/bridge/token/status: the token in the body, out of URLs and request logs. */
export const BridgeTokenStatusRequestSchema = z.strictObject({ token: pairingToken });

export const BridgeTokenStatusSchema = z.object({
  success: z.literal(true),
  status: z.enum(BRIDGE_TOKEN_STATUSES),
  expires_at: z.string(),
  account_number: z.number().nullable(),
});
