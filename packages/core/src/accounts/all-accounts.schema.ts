import { z } from 'zod';
import { BalanceBasisSchema } from '../trading/api.schema.js';
import { AccountSummarySchema } from './accounts.schema.js';

// 'Todas as contas' (issue 26, one account is one account): every MT5 account of the trader,
// each with the figures Estatísticas gives it for the period, and the accounts of one currency
// summed; never a sum across currencies.

/** An ISO 4217-like code as MT5 reports it ('BRL', 'USD', a broker's 'USDT'). */
export const AccountCurrencyQuerySchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9]{2,10}$/, 'Moeda inválida.')
  .transform((code) => code.toUpperCase());

/** GET /api/accounts/all: a 'De / Até' (as /dashboard/stats reads it) and the currency summed. */
export const AllAccountsQuerySchema = z.strictObject({
  /** The period's first day or instant; absent: the history's beginning ('Todo o histórico'). */
  start: z.string().trim().min(1).max(40).optional(),
  /** Its last day (included whole) or instant; absent: now. */
  end: z.string().trim().min(1).max(40).optional(),
  /** The accounts summed; absent: the current account's currency. */
  currency: AccountCurrencyQuerySchema.optional(),
});
export type AllAccountsQuery = z.input<typeof AllAccountsQuerySchema>;

/** One account's figures over the period, as Estatísticas computes them for it. */
export const AccountPeriodFiguresSchema = z.object({
  /** The balance when the period ends (Estatísticas' 'Saldo'). */
  balance: z.number(),
  /** Whether that balance is the account's own or the 10 000 estimate (spec §9). */
  balance_basis: BalanceBasisSchema.shape.source,
  /** Net of commission, fee and swap; balance operations are no profit. */
  net_profit: z.number(),
  /** Balance deals (MT5 type 2) in the period: money put in (> 0) and taken out (< 0). */
  deposits: z.number(),
  withdrawals: z.number(),
  /** Commission and DEAL_FEE of the period's trades (<= 0, as the statement writes them). */
  fees: z.number(),
  total_trades: z.number().int(),
  winning_trades: z.number().int(),
  /** Percent, 0–100. */
  win_rate: z.number(),
  max_drawdown: z.number(),
  max_drawdown_percent: z.number(),
});
export type AccountPeriodFigures = z.infer<typeof AccountPeriodFiguresSchema>;

export const AllAccountsEntrySchema = AccountSummarySchema.extend({
  margin_mode: z.string(),
  /** When the account's stored deals begin and end (epoch ms); null: no deals. */
  first_deal_at: z.number().nullable(),
  last_deal_at: z.number().nullable(),
  figures: AccountPeriodFiguresSchema,
});
export type AllAccountsEntry = z.infer<typeof AllAccountsEntrySchema>;

/** The chosen currency's balance at the end of each São Paulo day of the period. */
export const CombinedCurvePointSchema = z.object({ date: z.string(), balance: z.number() });

export const AllAccountsResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({
    /** The period read (epoch ms, both ends included). */
    from: z.number(),
    to: z.number(),
    current_id: z.number().int().nullable(),
    /** Every currency the trader's accounts are in, sorted. */
    currencies: z.array(z.string()),
    /** The currency summed; null without accounts. */
    currency: z.string().nullable(),
    accounts: z.array(AllAccountsEntrySchema),
    /**
     * The accounts of `currency` summed: money figures added, win rate over all their trades,
     * drawdown of their summed balance. null without accounts in it.
     */
    total: AccountPeriodFiguresSchema.extend({ accounts: z.number().int() }).nullable(),
    curve: z.array(CombinedCurvePointSchema),
  }),
});
export type AllAccountsResponse = z.infer<typeof AllAccountsResponseSchema>;
export type AllAccountsData = AllAccountsResponse['data'];

/** The server's words of this view. */
export const allAccountsMessages = {
  unknownCurrency: 'Nenhuma conta sua está nessa moeda.',
};
