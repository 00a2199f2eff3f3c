import { z } from 'zod';
import { MAX_ID } from '../api/id.schema.js';

// The trader's MT5 accounts and the one their trading screens read (issue 16): live ones come
// from the agent, imported ones from the terminal's own reports and never from an agent.

export const AccountKindSchema = z.enum(['live', 'imported']);
export type AccountKind = z.infer<typeof AccountKindSchema>;

export const AccountSummarySchema = z.object({
  id: z.number().int(),
  kind: AccountKindSchema,
  account_number: z.number().int(),
  server: z.string(),
  company: z.string(),
  currency: z.string(),
});
export type AccountSummary = z.infer<typeof AccountSummarySchema>;

/** GET /api/accounts: the caller's accounts and which one the screens read (null: none yet). */
export const AccountsResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({
    accounts: z.array(AccountSummarySchema),
    current_id: z.number().int().nullable(),
  }),
});
export type AccountsResponse = z.infer<typeof AccountsResponseSchema>;

/** PUT /api/accounts/current: one of the caller's own accounts. */
export const ChooseAccountRequestSchema = z.strictObject({
  account_id: z.number().int().positive().max(MAX_ID),
});
export type ChooseAccountRequest = z.infer<typeof ChooseAccountRequestSchema>;

/** What screens show instead of live state on an imported account. */
export const accountMessages = {
  imported: 'Conta importada (não conectada)',
  importedHint: 'Dados lidos de um relatório do MetaTrader 5; não há agente conectado a ela.',
  kindLabel: { live: 'Ao vivo', imported: 'Importada' } as Record<AccountKind, string>,
  notYours: 'Conta não encontrada.',
};

/** POST /api/reports/import: what was read and what was new. */
export const ReportImportResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({
    account: AccountSummarySchema,
    report_kind: z.enum(['history', 'tester']),
    source: z.enum(['html', 'xlsx']),
    deals: z.object({
      read: z.number().int(),
      new: z.number().int(),
      already_stored: z.number().int(),
    }),
    /** The report's orders, stored by ticket (a re-import replaces them with its copy). */
    orders: z.number().int(),
    /** Closed positions the account has after the import. */
    positions: z.number().int(),
  }),
});
export type ReportImportResponse = z.infer<typeof ReportImportResponseSchema>;

/** Up to 50 MB streamed (issue 16). */
export const REPORT_IMPORT_MAX_BYTES = 50 * 1024 * 1024;
export const REPORT_IMPORT_ACCEPT = '.htm,.html,.xlsx';

/** An import's id, chosen by the page so it can poll the import's progress while it runs. */
export const ImportIdSchema = z.string().regex(/^[A-Za-z0-9-]{8,64}$/);

/** GET /api/reports/import/progress: how much of the uploaded file the server has read. */
export const ImportProgressResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({
    phase: z.enum(['reading', 'storing', 'done', 'unknown']),
    bytes: z.number().int(),
    total: z.number().int(),
  }),
});
export type ImportProgressResponse = z.infer<typeof ImportProgressResponseSchema>;
