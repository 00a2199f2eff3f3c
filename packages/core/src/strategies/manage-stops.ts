import type { Side } from './signal.js';

/** An open position as stop management sees it. */
export interface ManagedPosition {
  side: Side;
  entry: number;
  stopLoss: number;
  /** The distance from entry to the stop when the position was opened (1R). */
  initialRisk: number;
}

export interface StopRules {
  enable_breakeven: boolean;
  enable_trailing: boolean;
}

/** Favourable move, in R, at which the stop goes to the entry (plus a tick). */
export const BREAKEVEN_AT_R = 1;
/** Favourable move, in R, from which the stop trails one ATR behind the close. */
export const TRAIL_FROM_R = 1.5;

/**
 * The stop an open position should have after a bar closed at `close` with `atr`, or null to
 * leave it: breakeven once the close is 1R in favour (the stop to the entry plus a tick),
 * trailing from 1.5R (one ATR behind the close). A stop only ever tightens.
 */
export function nextStop(
  position: ManagedPosition,
  close: number,
  atr: number,
  rules: StopRules,
  tick: number,
): number | null {
  const dir = position.side === 'BUY' ? 1 : -1;
  const gainR = (dir * (close - position.entry)) / position.initialRisk;
  if (!(position.initialRisk > 0) || !Number.isFinite(gainR)) return null;
  let stop = position.stopLoss;
  if (rules.enable_breakeven && gainR >= BREAKEVEN_AT_R) {
    stop = tighter(dir, stop, position.entry + dir * tick);
  }
  if (rules.enable_trailing && gainR >= TRAIL_FROM_R && Number.isFinite(atr)) {
    const trail = Math.round((close - dir * atr) / tick) * tick;
    stop = tighter(dir, stop, trail);
  }
  return stop === position.stopLoss ? null : stop;
}

/** The tighter of two stops: the higher for a buy, the lower for a sell. */
const tighter = (dir: number, a: number, b: number) => (dir > 0 ? Math.max(a, b) : Math.min(a, b));
