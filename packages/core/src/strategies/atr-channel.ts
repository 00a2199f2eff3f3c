import { AtrStream } from '../indicators/atr.js';
import { SmaStream } from '../indicators/sma.js';
import { makeSignal, warm, type Strategy } from './signal.js';

export interface AtrChannelParams {
  ma_period: number;
  atr_period: number;
  atr_multiplier: number;
  tp_mode: 'opposite_channel' | 'middle_channel';
}

export interface AtrChannelState {
  params: AtrChannelParams;
  instrument: { tick: number };
  ma: SmaStream;
  atr: AtrStream;
  prevClose: number;
  prevLower: number;
  prevUpper: number;
  prevLow: number;
  prevHigh: number;
}

/** How far beyond the extreme of the two bars the stop sits, in ATRs. */
const STOP_BUFFER_ATR = 0.5;

/**
 * ATR channel (mean reversion): the channel is SMA(ma_period) ± atr_multiplier·ATR(atr_period).
 * Buy when the previous bar closed below the lower line and this one closed back inside; sell
 * on the mirror at the upper line. Stop half an ATR beyond the lowest low (highest high) of
 * the two bars; target the opposite line (opposite_channel) or the SMA (middle_channel).
 */
export const atrChannel: Strategy<AtrChannelParams, AtrChannelState> = {
  init: (params, instrument) => ({
    params,
    instrument,
    ma: new SmaStream(params.ma_period),
    atr: new AtrStream(params.atr_period),
    prevClose: Number.NaN,
    prevLower: Number.NaN,
    prevUpper: Number.NaN,
    prevLow: Number.NaN,
    prevHigh: Number.NaN,
  }),
  next(s, bar) {
    const ma = s.ma.next(bar.close);
    const atr = s.atr.next(bar.high, bar.low, bar.close);
    const upper = ma + s.params.atr_multiplier * atr;
    const lower = ma - s.params.atr_multiplier * atr;
    const prev = { close: s.prevClose, lower: s.prevLower, upper: s.prevUpper };
    const [prevLow, prevHigh] = [s.prevLow, s.prevHigh];
    s.prevClose = bar.close;
    s.prevLower = lower;
    s.prevUpper = upper;
    s.prevLow = bar.low;
    s.prevHigh = bar.high;
    if (!warm(ma, atr, prev.close, prev.lower, prev.upper)) return null;
    const entry = bar.close;
    const opposite = s.params.tp_mode === 'opposite_channel';
    if (prev.close < prev.lower && bar.close > lower) {
      const stop = Math.min(bar.low, prevLow) - STOP_BUFFER_ATR * atr;
      const rule = 'Voltou para dentro do canal ATR pela banda inferior';
      return makeSignal('BUY', entry, stop, opposite ? upper : ma, rule, s.instrument);
    }
    if (prev.close > prev.upper && bar.close < upper) {
      const stop = Math.max(bar.high, prevHigh) + STOP_BUFFER_ATR * atr;
      const rule = 'Voltou para dentro do canal ATR pela banda superior';
      return makeSignal('SELL', entry, stop, opposite ? lower : ma, rule, s.instrument);
    }
    return null;
  },
};
