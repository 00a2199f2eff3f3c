import { z } from 'zod';
import { IdSchema } from '../api/id.schema.js';
import { ClaimSchema } from './status.schema.js';

export const bridgeAdminMessages = {
  claimRevoked: 'Claim revogado',
  claimReset: 'Claim resetado',
  tokenRevoked: 'Token revogado',
  sessionRevoked: (id: number) => `Sessão do usuário ${id} revogada`,
  sessionEnded: 'Sessão encerrada',
  claimNotFound: 'Claim não encontrado.',
  claimNotResettable: 'Só é possível resetar um claim em mismatch ou revogado.',
  tokenNotPending: 'Só tokens pendentes podem ser revogados.',
} as const;

const id = IdSchema;

export const ClaimStatusQuerySchema = z.object({
  status: z.enum(['active', 'mismatch', 'revoked', 'pre_install']).optional(),
});
export const TokenStatusQuerySchema = z.object({
  status: z.enum(['pending', 'paired', 'expired', 'revoked']).optional(),
});
export const SessionsQuerySchema = z.object({ user_id: id.optional() });
export const ClaimIdParamsSchema = z.object({ id: z.uuid({ error: 'Claim não encontrado.' }) });
export const TokenIdParamsSchema = z.object({
  tokenId: z.uuid({ error: 'Token não encontrado.' }),
});
export const UserIdParamSchema = z.object({ userId: id });
export const CleanupSchema = z.strictObject({ user_id: id.optional() }).nullish();

export const AdminClaimSchema = ClaimSchema.extend({ username: z.string() });
export const AdminClaimsResponseSchema = z.object({
  success: z.literal(true),
  items: z.array(AdminClaimSchema),
});

export const BridgeSessionSchema = z.object({
  id: z.number(),
  user_id: z.number(),
  username: z.string(),
  account_number: z.number().nullable(),
  server: z.string().nullable(),
  status: z.enum(['active', 'revoked', 'terminated', 'expired']),
  ttl_seconds: z.number(),
  expires_at: z.string(),
  last_ping: z.string().nullable(),
  client_version: z.string().nullable(),
});
export const BridgeSessionsResponseSchema = z.object({
  success: z.literal(true),
  items: z.array(BridgeSessionSchema),
});

export const AdminTokenSchema = z.object({
  id: z.string(),
  user_id: z.number(),
  username: z.string(),
  status: z.enum(['pending', 'paired', 'expired', 'revoked']),
  label: z.string(),
  created_at: z.string(),
  expires_at: z.string(),
  used_at: z.string().nullable(),
  account_number_paired: z.number().nullable(),
});
export const AdminTokensResponseSchema = z.object({
  success: z.literal(true),
  items: z.array(AdminTokenSchema),
});

export const CleanupResponseSchema = z.object({
  success: z.literal(true),
  sessions_revoked: z.number(),
  tokens_revoked: z.number(),
  tokens_purged: z.number(),
});

export const AUDIT_PAGE_SIZES = [25, 50, 100] as const;

export const AuditSearchQuerySchema = z.object({
  user_id: id.optional(),
  event_type: z.string().trim().min(1).max(64).optional(),
  from: z.iso.datetime({ offset: true, local: true, error: 'Data inicial inválida.' }).optional(),
  to: z.iso.datetime({ offset: true, local: true, error: 'Data final inválida.' }).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  page_size: z.coerce
    .number()
    .refine(
      (n) => (AUDIT_PAGE_SIZES as readonly number[]).includes(n),
      'Tamanho de página: 25, 50 ou 100.',
    )
    .default(50),
});

export const AuditItemSchema = z.object({
  id: z.number(),
  user_id: z.number().nullable(),
  actor_user_id: z.number().nullable(),
  event_type: z.string(),
  created_at: z.string(),
  meta_json: z.string(),
});
export const AuditSearchResponseSchema = z.object({
  success: z.literal(true),
  items: z.array(AuditItemSchema),
  total: z.number(),
  page: z.number(),
  page_size: z.number(),
});

/**
 * What an agent sent and the server refused for good: one deal of a batch, a whole batch, or
 * (moved there by migration 0018) a stored snapshot row outside the agent contract's bounds.
 */
export const AGENT_REJECTION_KINDS = [
  'deal',
  'batch',
  'account',
  'position',
  'order',
  'bar',
] as const;
export type AgentRejectionKind = (typeof AGENT_REJECTION_KINDS)[number];

/** How many of the newest rejections the health panel lists. */
export const RECENT_REJECTIONS_SHOWN = 10;

export const AgentRejectionSchema = z.object({
  user_id: z.number(),
  username: z.string(),
  account_number: z.number().nullable(),
  kind: z.enum(AGENT_REJECTION_KINDS),
  batch_id: z.string().nullable(),
  ticket: z.number().nullable(),
  reason: z.string(),
  created_at: z.string(),
});
export type AgentRejection = z.infer<typeof AgentRejectionSchema>;
