import {
  isTesterAccount,
  allAccountsMessages,
  comparePositions,
  equityCurve,
  INITIAL_BALANCE,
  type AccountPeriodFigures,
  type AllAccountsData,
  type AllAccountsEntry,
  type BalanceOperation,
  type ClosedPosition,
  type StatisticsRecord,
} from '@vortex/core';
import { HttpError } from '../../http/http-error.js';
import { historySpanOfAccount } from '../trading/history-span.js';
import {
  balanceBasisOf,
  statisticsOf,
  windowBalanceOf,
  type TradingReadDeps,
} from '../trading/statistics.service.js';
import type { TimeRange } from '../trading/trading-range.js';
import { currentAccountOf } from '../trading/trading.repo.js';
import { accountsOf } from './accounts.repo.js';
import { tradingAccountsOf, type OwnTradingAccount } from './all-accounts.repo.js';

/** MT5's balance deal: a deposit (> 0) or a withdrawal (< 0); other operations are neither. */
const BALANCE_DEAL = 2;

/** What one account brings to its currency's total. */
interface AccountPart {
  positions: readonly ClosedPosition[];
  operations: readonly BalanceOperation[];
  initialBalance: number;
  estimated: boolean;
}

function figuresOf(
  stats: StatisticsRecord,
  source: AccountPeriodFigures['balance_basis'],
  positions: readonly ClosedPosition[],
  operations: readonly BalanceOperation[],
): AccountPeriodFigures {
  let fees = 0;
  for (const p of positions) fees += p.commission + (p.fee ?? 0);
  let deposits = 0;
  let withdrawals = 0;
  for (const op of operations) {
    if ((op.type ?? BALANCE_DEAL) !== BALANCE_DEAL) continue;
    if (op.amount > 0) deposits += op.amount;
    else withdrawals += op.amount;
  }
  return {
    balance: stats.balance,
    balance_basis: source,
    net_profit: stats.profit,
    deposits,
    withdrawals,
    fees,
    total_trades: stats.total_trades,
    winning_trades: stats.winning_trades,
    win_rate: stats.win_rate,
    max_drawdown: stats.max_drawdown,
    max_drawdown_percent: stats.max_drawdown_percent,
  };
}

/**
 * One account over the range, by the statistics screen's own steps (dashboardStats): its
 * positions from the shared cache, its balance when the range ends and its operations, the
 * basis anchored on them, and statisticsOf.
 */
async function accountPart(deps: TradingReadDeps, account: OwnTradingAccount, range: TimeRange) {
  const { positions } = await deps.positions.closedBetween(
    account.id,
    account.deals,
    range.from,
    range.to,
  );
  const { end, operations } = await windowBalanceOf(deps.pool, account, range);
  const basis = balanceBasisOf(end, positions, INITIAL_BALANCE, operations);
  const stats = statisticsOf(positions, basis.initial_balance, operations);
  const part: AccountPart = {
    positions,
    operations,
    initialBalance: basis.initial_balance,
    estimated: basis.source === 'estimate',
  };
  return { figures: figuresOf(stats, basis.source, positions, operations), part };
}

/**
 * The accounts of one currency as one: their positions and operations together on the sum of
 * their starting balances, through the same statisticsOf (money adds up; the win rate is over
 * all their trades; the drawdown is of the summed balance).
 */
function totalOf(parts: readonly AccountPart[]) {
  const positions = parts.flatMap((p) => p.positions).sort(comparePositions);
  const operations = parts.flatMap((p) => p.operations).sort((a, b) => a.time - b.time);
  let initial = 0;
  for (const p of parts) initial += p.initialBalance;
  const stats = statisticsOf(positions, initial, operations);
  const source = parts.some((p) => p.estimated) ? 'estimate' : 'account';
  return {
    total: { ...figuresOf(stats, source, positions, operations), accounts: parts.length },
    curve: dailyCurve(equityCurve(positions, { base: initial, operations })),
  };
}

/** The summed balance at the end of each São Paulo day: at most a point a day, whatever the trades. */
function dailyCurve(points: readonly { date: string; balance: number }[]) {
  const days: { date: string; balance: number }[] = [];
  for (const point of points) {
    const last = days.at(-1);
    if (last?.date === point.date) last.balance = point.balance;
    else days.push({ date: point.date, balance: point.balance });
  }
  return days;
}

/**
 * GET /api/accounts/all: every account of the user with its figures over the range, and the
 * accounts of `currency` (default: the current account's) summed. Accounts are read one after
 * another so a trader with many accounts holds one account's reads at a time; only the summed
 * currency's positions are kept until the total is made.
 */
export async function allAccountsView(
  deps: TradingReadDeps,
  userId: number,
  range: TimeRange,
  currency?: string,
): Promise<AllAccountsData> {
  const [summaries, accounts, current] = await Promise.all([
    accountsOf(deps.pool, userId),
    tradingAccountsOf(deps.pool, userId),
    currentAccountOf(deps.pool, userId),
  ]);
  const currencies = [...new Set(accounts.map((a) => a.currency))].sort();
  if (currency !== undefined && !currencies.includes(currency)) {
    throw new HttpError(400, allAccountsMessages.unknownCurrency);
  }
  const chosen = currency ?? current?.currency ?? currencies[0] ?? null;
  const byId = new Map(accounts.map((a) => [a.id, a]));
  const entries: AllAccountsEntry[] = [];
  const parts: AccountPart[] = [];
  for (const summary of summaries) {
    const account = byId.get(summary.id);
    if (!account) continue; // Made between the two reads: the next read shows it.
    const { figures, part } = await accountPart(deps, account, range);
    const span = await historySpanOfAccount(deps.pool, account.id);
    // a Strategy Tester report's money is simulated: listed, never summed with real accounts
    if (account.currency === chosen && !isTesterAccount(account)) parts.push(part);
    entries.push({
      ...summary,
      margin_mode: account.margin_mode,
      first_deal_at: span.first_deal_at,
      last_deal_at: span.last_deal_at,
      figures,
    });
  }
  const combined = parts.length > 0 ? totalOf(parts) : { total: null, curve: [] };
  return {
    from: range.from,
    to: range.to,
    current_id: current?.id ?? null,
    currencies,
    currency: chosen,
    accounts: entries,
    ...combined,
  };
}
