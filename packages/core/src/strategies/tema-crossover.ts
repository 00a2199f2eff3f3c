import { AtrStream } from '../indicators/atr.js';
import { TemaStream } from '../indicators/tema.js';
import { crossedAbove, crossedBelow, makeSignal, warm, type Strategy } from './signal.js';

export interface TemaCrossoverParams {
  period: number;
  use_tema_stops: boolean;
  reward_ratio: number;
}

export interface TemaCrossoverState {
  params: TemaCrossoverParams;
  instrument: { tick: number };
  fast: TemaStream;
  slow: TemaStream;
  atr: AtrStream;
  prevFast: number;
  prevSlow: number;
}

/** ATR period of the stops when they are not at the TEMA line. */
const ATR_PERIOD = 14;
const STOP_ATR = 1.5;

/**
 * TEMA crossover. The fast line is TEMA(period), the slow one TEMA(2·period) (a TEMA follows a
 * straight trend with almost no lag, so price against one TEMA barely ever crosses; two of them
 * cross when the trend turns). Buy when the fast crosses above the slow; sell on the mirror.
 * Stop one tick beyond the slow line (use_tema_stops; at least two ticks away) or 1.5 ATR(14)
 * away; target reward_ratio times the risk.
 */
export const temaCrossover: Strategy<TemaCrossoverParams, TemaCrossoverState> = {
  init: (params, instrument) => ({
    params,
    instrument,
    fast: new TemaStream(params.period),
    slow: new TemaStream(2 * params.period),
    atr: new AtrStream(ATR_PERIOD),
    prevFast: Number.NaN,
    prevSlow: Number.NaN,
  }),
  next(s, bar) {
    const fast = s.fast.next(bar.close);
    const slow = s.slow.next(bar.close);
    const atr = s.atr.next(bar.high, bar.low, bar.close);
    const [prevFast, prevSlow] = [s.prevFast, s.prevSlow];
    s.prevFast = fast;
    s.prevSlow = slow;
    if (!warm(fast, slow, atr, prevFast, prevSlow)) return null;
    const entry = bar.close;
    const { tick } = s.instrument;
    const risk = s.params.use_tema_stops
      ? Math.max(2 * tick, Math.abs(entry - slow) + tick)
      : STOP_ATR * atr;
    const reward = s.params.reward_ratio * risk;
    if (crossedAbove(prevFast, prevSlow, fast, slow)) {
      const rule = `TEMA(${s.params.period}) cruzou acima da TEMA(${2 * s.params.period})`;
      return makeSignal('BUY', entry, entry - risk, entry + reward, rule, s.instrument);
    }
    if (crossedBelow(prevFast, prevSlow, fast, slow)) {
      const rule = `TEMA(${s.params.period}) cruzou abaixo da TEMA(${2 * s.params.period})`;
      return makeSignal('SELL', entry, entry + risk, entry - reward, rule, s.instrument);
    }
    return null;
  },
};
