/** MT5 MqlTick flags: which fields changed and the aggressor side of the trade. */
export const TICK_FLAG = { BID: 2, ASK: 4, LAST: 8, VOLUME: 16, BUY: 32, SELL: 64 } as const;

/** One MT5 tick (MqlTick); prices in points, `time` in epoch seconds, `time_msc` in ms. */
export interface Tick {
  readonly time: number;
  readonly time_msc: number;
  readonly bid: number;
  readonly ask: number;
  readonly last: number;
  /** Contracts traded at `last`. */
  readonly volume: number;
  readonly flags: number;
}

/** Ticks in time order; null when there are no more (scripted sources end, the model never). */
export interface TickSource {
  next(): Tick | null;
}

export interface TickInput {
  readonly time_msc: number;
  readonly bid: number;
  readonly ask?: number;
  readonly last?: number;
  readonly volume?: number;
}

/** A tick with defaults: ask one 5-point tick above bid, last at bid, volume 1. */
export function makeTick(input: TickInput): Tick {
  const ask = input.ask ?? input.bid + 5;
  const last = input.last ?? input.bid;
  return {
    time: Math.floor(input.time_msc / 1000),
    time_msc: input.time_msc,
    bid: input.bid,
    ask,
    last,
    volume: input.volume ?? 1,
    flags: TICK_FLAG.BID | TICK_FLAG.ASK | TICK_FLAG.LAST | TICK_FLAG.VOLUME,
  };
}

/** A fixed list of ticks, for tests and replays; must be in time order. */
export function scriptedTicks(inputs: readonly TickInput[]): TickSource {
  const ticks = inputs.map(makeTick);
  for (let i = 1; i < ticks.length; i++) {
    if ((ticks[i]?.time_msc ?? 0) < (ticks[i - 1]?.time_msc ?? 0)) {
      throw new Error(`scripted tick ${i} goes back in time`);
    }
  }
  let index = 0;
  return { next: () => ticks[index++] ?? null };
}
