import {
  hashSeed,
  symbolSpecOf,
  TIMEFRAME_SECONDS,
  type Bar,
  type Mt5Deal,
  type Mt5HistoryOrder,
  type Mt5Order,
  type Mt5Position,
} from '@vortex/core';
import {
  backfill,
  type BackfillResult,
  type SimAccountProfile,
  type SimDeal,
} from '../sim/index.js';
import type { ReferenceTraderOptions } from '../sim/reference-trader.js';
import { runSimCommand, type SimSession } from './sim-commands.js';
import type { Mt5Source, TerminalInfo } from './mt5-source.js';

export interface SimSourceOptions {
  seed: string;
  historyDays: number;
  /** SIM_SPEED: simulated time runs this many times faster than the wall clock. */
  speed: number;
  now?: () => number;
  /** The reference trader's settings, when not its usual 9/21 crossover. */
  trader?: Partial<ReferenceTraderOptions>;
  /**
   * The account's kind (SIM_MARGIN_MODE, SIM_CURRENCY, SIM_DEAL_FEE, SIM_BALANCE_OPS), when not
   * the usual BRL netting account with no fees and no balance deals.
   */
  account?: SimAccountProfile;
}

const MINUTE = 60_000;

const toDeal = (d: SimDeal): Mt5Deal => ({ ...d, type: d.type, entry: d.entry, reason: d.reason });

/**
 * The `sim` adapter: a deterministic simulated WIN account (BRL netting unless `account` says
 * otherwise). On start it backfills the history,
 * then advances with the (scaled) clock while the reference trader keeps trading.
 */
export function createSimSource(opts: SimSourceOptions): Mt5Source {
  const now = opts.now ?? Date.now;
  const wallStart = now();
  const run: BackfillResult = backfill({
    seed: opts.seed,
    days: opts.historyDays,
    endTime: wallStart,
    ...(opts.trader ? { trader: opts.trader } : {}),
    ...(opts.account ? { account: opts.account } : {}),
  });
  const sim = run.simulator;
  const simStart = sim.now();
  // A stable account number per seed, in MT5's usual range; another kind of account is another
  // account (its history differs), so the profile is part of it.
  const kind = opts.account ? `:${JSON.stringify(opts.account)}` : '';
  const accountNumber = 1_000_000 + (hashSeed(`account:${opts.seed}${kind}`) % 8_999_999);
  const advance = (): void => {
    const target = simStart + (now() - wallStart) * opts.speed;
    // The reference trader acts at every minute boundary, as in the backfill, however far one
    // poll jumps: a stalled poll on a busy machine must not skip a trading day's decisions.
    for (let t = Math.floor(sim.now() / MINUTE) * MINUTE + MINUTE; t <= target; t += MINUTE) {
      run.trader.onStep(sim, sim.advanceTo(t));
    }
    if (target > sim.now()) run.trader.onStep(sim, sim.advanceTo(target));
  };

  const session: SimSession = { loggedIn: true };
  const terminal: TerminalInfo = {
    account_number: accountNumber,
    server: 'Vortex-Simulador',
    company: 'Vórtex (simulador)',
    currency: sim.currency,
    margin_mode: sim.marginMode,
    trade_mode: 'demo',
    // One contract: the WIN series current at the simulated start, by B3's calendar.
    symbols: [sim.symbol],
    symbol_digits: [{ symbol: sim.symbol, digits: sim.spec.digits }],
    symbol_specs: [symbolSpecOf(sim.spec, sim.currency)],
  };
  return {
    terminal: () => terminal,
    poll: (afterTicket) => {
      advance();
      return sim.dealsSince(afterTicket).map(toDeal);
    },
    account: () => {
      const a = sim.account();
      return {
        balance: a.balance,
        equity: a.equity,
        margin: a.margin,
        free_margin: a.margin_free,
        margin_level: a.margin_level,
        profit: a.profit,
        currency: a.currency,
      };
    },
    positions: (): Mt5Position[] =>
      sim.positions().map((p) => ({
        ticket: p.ticket,
        symbol: p.symbol,
        type: p.type,
        volume: p.volume,
        price_open: p.price_open,
        sl: p.sl,
        tp: p.tp,
        price_current: p.price_current,
        profit: p.profit,
        swap: p.swap,
        magic: p.magic,
        time: p.time,
        time_msc: p.time_msc,
        comment: p.comment,
      })),
    orders: (): Mt5Order[] =>
      sim.orders().map((o) => ({
        order: o.ticket,
        symbol: o.symbol,
        type: o.type,
        volume_initial: o.volume_initial,
        price_open: o.price_open,
        sl: o.sl,
        tp: o.tp,
        magic: o.magic,
        time_setup: o.time_setup,
        comment: o.comment,
      })),
    historyOrders: (sinceDoneMsc): Mt5HistoryOrder[] =>
      sim.historyOrdersSince(sinceDoneMsc).map((o) => ({ ...o })),
    alive: () => session.loggedIn,
    execute: async (command) => {
      // Trade at the current quote, not at the one of the last heartbeat.
      advance();
      return runSimCommand(sim, terminal, session, command);
    },
    bars: (symbol, timeframe, afterTime, limit): Bar[] => {
      if (symbol !== sim.symbol) return [];
      advance();
      const length = TIMEFRAME_SECONDS[timeframe];
      // A bar is closed once its period has ended on the simulated clock.
      const closedBefore = Math.floor(sim.now() / 1000 / length) * length;
      return sim
        .bars(timeframe, afterTime + 1)
        .filter((b) => b.time < closedBefore)
        .slice(-limit)
        .map((b) => ({ ...b })); // copies: the simulator keeps its own
    },
  };
}
