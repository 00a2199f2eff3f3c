import { AdxStream } from '../indicators/adx.js';
import { AtrStream } from '../indicators/atr.js';
import { DI_FIXED_REWARD, DI_STOP_ATR } from './di-crossover.js';
import {
  crossedAbove,
  crossedBelow,
  makeSignal,
  warm,
  type Side,
  type Strategy,
} from './signal.js';

export interface AdvancedDiParams {
  adx_period: number;
  adx_threshold: number;
  di_threshold: number;
  enable_breakeven: boolean;
  enable_trailing: boolean;
}

export interface AdvancedDiState {
  params: AdvancedDiParams;
  instrument: { tick: number };
  adx: AdxStream;
  atr: AtrStream;
  prevAdx: number;
  prevPrevAdx: number;
  plusDi: number;
  minusDi: number;
  /** The side of the last DI crossover, the bars since, and whether it was traded. */
  cross: Side | null;
  barsSinceCross: number;
  crossTraded: boolean;
}

/** How many bars after a crossover the strength may still confirm it. */
export const ADVANCED_DI_WINDOW = 15;

/**
 * Advanced DI: the DI crossover, confirmed by the trend's strength. At a crossover the ADX
 * usually dips (the two DIs meet), so the entry waits for the ADX to turn up again: within 15
 * bars of +DI crossing above −DI, buy on the first bar whose ADX rises after a fall (or
 * straight away if it is already rising) with ADX ≥ adx_threshold, +DI still above −DI and ≥
 * di_threshold, and a bar that closed up; sell on the mirror. One entry per crossover. Stop
 * 1.5 ATR, target 2R. Its breakeven and trailing flags act on the open position (see
 * manage-stops.ts), not here.
 */
export const advancedDi: Strategy<AdvancedDiParams, AdvancedDiState> = {
  init: (params, instrument) => ({
    params,
    instrument,
    adx: new AdxStream(params.adx_period),
    atr: new AtrStream(params.adx_period),
    prevAdx: Number.NaN,
    prevPrevAdx: Number.NaN,
    plusDi: Number.NaN,
    minusDi: Number.NaN,
    cross: null,
    barsSinceCross: 0,
    crossTraded: false,
  }),
  next(s, bar) {
    const { adx, plusDi, minusDi } = s.adx.next(bar.high, bar.low, bar.close);
    const atr = s.atr.next(bar.high, bar.low, bar.close);
    const [prevAdx, prevPlus, prevMinus] = [s.prevAdx, s.plusDi, s.minusDi];
    s.prevPrevAdx = s.prevAdx;
    s.prevAdx = adx;
    s.plusDi = plusDi;
    s.minusDi = minusDi;
    if (!warm(adx, plusDi, minusDi, atr, prevAdx, prevPlus, prevMinus)) return null;
    if (crossedAbove(prevPlus, prevMinus, plusDi, minusDi)) Object.assign(s, freshCross('BUY'));
    else if (crossedBelow(prevPlus, prevMinus, plusDi, minusDi)) {
      Object.assign(s, freshCross('SELL'));
    } else s.barsSinceCross++;
    if (s.cross === null || s.crossTraded || s.barsSinceCross > ADVANCED_DI_WINDOW) return null;
    const { adx_threshold, di_threshold } = s.params;
    if (adx < adx_threshold || adx <= prevAdx) return null;
    const buy = s.cross === 'BUY';
    const [ours, theirs] = buy ? [plusDi, minusDi] : [minusDi, plusDi];
    const closedOurWay = buy ? bar.close > bar.open : bar.close < bar.open;
    if (ours <= theirs || ours < di_threshold || !closedOurWay) return null;
    const entry = bar.close;
    const risk = DI_STOP_ATR * atr;
    const dir = buy ? 1 : -1;
    const di = buy ? '+DI' : '−DI';
    const signal = makeSignal(
      s.cross,
      entry,
      entry - dir * risk,
      entry + dir * DI_FIXED_REWARD * risk,
      `${di} dominante e ADX em alta (${adx.toFixed(1)}) após o cruzamento`,
      s.instrument,
    );
    if (signal) s.crossTraded = true;
    return signal;
  },
};

const freshCross = (side: Side) => ({ cross: side, barsSinceCross: 0, crossTraded: false });
