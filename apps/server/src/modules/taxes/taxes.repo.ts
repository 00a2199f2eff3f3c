import type { DarfPayment, TaxSettings } from '@vortex/core';
import { z } from 'zod';
import { maybeRow, oneRow, rowsOf } from '../../db/rows.js';
import type { Queryable } from '../../lib/db-types.js';

// numeric(10,2) comes as text: exact cents, read as a number of reais.
const SettingsRow = z.object({ cost: z.string(), darf_reminder: z.boolean() });
const PaymentRow = z.object({ paid_at: z.date(), amount_cents: z.number() });
const MonthPaymentRow = PaymentRow.extend({ month: z.string() });

/** A trader who never saved them: costs from the deals only, and the reminder on. */
export const DEFAULT_TAX_SETTINGS: TaxSettings = { cost_per_contract_side: 0, darf_reminder: true };

export async function taxSettingsOf(db: Queryable, userId: number): Promise<TaxSettings> {
  const row = await maybeRow(
    db,
    SettingsRow,
    `SELECT cost_per_contract_side AS cost, darf_reminder FROM tax_settings WHERE user_id = $1`,
    [userId],
  );
  return row
    ? { cost_per_contract_side: Number(row.cost), darf_reminder: row.darf_reminder }
    : { ...DEFAULT_TAX_SETTINGS };
}

export async function saveTaxSettings(
  db: Queryable,
  userId: number,
  s: TaxSettings,
): Promise<void> {
  await db.query(
    `INSERT INTO tax_settings (user_id, cost_per_contract_side, darf_reminder)
     VALUES ($1, $2, $3)
     ON CONFLICT (user_id) DO UPDATE SET cost_per_contract_side = EXCLUDED.cost_per_contract_side,
       darf_reminder = EXCLUDED.darf_reminder, updated_at = now()`,
    [userId, s.cost_per_contract_side.toFixed(2), s.darf_reminder],
  );
}

/** The user's DARFs marked paid, by month ('YYYY-MM'), optionally of one year. */
export async function darfPaymentsOf(
  db: Queryable,
  userId: number,
  year?: number,
): Promise<Map<string, DarfPayment>> {
  const rows = await rowsOf(
    db,
    MonthPaymentRow,
    `SELECT month, paid_at, amount_cents FROM darf_payments
     WHERE user_id = $1 AND ($2::text IS NULL OR month LIKE $2 || '-%')`,
    [userId, year === undefined ? null : String(year)],
  );
  return new Map(
    rows.map((r) => [r.month, { paid_at: r.paid_at.toISOString(), amount_cents: r.amount_cents }]),
  );
}

/** Marks a month's DARF paid with the amount it has now; marking again takes the new amount. */
export async function markDarfPaid(
  db: Queryable,
  userId: number,
  month: string,
  amountCents: number,
): Promise<DarfPayment> {
  const row = await oneRow(
    db,
    PaymentRow,
    `INSERT INTO darf_payments (user_id, month, amount_cents) VALUES ($1, $2, $3)
     ON CONFLICT (user_id, month) DO UPDATE SET paid_at = now(), amount_cents = EXCLUDED.amount_cents
     RETURNING paid_at, amount_cents`,
    [userId, month, amountCents],
  );
  return { paid_at: row.paid_at.toISOString(), amount_cents: row.amount_cents };
}

/** The mark removed, or undefined when the month had none. */
export async function unmarkDarfPaid(
  db: Queryable,
  userId: number,
  month: string,
): Promise<DarfPayment | undefined> {
  const row = await maybeRow(
    db,
    PaymentRow,
    `DELETE FROM darf_payments WHERE user_id = $1 AND month = $2 RETURNING paid_at, amount_cents`,
    [userId, month],
  );
  return row && { paid_at: row.paid_at.toISOString(), amount_cents: row.amount_cents };
}
