import { z } from 'zod';
import { taxMessages as m } from './messages.js';
import { MAX_COST_PER_CONTRACT } from './tax-rules.js';

const cents = z.number().int();

/** ?year=2026 of the year's months and of the annual CSV. */
export const TaxYearQuerySchema = z.object({
  year: z.coerce
    .number({ error: m.yearInvalid })
    .int(m.yearInvalid)
    .min(2000, m.yearInvalid)
    .max(2100, m.yearInvalid),
});

/** /api/taxes/months/:month and /api/taxes/darf/:month. */
export const TaxMonthParamsSchema = z.object({
  month: z.string({ error: m.monthInvalid }).regex(/^\d{4}-(0[1-9]|1[0-2])$/, m.monthInvalid),
});

export const KindMonthSchema = z.object({
  gross_cents: cents,
  costs_cents: cents,
  result_cents: cents,
  operations: z.number().int(),
  loss_before_cents: cents,
  base_cents: cents,
  loss_after_cents: cents,
  rate: z.number(),
  tax_cents: cents,
});

export const IrrfFlowSchema = z.object({
  month_cents: cents,
  before_cents: cents,
  deducted_cents: cents,
  after_cents: cents,
});

/** A DARF marked paid: when, by whom, and the amount it had then. */
export const DarfPaymentSchema = z.object({
  paid_at: z.string(),
  amount_cents: cents,
});
export type DarfPayment = z.infer<typeof DarfPaymentSchema>;

export const TaxMonthSchema = z.object({
  month: z.string(),
  day_trade: KindMonthSchema,
  swing: KindMonthSchema,
  tax_cents: cents,
  irrf_day_trade: IrrfFlowSchema,
  irrf_swing: IrrfFlowSchema,
  tax_after_irrf_cents: cents,
  darf_carried_in_cents: cents,
  darf_cents: cents,
  darf_status: z.enum(['in_progress', 'none', 'below_minimum', 'due']),
  due_date: z.string(),
  paid: DarfPaymentSchema.nullable(),
});
export type TaxMonthRow = z.infer<typeof TaxMonthSchema>;

export const TaxSettingsSchema = z.strictObject({
  cost_per_contract_side: z
    .number({ error: m.costInvalid })
    .min(0, m.costInvalid)
    .max(MAX_COST_PER_CONTRACT, m.costInvalid)
    .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, m.costInvalid),
  darf_reminder: z.boolean({ error: m.reminderInvalid }),
});
export type TaxSettings = z.infer<typeof TaxSettingsSchema>;

/** GET /api/taxes?year=: the year's months with the carries from earlier years. */
export const TaxYearResponseSchema = z.object({
  success: z.literal(true),
  year: z.number().int(),
  /** Years with closed operations, and the current one, for the year picker. */
  years: z.array(z.number().int()),
  /** 'YYYY-MM-DD' in São Paulo, the day the months were computed for. */
  today: z.string(),
  months: z.array(TaxMonthSchema),
  settings: TaxSettingsSchema,
  /**
   * 'real': the user's real accounts; 'demo': they have only demo accounts, computed as a
   * simulation that owes nothing; 'none': no account yet.
   */
  basis: z.enum(['real', 'demo', 'none']),
});
export type TaxYearResponse = z.infer<typeof TaxYearResponseSchema>;

export const TaxOperationSchema = z.object({
  account_id: z.string(),
  position_id: z.string().nullable(),
  symbol: z.string(),
  side: z.enum(['BUY', 'SELL']).nullable(),
  volume: z.number(),
  open_time: z.number().nullable(),
  close_time: z.number(),
  close_ticket: z.string(),
  day: z.string(),
  kind: z.enum(['day_trade', 'swing']),
  gross_cents: cents,
  costs_cents: cents,
  result_cents: cents,
});

const KindTotalsSchema = z.object({
  gross_cents: cents,
  costs_cents: cents,
  result_cents: cents,
  operations: z.number().int(),
});

export const TaxDaySchema = z.object({
  day: z.string(),
  day_trade: KindTotalsSchema,
  swing: KindTotalsSchema,
  irrf_day_trade_cents: cents,
  irrf_swing_cents: cents,
  operations: z.array(TaxOperationSchema),
});

/** GET /api/taxes/months/:month: one month's row and its operations by day. */
export const TaxMonthDetailResponseSchema = z.object({
  success: z.literal(true),
  month: TaxMonthSchema,
  days: z.array(TaxDaySchema),
});
export type TaxMonthDetailResponse = z.infer<typeof TaxMonthDetailResponseSchema>;

/** PUT /api/taxes/darf/:month. */
export const DarfPaidBodySchema = z.strictObject({ paid: z.boolean({ error: m.paidInvalid }) });
export const DarfPaidResponseSchema = z.object({
  success: z.literal(true),
  month: z.string(),
  paid: DarfPaymentSchema.nullable(),
  message: z.string(),
});

/** GET/PUT /api/taxes/settings. */
export const TaxSettingsResponseSchema = z.object({
  success: z.literal(true),
  settings: TaxSettingsSchema,
});
