import {
  apiErrorMessages,
  dayKeyOf,
  localDayOf,
  TaxLedger,
  taxAnnualCsv,
  taxMessages as m,
  taxMonths,
  type DarfPayment,
  type TaxDay,
  type TaxMonthDetailResponse,
  type TaxMonthRow,
  type TaxSettings,
  type TaxYearResponse,
} from '@vortex/core';
import type pg from 'pg';
import { HttpError } from '../../http/http-error.js';
import { inTransaction } from '../../lib/db-types.js';
import { writeAudit } from '../audit/audit.repo.js';
import { BudgetLru } from '../trading/budget-lru.js';
import { feedLedger, taxDaysOf } from './tax-ledger-feed.js';
import { taxBasis, taxedAccountsOf } from './tax-accounts.repo.js';
import {
  darfPaymentsOf,
  markDarfPaid,
  saveTaxSettings,
  taxSettingsOf,
  unmarkDarfPaid,
} from './taxes.repo.js';

export interface TaxesDeps {
  pool: pg.Pool;
  /** Epoch ms; tests pin it. */
  now?: () => number;
  /** Memory budget of the computed days kept per user, MiB. */
  cacheMb?: number;
}

/** A user's closed operations by day, and what they were computed from. */
interface Computation {
  readonly key: string;
  readonly basis: 'real' | 'demo' | 'none';
  readonly days: readonly TaxDay[];
  readonly settings: TaxSettings;
}

export interface Actor {
  userId: number;
  ip: string | null;
}

// A rough size of an operation as V8 keeps it, to budget the cache rather than count users.
const BYTES_PER_OPERATION = 400;

const yearOf = (month: string) => Number(month.slice(0, 4));

/**
 * The trader's income tax from the deals of every taxed account (tax-accounts.repo.ts). The days
 * are computed once per version of the deals and the settings and kept in an LRU; the months,
 * cheap, are computed per request for the day it is, and the DARFs marked paid merged in.
 */
export class TaxesService {
  private readonly cache: BudgetLru<number, Computation>;
  private readonly running = new Map<string, Promise<Computation>>();
  readonly now: () => number;

  constructor(private readonly deps: TaxesDeps) {
    this.cache = new BudgetLru((deps.cacheMb ?? 64) * 1024 * 1024);
    this.now = deps.now ?? Date.now;
  }

  /** 'YYYY-MM-DD' in São Paulo. */
  today(now = this.now()): string {
    return localDayOf(now);
  }

  private async computation(userId: number): Promise<Computation> {
    const [settings, all] = await Promise.all([
      taxSettingsOf(this.deps.pool, userId),
      taxedAccountsOf(this.deps.pool, userId),
    ]);
    const { basis, accounts } = taxBasis(all);
    const key = JSON.stringify([settings.cost_per_contract_side, accounts]);
    const cached = this.cache.get(userId);
    if (cached?.key === key) return { ...cached, settings };
    // Two requests of one user while it computes share the work.
    const runKey = `${userId}:${key}`;
    let run = this.running.get(runKey);
    if (!run) {
      run = this.compute(
        accounts.map((a) => a.id),
        key,
        settings,
        basis,
      ).finally(() => this.running.delete(runKey));
      this.running.set(runKey, run);
    }
    const done = await run;
    const operations = done.days.reduce((n, d) => n + d.operations.length, 0);
    this.cache.set(userId, done, 1024 + operations * BYTES_PER_OPERATION);
    return { ...done, settings };
  }

  private async compute(
    ids: number[],
    key: string,
    settings: TaxSettings,
    basis: Computation['basis'],
  ): Promise<Computation> {
    const ledger = new TaxLedger({
      dayOf: dayKeyOf(),
      costPerContractSide: settings.cost_per_contract_side,
    });
    await feedLedger(this.deps.pool, ids, ledger);
    return { key, basis, days: await taxDaysOf(ledger.operations), settings };
  }

