import type { Bar } from '@vortex/core';
import type { Mt5Source, Timeframe } from './mt5-source.js';

/** Bars sent when a stream starts; the protocol allows up to 10,000 in one message. */
export const BAR_HISTORY = 500;

export interface BarsMessage {
  type: 'bars';
  symbol: string;
  timeframe: Timeframe;
  bars: Bar[];
}

interface Stream {
  symbol: string;
  timeframe: Timeframe;
  /** `time` of the last bar sent; 0 sends the recent history first. */
  last: number;
}

/** The bar feeds the server subscribed to: recent history first, then each bar as it closes. */
export class BarStreams {
  private readonly streams = new Map<string, Stream>();

  constructor(private readonly history = BAR_HISTORY) {}

  get size(): number {
    return this.streams.size;
  }

  /** Starts (or starts over) a stream: the next collect sends its recent history. */
  subscribe(symbol: string, timeframe: Timeframe): void {
    this.streams.set(`${symbol}|${timeframe}`, { symbol, timeframe, last: 0 });
  }

  /** After a reconnect nobody knows which bars arrived: every stream sends its history again. */
  rewind(): void {
    for (const s of this.streams.values()) s.last = 0;
  }

  /** The bars that closed since the last call, one message per stream that has any. */
  collect(source: Pick<Mt5Source, 'bars'>): BarsMessage[] {
    const out: BarsMessage[] = [];
    for (const s of this.streams.values()) {
      const bars = source.bars(s.symbol, s.timeframe, s.last, this.history);
      const newest = bars.at(-1);
      if (!newest) continue;
      s.last = newest.time;
      out.push({ type: 'bars', symbol: s.symbol, timeframe: s.timeframe, bars });
    }
    return out;
  }
}
