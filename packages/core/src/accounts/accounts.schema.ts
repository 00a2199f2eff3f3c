import { z } from 'zod';
import { MAX_ID } from '../api/id.schema.js';

// The trader's MT5 accounts and the one their trading screens read (issues 16 and 26): one
// account per login and server, whatever fed it. 'live' once an agent has said hello for it (imports
// may have fed it too); 'imported' while only the terminal's reports fed it.

export const AccountKindSchema = z.enum(['live', 'imported']);
export type AccountKind = z.infer<typeof AccountKindSchema>;

/** A report's file name as the page sends it: the name only, as the trader's disk spelled it. */
export const ImportFileNameSchema = z
  .string()
  .trim()
  .min(1)
  .max(255)
  .refine((name) => !/[/\\]|\p{Cc}/u.test(name), 'Nome de arquivo inválido.');

/** The latest import into the account: when, from which file, and the period of its deals. */
export const AccountImportSchema = z.object({
  at: z.string(),
  file_name: z.string().nullable(),
  /** The first and last deal the import read (epoch ms, as deals' time_msc); null: none. */
  from: z.number().int().nullable(),
  to: z.number().int().nullable(),
});
export type AccountImport = z.infer<typeof AccountImportSchema>;

export const AccountSummarySchema = z.object({
  id: z.number().int(),
  kind: AccountKindSchema,
  account_number: z.number().int(),
  server: z.string(),
  company: z.string(),
  currency: z.string(),
  /** When the agent last said hello for it; null: no agent ever did (nothing live to show). */
  last_hello_at: z.string().nullable(),
  last_import: AccountImportSchema.nullable(),
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
  /** A Strategy Tester report's account: its server is '<this>: expert · symbol · period · inputs'. */
  testerServer: 'Testador de Estratégia',
  testerShort: 'Testador',
  /** Where an account's data came from (dates already written as pt-BR reads them). */
  importedFrom: (fileName: string | null, at: string) =>
    fileName ? `Importada de ${fileName} em ${at}` : `Importada em ${at}`,
  dataPeriod: (from: string, to: string) => `dados de ${from} a ${to}`,
  emptyImported: 'Nenhuma operação fechada desta conta no período escolhido.',
};

/**
 * A Strategy Tester report's account: number 0 and a server named '<testerServer>: …'. Its money
 * is a simulation, so no total of real accounts counts it.
 */
export function isTesterAccount(a: { account_number: number; server: string }): boolean {
  return a.account_number === 0 && a.server.startsWith(`${accountMessages.testerServer}: `);
}

const count = new Intl.NumberFormat('pt-BR');

/** What an import added to its account, deals kept once by ticket (issue 26). */
export const importSummaryMessages = {
  deals: (existing: number, added: number): string => {
    const n = count.format(added);
    if (existing === 0) return added === 1 ? '1 deal novo' : `${n} deals novos`;
    const kept =
      existing === 1 ? '1 deal já existia' : `${count.format(existing)} deals já existiam`;
    return `${kept}; ${added === 0 ? 'nenhum novo' : added === 1 ? '1 novo' : `${n} novos`}`;
  },
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
    /** Whether the report went into an account that existed before (live or imported). */
    merged: z.boolean(),
    /** What the import added, as the trader reads it ('312 deals já existiam; 4 novos'). */
    summary: z.string(),
    /** The report's orders, stored by ticket (a re-import replaces them with its copy). */
    orders: z.number().int(),
    /** Closed positions the account has after the import. */
    positions: z.number().int(),
  }),
});
export type ReportImportResponse = z.infer<typeof ReportImportResponseSchema>;

/**
 * Up to 400 MB streamed (issue 16): the terminal's UTF-16 HTML of 200,000 deals is ~347 MB, and
 * the import reads it in bounded memory (issue 26).
 */
export const REPORT_IMPORT_MAX_BYTES = 400 * 1024 * 1024;
export const REPORT_IMPORT_ACCEPT = '.htm,.html,.xlsx';

/** An import's id, chosen by the page so it can poll the import's progress while it runs. */
export const ImportIdSchema = z.string().regex(/^[A-Za-z0-9-]{8,64}$/);

/** GET /api/reports/import/progress: how far the server is with the uploaded file. */
export const ImportProgressResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({
    phase: z.enum(['reading', 'storing', 'done', 'unknown']),
    bytes: z.number().int(),
    total: z.number().int(),
    /** 0–100, never backwards: reading the file, then storing its rows; null: unknown import. */
    percent: z.number().int().min(0).max(100).nullable(),
  }),
});
export type ImportProgressResponse = z.infer<typeof ImportProgressResponseSchema>;
