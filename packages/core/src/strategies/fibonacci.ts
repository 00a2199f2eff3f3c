import { AdxStream } from '../indicators/adx.js';
import { SwingStream } from '../indicators/swings.js';
import { makeSignal, warm, type Strategy } from './signal.js';

export interface FibonacciParams {
  swing_lookback: number;
  min_swing_range: number;
  adx_threshold: number;
  di_threshold: number;
}

export interface FibonacciState {
  params: FibonacciParams;
  instrument: { tick: number };
  swings: SwingStream;
  adx: AdxStream;
  /** The swing pair last traded, so one leg gives one entry at most. */
  traded: string;
}

const ADX_PERIOD = 14;

/**
 * Fibonacci retracement in a trend. The leg is the last confirmed swing low and swing high
 * (SwingStream: each confirmed swing_lookback bars after it); it must span at least
 * min_swing_range points. Up leg (the low came first), the trend strong (ADX ≥ adx_threshold)
 * and buyers present (+DI ≥ di_threshold; a pull-back may well have −DI above it): buy when a bar dips into the 50–61.8 % retracement without closing
 * below 78.6 %, and closes up; stop a tick below 78.6 %, target the swing high. The mirror for
 * a down leg. One entry per leg.
 */
export const fibonacci: Strategy<FibonacciParams, FibonacciState> = {
  init: (params, instrument) => ({
    params,
    instrument,
    swings: new SwingStream(params.swing_lookback),
    adx: new AdxStream(ADX_PERIOD),
    traded: '',
  }),
  next(s, bar) {
    const { highIndex, lowIndex, swingHigh, swingLow } = s.swings.next(bar.high, bar.low);
    const { adx, plusDi, minusDi } = s.adx.next(bar.high, bar.low, bar.close);
    if (highIndex < 0 || lowIndex < 0 || !warm(adx, plusDi, minusDi, swingHigh, swingLow)) {
      return null;
    }
    const range = swingHigh - swingLow;
    const { min_swing_range, adx_threshold, di_threshold } = s.params;
    const leg = `${lowIndex}:${highIndex}`;
    if (range <= 0 || range < min_swing_range || adx < adx_threshold || s.traded === leg) {
      return null;
    }
    const tick = s.instrument.tick;
    const entry = bar.close;
    const upLeg = lowIndex < highIndex;
    if (upLeg && plusDi >= di_threshold) {
      // Retracements measured down from the high.
      const half = swingHigh - 0.5 * range;
      const golden = swingHigh - 0.618 * range;
      const deep = swingHigh - 0.786 * range;
      if (bar.low > half || bar.low < deep || bar.close < golden || bar.close <= bar.open) {
        return null;
      }
      const signal = makeSignal(
        'BUY',
        entry,
        deep - tick,
        swingHigh,
        'Retração de Fibonacci de 50–61,8% em tendência de alta',
        s.instrument,
      );
      if (signal) s.traded = leg;
      return signal;
    }
    if (!upLeg && minusDi >= di_threshold) {
      // Retracements measured up from the low.
      const half = swingLow + 0.5 * range;
      const golden = swingLow + 0.618 * range;
      const deep = swingLow + 0.786 * range;
      if (bar.high < half || bar.high > deep || bar.close > golden || bar.close >= bar.open) {
        return null;
      }
      const signal = makeSignal(
        'SELL',
        entry,
        deep + tick,
        swingLow,
        'Retração de Fibonacci de 50–61,8% em tendência de baixa',
        s.instrument,
      );
      if (signal) s.traded = leg;
      return signal;
    }
    return null;
  },
};
