import { WIN_CONTRACT } from '../market/symbol-spec.js';

/** A closed bar, as the strategies read it (the bars of the market module fit). */
export interface BarLike {
  /** Opening time, epoch seconds. */
  time: number;
  open: number;
  high: number;
  low: number;
  close: number;
}

export type Side = 'BUY' | 'SELL';

/** What a strategy asks for on the close of a bar: a market entry with its stop and target. */
export interface Signal {
  side: Side;
  /** The closing price the decision was taken at; the order goes at market. */
  entry: number;
  stopLoss: number;
  takeProfit: number;
  /** The rule that fired, in pt-BR, for the bot's decision log. */
  rule: string;
}

/**
 * Instrument facts the strategies need: the price tick, from the traded symbol's specification
 * (core market/symbol-spec.ts); WIN's is 5 points.
 */
export interface Instrument {
  tick: number;
}

export const WIN_INSTRUMENT: Instrument = { tick: WIN_CONTRACT.tick };

/**
 * A strategy: a pure step from its state and the bar that just closed to a signal or none.
 * `init` builds the state (indicator streams and the memory of the last bars) for the params;
 * `next` mutates only that state. No clock, no I/O: a backtest and the live bot run the same
 * code over the same bars and get the same decisions.
 */
export interface Strategy<P, S> {
  init(params: P, instrument: Instrument): S;
  next(state: S, bar: BarLike): Signal | null;
}

const roundTo = (price: number, tick: number) => Math.round(price / tick) * tick;

/**
 * A signal with its prices on the tick grid, or null when the geometry is wrong (a stop not
 * below a buy's entry or a target not above it, and the mirror for a sell): a strategy never
 * sends an order its own stop or target would close at once.
 */
export function makeSignal(
  side: Side,
  entry: number,
  stopLoss: number,
  takeProfit: number,
  rule: string,
  instrument: Instrument,
): Signal | null {
  const { tick } = instrument;
  const values = [entry, stopLoss, takeProfit];
  if (!values.every(Number.isFinite)) return null;
  const sl = roundTo(stopLoss, tick);
  const tp = roundTo(takeProfit, tick);
  const ok = side === 'BUY' ? sl < entry && tp > entry : sl > entry && tp < entry;
  return ok ? { side, entry, stopLoss: sl, takeProfit: tp, rule } : null;
}

/** Whether `a` crossed above `b` between the previous bar and this one. */
export const crossedAbove = (aPrev: number, bPrev: number, a: number, b: number) =>
  aPrev <= bPrev && a > b;

/** Whether `a` crossed below `b` between the previous bar and this one. */
export const crossedBelow = (aPrev: number, bPrev: number, a: number, b: number) =>
  aPrev >= bPrev && a < b;

/** Whether every value is a number (indicators give NaN while warming up). */
export const warm = (...values: number[]) => values.every((v) => !Number.isNaN(v));
