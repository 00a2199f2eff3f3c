import { type Bar, roundToTick } from '@vortex/core';
import type { AdvanceResult, Simulator } from './simulator.js';

export interface ReferenceTraderOptions {
  readonly fast: number;
  readonly slow: number;
  readonly volume: number;
  /** SL and TP distances from the entry quote, in points. */
  readonly stopPoints: number;
  readonly takePoints: number;
  readonly magic: number;
  /** Local minutes since midnight: no entries before or after, flat from `flatMinute`. */
  readonly firstEntryMinute: number;
  readonly lastEntryMinute: number;
  readonly flatMinute: number;
}

export const REFERENCE_TRADER: ReferenceTraderOptions = {
  fast: 9,
  slow: 21,
  volume: 1,
  stopPoints: 200,
  takePoints: 400,
  magic: 135_000,
  firstEntryMinute: 9 * 60 + 15,
  lastEntryMinute: 18 * 60,
  flatMinute: 18 * 60 + 20,
};

const M5 = 300;

/**
 * A 9/21 EMA crossover on M5 closes, always in the market between crosses (an opposite cross
 * reverses, which gives the history INOUT deals; on a hedging account it opens the other side
 * beside the old position), with fixed SL/TP and flat by 18:20. It only
 * exists so that every screen has a plausible history; it is not meant to make money.
 */
export class ReferenceTrader {
  private readonly options: ReferenceTraderOptions;
  private m5: { time: number; close: number } | null = null;
  private fastEma = 0;
  private slowEma = 0;
  private seen = 0;
  private lastSign = 0;

  constructor(options: Partial<ReferenceTraderOptions> = {}) {
    this.options = { ...REFERENCE_TRADER, ...options };
  }

  /** Call after every `advanceTo` with its result; the trader acts at the simulator's clock. */
  onStep(sim: Simulator, step: AdvanceResult): void {
    let signal = 0;
    for (const bar of step.bars) signal = this.onM1(bar) || signal;
    const minute = sim.calendar.localMinute(sim.now());
    const { magic, volume, stopPoints, takePoints } = this.options;
    const mine = sim.positions().filter((p) => p.magic === magic);
    if (minute >= this.options.flatMinute) {
      for (const held of mine) sim.closePosition(held.ticket, { magic });
      return;
    }
    const inWindow =
      minute >= this.options.firstEntryMinute && minute < this.options.lastEntryMinute;
    const quote = sim.quote();
    if (signal === 0 || !inWindow || !quote) return;
    const side = signal > 0 ? 0 : 1;
    if (mine.some((p) => p.type === side)) return;
    // Netting: one order reverses the position. Hedging: the new side opens beside the old one,
    // which runs on to its own SL, TP or the flat time, so positions overlap.
    const reversed = sim.marginMode === 'netting' ? (mine[0]?.volume ?? 0) : 0;
    const entry = side === 0 ? quote.ask : quote.bid;
    const sign = side === 0 ? 1 : -1;
    sim.placeOrder({
      type: side === 0 ? 'BUY' : 'SELL',
      volume: volume + reversed,
      sl: roundToTick(entry - sign * stopPoints, sim.spec.tickSize),
      tp: roundToTick(entry + sign * takePoints, sim.spec.tickSize),
      magic,
      comment: 'ema 9/21',
    });
  }

  // Folds M1 bars into M5; returns +1/-1 when a closed M5 bar crosses the EMAs, else 0.
  private onM1(bar: Bar): number {
    const bucket = Math.floor(bar.time / M5) * M5;
    let signal = 0;
    if (this.m5 && this.m5.time !== bucket) signal = this.onM5(this.m5.close);
    this.m5 = { time: bucket, close: bar.close };
    // The bucket's last minute closes it now rather than at the next bar (maybe tomorrow).
    if (bar.time - bucket === M5 - 60) {
      signal = this.onM5(bar.close) || signal;
      this.m5 = null;
    }
    return signal;
  }

  // Only the M5 close matters to an EMA crossover.
  private onM5(close: number): number {
    const { fast, slow } = this.options;
    if (this.seen === 0) [this.fastEma, this.slowEma] = [close, close];
    this.fastEma += (2 / (fast + 1)) * (close - this.fastEma);
    this.slowEma += (2 / (slow + 1)) * (close - this.slowEma);
    this.seen++;
    const sign = Math.sign(this.fastEma - this.slowEma);
    const crossed = sign !== 0 && this.lastSign !== 0 && sign !== this.lastSign;
    if (sign !== 0) this.lastSign = sign;
    return crossed && this.seen >= slow ? sign : 0;
  }
}
