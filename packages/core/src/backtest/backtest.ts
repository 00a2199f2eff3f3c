import type { BotConfig } from '../bot/config.schema.js';
import { AtrStream } from '../indicators/atr.js';
import { nextStop } from '../strategies/manage-stops.js';
import { enabledStrategies, type StrategyLane } from '../strategies/registry.js';
import type { BarLike, Instrument, Side, Signal } from '../strategies/signal.js';
import { formatDuration } from '../format/duration.js';
import { WIN_CONTRACT } from '../market/symbol-spec.js';
import { DEFAULT_TIME_ZONE } from '../trading/constants.js';
import type { ClosedPosition } from '../trading/position.js';
import { zoneClock } from '../trading/zone-clock.js';

/**
 * The instrument a backtest trades (core market/symbol-spec.ts resolves it from the terminal's
 * specification or B3's contract): WIN by default (tick 5, R$ 0.20 a point, R$ 0.25 a side).
 */
export interface BacktestInstrument extends Instrument {
  /** Money per point per contract. */
  pointValue: number;
  /** Commission per contract per side, in money (a positive number). */
  commissionPerContract: number;
}

export const WIN_BACKTEST_INSTRUMENT: BacktestInstrument = {
  tick: WIN_CONTRACT.tick,
  pointValue: WIN_CONTRACT.pointValue,
  commissionPerContract: WIN_CONTRACT.commissionPerContract,
};

/** ATR period of the trailing stop, as the bot runner uses. */
const MANAGE_ATR_PERIOD = 14;

interface OpenTrade {
  side: Side;
  volume: number;
  entry: number;
  openTime: number;
  stopLoss: number;
  takeProfit: number;
  initialRisk: number;
}

interface Lane extends StrategyLane {
  /** A signal waiting for the next bar's open. */
  pending: Signal | null;
  open: OpenTrade | null;
}

export interface BacktestResult {
  /** Closed trades, by close time, as the screens' positions (exit_reason SL, TP or EOD). */
  trades: ClosedPosition[];
  /** Signals a strategy gave but the rules refused: the daily limit or a position already open. */
  skipped: { dailyLimit: number; positionOpen: number };
  bars: number;
}

/**
 * Runs the enabled strategies of `config` over `bars` (closed M1..H1 bars in time order) with
 * the bot's rules, so a backtest and the live bot decide alike:
 * - each strategy sees every bar close and may signal; its order fills at the next bar's open
 *   with the signal's stop and target;
 * - one open position per strategy; at most `max_daily_trades` entries per local day
 *   (America/Sao_Paulo), all strategies together;
 * - a stop or target touched by a bar closes the trade there (a bar that touches both counts
 *   the stop: the worse case), a gap through it at the bar's open;
 * - advanced_di's breakeven and trailing move its stop at each close (manage-stops.ts);
 * - whatever is open at the last bar of a day is closed at that bar's close ('EOD'): the bot
 *   trades the day, it carries nothing overnight.
 */
export function backtest(
  bars: readonly BarLike[],
  config: BotConfig,
  instrument: BacktestInstrument = WIN_BACKTEST_INSTRUMENT,
): BacktestResult {
  const clock = zoneClock(DEFAULT_TIME_ZONE);
  const lanes: Lane[] = enabledStrategies(config, instrument).map((lane) => ({
    ...lane,
    pending: null,
    open: null,
  }));
  const trades: ClosedPosition[] = [];
  const skipped = { dailyLimit: 0, positionOpen: 0 };
  const atr = new AtrStream(MANAGE_ATR_PERIOD);
  const advanced = config.advanced_di;
  let day = Number.NaN;
  let entriesToday = 0;
  let nextId = 1;

  const close = (lane: Lane, price: number, time: number, reason: string) => {
    const t = lane.open;
    if (!t) return;
    const dir = t.side === 'BUY' ? 1 : -1;
    const profit = round2(dir * (price - t.entry) * instrument.pointValue * t.volume);
    trades.push({
      position_id: String(nextId++),
      round_trip: 1,
      symbol: config.general.symbol,
      magic: lane.magic,
      type: t.side,
      volume: t.volume,
      entry_price: t.entry,
      exit_price: price,
      open_time: t.openTime,
      close_time: time,
      duration: formatDuration(time - t.openTime),
      profit,
      commission: round2(-2 * instrument.commissionPerContract * t.volume),
      swap: 0,
      exit_reason: reason,
      status: 'closed',
      is_complete: true,
    });
    lane.open = null;
  };

  for (let i = 0; i < bars.length; i++) {
    const bar = bars[i] as BarLike;
    const ms = bar.time * 1000;
    const today = clock.localDay(ms);
    if (today !== day) {
      day = today;
      entriesToday = 0;
    }
    const next = bars[i + 1];
    const lastOfDay = next === undefined || clock.localDay(next.time * 1000) !== today;
    const barAtr = atr.next(bar.high, bar.low, bar.close);
    for (const lane of lanes) {
      // The order of the previous close fills at this bar's open.
      if (lane.pending) {
        const s = lane.pending;
        lane.pending = null;
        const risk = Math.abs(s.entry - s.stopLoss);
        lane.open = {
          side: s.side,
          volume: lane.volume,
          entry: bar.open,
          openTime: ms,
          stopLoss: s.stopLoss,
          takeProfit: s.takeProfit,
          initialRisk: risk,
        };
      }
      const t = lane.open;
      if (t) {
        const exit = exitOf(t, bar);
        if (exit) close(lane, exit.price, ms + 59_999, exit.reason);
      }
      const signal = lane.strategy.next(lane.state, bar);
      const held = lane.open;
      if (held && lane.key === 'advanced_di') {
        const stop = nextStop(held, bar.close, barAtr, advanced, instrument.tick);
        if (stop !== null) held.stopLoss = stop;
      }
      if (lastOfDay) {
        close(lane, bar.close, ms + 59_999, 'EOD');
        continue;
      }
      if (!signal) continue;
      if (lane.open) skipped.positionOpen++;
      else if (entriesToday >= config.general.max_daily_trades) skipped.dailyLimit++;
      else {
        lane.pending = signal;
        entriesToday++;
      }
    }
  }
  trades.sort((a, b) => a.close_time - b.close_time || a.open_time - b.open_time);
  return { trades, skipped, bars: bars.length };
}

/** Where a bar takes an open trade out, if it does: the stop first when both are touched. */
function exitOf(t: OpenTrade, bar: BarLike): { price: number; reason: string } | null {
  if (t.side === 'BUY') {
    if (bar.open <= t.stopLoss) return { price: bar.open, reason: 'SL' };
    if (bar.open >= t.takeProfit) return { price: bar.open, reason: 'TP' };
    if (bar.low <= t.stopLoss) return { price: t.stopLoss, reason: 'SL' };
    if (bar.high >= t.takeProfit) return { price: t.takeProfit, reason: 'TP' };
    return null;
  }
  if (bar.open >= t.stopLoss) return { price: bar.open, reason: 'SL' };
  if (bar.open <= t.takeProfit) return { price: bar.open, reason: 'TP' };
  if (bar.high >= t.stopLoss) return { price: t.stopLoss, reason: 'SL' };
  if (bar.low <= t.takeProfit) return { price: t.takeProfit, reason: 'TP' };
  return null;
}

const round2 = (x: number) => Math.round(x * 100) / 100;