  /** Every month from `from` (or the first operation) to today's, with the DARFs marked paid. */
  private monthRows(
    days: readonly TaxDay[],
    today: string,
    from: string | undefined,
    paid: Map<string, DarfPayment>,
  ): TaxMonthRow[] {
    const months = taxMonths(days, {
      until: today.slice(0, 7),
      today,
      ...(from === undefined ? {} : { from }),
    });
    return months.map((row) => ({ ...row, paid: paid.get(row.month) ?? null }));
  }

  /** All months from the first operation to today's, for the reminder: none on demo accounts. */
  async allMonths(userId: number, now = this.now()): Promise<TaxMonthRow[]> {
    const [c, paid] = await Promise.all([
      this.computation(userId),
      darfPaymentsOf(this.deps.pool, userId),
    ]);
    if (c.basis !== 'real') return [];
    return this.monthRows(c.days, this.today(now), undefined, paid);
  }

  async year(userId: number, year: number): Promise<TaxYearResponse> {
    const today = this.today();
    const [c, paid] = await Promise.all([
      this.computation(userId),
      darfPaymentsOf(this.deps.pool, userId, year),
    ]);
    const months = this.monthRows(c.days, today, `${year}-01`, paid).filter(
      (row) => yearOf(row.month) === year,
    );
    const years = new Set([yearOf(today), ...c.days.map((d) => yearOf(d.day))]);
    return {
      success: true,
      year,
      years: [...years].sort((a, b) => b - a),
      today,
      months,
      settings: c.settings,
      basis: c.basis,
    };
  }

  private async monthRow(userId: number, month: string) {
    const today = this.today();
    const [c, paid] = await Promise.all([
      this.computation(userId),
      darfPaymentsOf(this.deps.pool, userId, yearOf(month)),
    ]);
    const row = this.monthRows(c.days, today, month, paid).find((r) => r.month === month);
    return { c, row };
  }

  async month(userId: number, month: string): Promise<TaxMonthDetailResponse> {
    const { c, row } = await this.monthRow(userId, month);
    // A month not begun has no figures yet.
    if (!row) throw new HttpError(404, apiErrorMessages.notFound);
    const days = c.days.filter((d) => d.day.startsWith(`${month}-`));
    return {
      success: true,
      month: row,
      days: days.map((d) => ({ ...d, operations: [...d.operations] })),
    };
  }

  /** Marks the month's DARF paid with its amount now (only a DARF due), or removes the mark. */
  async setPaid(actor: Actor, month: string, paid: boolean) {
    const amount = paid ? await this.dueAmount(actor.userId, month) : undefined;
    const payment = await inTransaction(this.deps.pool, async (tx) => {
      const stored =
        amount === undefined
          ? await unmarkDarfPaid(tx, actor.userId, month)
          : await markDarfPaid(tx, actor.userId, month, amount);
      if (stored) {
        await writeAudit(tx, {
          actorUserId: actor.userId,
          action: paid ? 'taxes.darf_paid' : 'taxes.darf_unpaid',
          targetUserId: actor.userId,
          ip: actor.ip,
          meta: { month, amount_cents: stored.amount_cents },
        });
      }
      return paid ? (stored ?? null) : null;
    });
    return {
      success: true as const,
      month,
      paid: payment,
      message: paid ? m.paidMarked : m.paidUnmarked,
    };
  }

  private async dueAmount(userId: number, month: string): Promise<number> {
    const { row } = await this.monthRow(userId, month);
    if (row?.darf_status !== 'due') throw new HttpError(409, m.noDarfToMark);
    return row.darf_cents;
  }

  async settings(userId: number): Promise<TaxSettings> {
    return taxSettingsOf(this.deps.pool, userId);
  }

  async saveSettings(actor: Actor, settings: TaxSettings): Promise<TaxSettings> {
    await inTransaction(this.deps.pool, async (tx) => {
      await saveTaxSettings(tx, actor.userId, settings);
      await writeAudit(tx, {
        actorUserId: actor.userId,
        action: 'taxes.settings_update',
        targetUserId: actor.userId,
        ip: actor.ip,
        meta: { ...settings },
      });
    });
    return settings;
  }

  /** The year's summary as the IRPF's Renda Variável asks for it. */
  async annualCsv(userId: number, year: number): Promise<string> {
    return taxAnnualCsv((await this.year(userId, year)).months);
  }
}
