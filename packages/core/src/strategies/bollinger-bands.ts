import { BollingerStream } from '../indicators/bollinger.js';
import { makeSignal, warm, type Strategy } from './signal.js';

export interface BollingerBandsParams {
  period: number;
  std_dev: number;
  touch_threshold: number;
  tp_target: 'middle' | 'opposite';
}

export interface BollingerBandsState {
  params: BollingerBandsParams;
  instrument: { tick: number };
  bands: BollingerStream;
}

/**
 * Bollinger bands rejection. A bar "touches" the lower band when its low comes within
 * touch_threshold of the band width above it (or goes below it); buy when such a bar closes
 * back above the band and above its open; sell on the mirror at the upper band. Stop
 * touch_threshold of the width beyond the bar's extreme (at least a tick); target the middle
 * band or the opposite band.
 */
export const bollingerBands: Strategy<BollingerBandsParams, BollingerBandsState> = {
  init: (params, instrument) => ({
    params,
    instrument,
    bands: new BollingerStream(params.period, params.std_dev),
  }),
  next(s, bar) {
    const { middle, upper, lower } = s.bands.next(bar.close);
    if (!warm(middle, upper, lower)) return null;
    const width = upper - lower;
    if (width <= 0) return null;
    const { touch_threshold, tp_target } = s.params;
    const zone = touch_threshold * width;
    const buffer = Math.max(zone, s.instrument.tick);
    const entry = bar.close;
    if (bar.low <= lower + zone && bar.close > lower && bar.close > bar.open) {
      const target = tp_target === 'middle' ? middle : upper;
      const rule = 'Rejeição na banda inferior de Bollinger';
      return makeSignal('BUY', entry, bar.low - buffer, target, rule, s.instrument);
    }
    if (bar.high >= upper - zone && bar.close < upper && bar.close < bar.open) {
      const target = tp_target === 'middle' ? middle : lower;
      const rule = 'Rejeição na banda superior de Bollinger';
      return makeSignal('SELL', entry, bar.high + buffer, target, rule, s.instrument);
    }
    return null;
  },
};
