import { AtrStream } from '../indicators/atr.js';
import { RsiStream } from '../indicators/rsi.js';
import { makeSignal, warm, type Strategy } from './signal.js';

export interface RsiContraryParams {
  rsi_period: number;
  oversold: number;
  overbought: number;
  use_atr_stops: boolean;
}

export interface RsiContraryState {
  params: RsiContraryParams;
  instrument: { tick: number };
  rsi: RsiStream;
  atr: AtrStream;
  prevRsi: number;
  /** The last rsi_period lows and highs, oldest first, for the swing stops. */
  lows: number[];
  highs: number[];
}

const ATR_PERIOD = 14;
const STOP_ATR = 1.5;
/** Target in multiples of the risk. */
const REWARD = 2;

/**
 * RSI contrary. Buy when the RSI climbs back above `oversold` (below it on the previous bar, at
 * or above it now): the fall is losing strength; sell when it falls back below `overbought`.
 * Stop 1.5 ATR(14) away (use_atr_stops) or one tick beyond the lowest low (highest high) of
 * the last rsi_period bars; target 2R.
 */
export const rsiContrary: Strategy<RsiContraryParams, RsiContraryState> = {
  init: (params, instrument) => ({
    params,
    instrument,
    rsi: new RsiStream(params.rsi_period),
    atr: new AtrStream(ATR_PERIOD),
    prevRsi: Number.NaN,
    lows: [],
    highs: [],
  }),
  next(s, bar) {
    const rsi = s.rsi.next(bar.close);
    const atr = s.atr.next(bar.high, bar.low, bar.close);
    const prevRsi = s.prevRsi;
    s.prevRsi = rsi;
    s.lows.push(bar.low);
    s.highs.push(bar.high);
    if (s.lows.length > s.params.rsi_period) {
      s.lows.shift();
      s.highs.shift();
    }
    if (!warm(rsi, atr, prevRsi)) return null;
    const { oversold, overbought, use_atr_stops } = s.params;
    const entry = bar.close;
    const tick = s.instrument.tick;
    if (prevRsi < oversold && rsi >= oversold) {
      const stop = use_atr_stops ? entry - STOP_ATR * atr : Math.min(...s.lows) - tick;
      const rule = `RSI voltou acima de ${oversold} (${rsi.toFixed(1)})`;
      return makeSignal('BUY', entry, stop, entry + REWARD * (entry - stop), rule, s.instrument);
    }
    if (prevRsi > overbought && rsi <= overbought) {
      const stop = use_atr_stops ? entry + STOP_ATR * atr : Math.max(...s.highs) + tick;
      const rule = `RSI voltou abaixo de ${overbought} (${rsi.toFixed(1)})`;
      return makeSignal('SELL', entry, stop, entry - REWARD * (stop - entry), rule, s.instrument);
    }
    return null;
  },
};
