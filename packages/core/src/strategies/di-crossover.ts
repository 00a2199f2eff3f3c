import { AdxStream } from '../indicators/adx.js';
import { AtrStream } from '../indicators/atr.js';
import { crossedAbove, crossedBelow, makeSignal, warm, type Strategy } from './signal.js';

export interface DiCrossoverParams {
  adx_period: number;
  adx_threshold: number;
  di_threshold: number;
  tp_mode: 'adaptive' | 'fixed';
}

export interface DiCrossoverState {
  params: DiCrossoverParams;
  instrument: { tick: number };
  adx: AdxStream;
  atr: AtrStream;
  plusDi: number;
  minusDi: number;
}

/** Stop distance in ATRs, for this strategy and advanced_di. */
export const DI_STOP_ATR = 1.5;
/** Fixed target, in multiples of the risk. */
export const DI_FIXED_REWARD = 2;

/**
 * Adaptive target, in multiples of the risk: a tenth of the ADX, between 1.5 and 3.5 (ADX 20
 * aims at 2R, ADX 35 at 3.5R): the stronger the trend, the further it is let run.
 */
export const adaptiveReward = (adx: number) => Math.min(3.5, Math.max(1.5, adx / 10));

/**
 * DI crossover. Buy when +DI crosses above −DI on a closed bar while ADX ≥ adx_threshold and
 * +DI ≥ di_threshold (a trend starting, strong enough); sell on the mirror. Stop 1.5 ATR away;
 * target 2R (fixed) or adaptiveReward(ADX)·R (adaptive).
 */
export const diCrossover: Strategy<DiCrossoverParams, DiCrossoverState> = {
  init: (params, instrument) => ({
    params,
    instrument,
    adx: new AdxStream(params.adx_period),
    atr: new AtrStream(params.adx_period),
    plusDi: Number.NaN,
    minusDi: Number.NaN,
  }),
  next(s, bar) {
    const { adx, plusDi, minusDi } = s.adx.next(bar.high, bar.low, bar.close);
    const atr = s.atr.next(bar.high, bar.low, bar.close);
    const [prevPlus, prevMinus] = [s.plusDi, s.minusDi];
    s.plusDi = plusDi;
    s.minusDi = minusDi;
    if (!warm(adx, plusDi, minusDi, atr, prevPlus, prevMinus)) return null;
    const { adx_threshold, di_threshold, tp_mode } = s.params;
    if (adx < adx_threshold) return null;
    const reward = tp_mode === 'fixed' ? DI_FIXED_REWARD : adaptiveReward(adx);
    const risk = DI_STOP_ATR * atr;
    const entry = bar.close;
    if (crossedAbove(prevPlus, prevMinus, plusDi, minusDi) && plusDi >= di_threshold) {
      const rule = `+DI cruzou acima de −DI com ADX ${adx.toFixed(1)}`;
      return makeSignal('BUY', entry, entry - risk, entry + reward * risk, rule, s.instrument);
    }
    if (crossedBelow(prevPlus, prevMinus, plusDi, minusDi) && minusDi >= di_threshold) {
      const rule = `−DI cruzou acima de +DI com ADX ${adx.toFixed(1)}`;
      return makeSignal('SELL', entry, entry + risk, entry - reward * risk, rule, s.instrument);
    }
    return null;
  },
};
