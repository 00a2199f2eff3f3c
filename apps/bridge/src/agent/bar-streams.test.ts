import { describe, expect, it } from 'vitest';
import { BarStreams } from './bar-streams.js';
import { createSimSource } from './sim-source.js';

describe('BarStreams on the simulated terminal', () => {
  it('sends the recent history, then each bar once it closes, and the history again after rewind', () => {
    let now = Date.parse('2025-11-19T17:00:30Z');
    const source = createSimSource({ seed: 'bars', historyDays: 2, speed: 1, now: () => now });
    const streams = new BarStreams(500);
    streams.subscribe('WINZ25', 'M1');

    const [history] = streams.collect(source);
    expect(history?.bars).toHaveLength(500);
    // The minute still forming is not sent.
    expect(history?.bars.at(-1)?.time).toBe(Date.parse('2025-11-19T16:59:00Z') / 1000);
    expect(streams.collect(source)).toEqual([]);

    now = Date.parse('2025-11-19T17:03:10Z');
    const [fresh] = streams.collect(source);
    expect(fresh?.bars.map((b) => new Date(b.time * 1000).toISOString().slice(11, 16))).toEqual([
      '17:00',
      '17:01',
      '17:02',
    ]);
    streams.rewind();
    expect(streams.collect(source)[0]?.bars).toHaveLength(500);
  });

  it('aggregates longer timeframes and skips symbols the terminal does not have', () => {
    const now = Date.parse('2025-11-19T17:07:00Z');
    const source = createSimSource({ seed: 'bars', historyDays: 2, speed: 1, now: () => now });
    const streams = new BarStreams(10);
    streams.subscribe('WINZ25', 'M5');
    streams.subscribe('PETR4', 'M1');
    const messages = streams.collect(source);
    expect(messages.map((m) => [m.symbol, m.timeframe, m.bars.length])).toEqual([
      ['WINZ25', 'M5', 10],
    ]);
    // 17:05 is still forming at 17:07.
    expect(messages[0]?.bars.at(-1)?.time).toBe(Date.parse('2025-11-19T17:00:00Z') / 1000);
  });
});
