import { describe, expect, it } from 'vitest';
import { DEFAULT_BOT_CONFIG, type BotConfig } from '../bot/config.schema.js';
import { STRATEGY_KEYS } from '../bot/config.schema.js';
import { randomBars } from '../indicators/random-bars.fixture.js';
import type { BarLike } from '../strategies/signal.js';
import { barsFromCloses, path } from '../strategies/test-bars.fixture.js';
import { statisticsRecord } from '../trading/statistics-record.js';
import { resolveInstrument } from '../market/symbol-spec.js';
import { backtest, WIN_BACKTEST_INSTRUMENT } from './backtest.js';

/** Only `key` enabled, on the spec defaults otherwise. */
function only(key: (typeof STRATEGY_KEYS)[number], general: Partial<BotConfig['general']> = {}) {
  const config = structuredCopy(DEFAULT_BOT_CONFIG);
  for (const k of STRATEGY_KEYS) config[k].enabled = k === key;
  Object.assign(config.general, general);
  return config;
}
const structuredCopy = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

// 2025-11-19 10:00 in São Paulo (13:00 UTC), one bar a minute.
const DAY_START = Date.UTC(2025, 10, 19, 13) / 1000;
const timed = (bars: BarLike[], start = DAY_START) =>
  bars.map((b, i) => ({ ...b, time: start + 60 * i }));

describe('backtest', () => {
  // A slide, then a rally: di_crossover buys once +DI takes over (see strategies.test.ts).
  const turn = timed(barsFromCloses(path(120_000, { step: -20, n: 60 }, { step: 60, n: 40 })));

  it("fills a strategy's signal at the next bar's open, with its magic and stops", () => {
    const { trades } = backtest(turn, only('di_crossover'));
    expect(trades.length).toBeGreaterThan(0);
    const [first] = trades;
    if (!first) throw new Error('sem operação');
    expect(first).toMatchObject({ magic: 136_000, type: 'BUY', volume: 1, commission: -0.5 });
    const openBar = turn.find((b) => b.time * 1000 === first.open_time);
    expect(first.entry_price).toBe(openBar?.open);
    expect(['TP', 'SL', 'EOD']).toContain(first.exit_reason);
    // R$ 0.20 a point a contract.
    expect(first.profit).toBeCloseTo((first.exit_price - first.entry_price) * 0.2, 2);
  });

  it('closes what is still open at the last bar of the day', () => {
    const [first] = backtest(turn, only('di_crossover')).trades;
    if (!first) throw new Error('sem operação');
    const i = turn.findIndex((b) => b.time * 1000 === first.open_time);
    // The day ends two bars after the entry, all three flat at the fill price: no stop, no
    // target, so the trade is closed at the last close.
    const fill = first.entry_price;
    const flat = (k: number) => {
      const time = (turn[i]?.time ?? 0) + 60 * k;
      return { time, open: fill, high: fill, low: fill, close: fill };
    };
    const day = [...turn.slice(0, i), flat(0), flat(1), flat(2)];
    const [eod] = backtest(day, only('di_crossover')).trades;
    expect(eod).toMatchObject({ exit_reason: 'EOD', entry_price: fill, exit_price: fill });
    expect(eod?.close_time).toBe(flat(2).time * 1000 + 59_999);
  });

  it('counts the stop first when a bar touches both', () => {
    const bars = [...turn];
    const { trades } = backtest(bars, only('di_crossover'));
    const first = trades[0];
    if (!first) throw new Error('sem operação');
    const i = bars.findIndex((b) => b.time * 1000 === first.open_time);
    const stop = first.entry_price - 1_000;
    // A bar right after the entry that spans far beyond any stop and target.
    const wide = bars[i + 1];
    if (!wide) throw new Error('sem barra');
    bars[i + 1] = { ...wide, high: wide.open + 5_000, low: stop - 5_000 };
    const [hit] = backtest(bars, only('di_crossover')).trades;
    expect(hit?.exit_reason).toBe('SL');
  });

  it('enforces the daily trade limit and one position per strategy', () => {
    const walk = randomBars(5_000, 11, 40, 5);
    const bars = Array.from(walk.close, (close, i) => ({
      time: DAY_START + 60 * (i % 480) + 86_400 * Math.floor(i / 480),
      open: walk.open[i] ?? close,
      high: walk.high[i] ?? close,
      low: walk.low[i] ?? close,
      close,
    }));
    const all = backtest(bars, {
      ...DEFAULT_BOT_CONFIG,
      general: { ...DEFAULT_BOT_CONFIG.general, max_daily_trades: 100 },
    });
    const limited = backtest(bars, {
      ...DEFAULT_BOT_CONFIG,
      general: { ...DEFAULT_BOT_CONFIG.general, max_daily_trades: 2 },
    });
    expect(all.trades.length).toBeGreaterThan(limited.trades.length);
    expect(limited.skipped.dailyLimit).toBeGreaterThan(0);
    const perDay = new Map<number, number>();
    for (const t of limited.trades) {
      const d = Math.floor((t.open_time / 1000 - DAY_START) / 86_400);
      perDay.set(d, (perDay.get(d) ?? 0) + 1);
    }
    expect(Math.max(...perDay.values())).toBeLessThanOrEqual(2);
    // No strategy ever holds two positions at once.
    for (const magic of new Set(all.trades.map((t) => t.magic))) {
      const own = all.trades.filter((t) => t.magic === magic);
      for (let k = 1; k < own.length; k++) {
        expect(own[k]?.open_time ?? 0).toBeGreaterThan(own[k - 1]?.close_time ?? 0);
      }
    }
    // The statistics object of the screens reads its trades as they are.
    expect(statisticsRecord(all.trades).total_trades).toBe(all.trades.length);
  });

  it('gives the same trades for the same bars', () => {
    expect(backtest(turn, DEFAULT_BOT_CONFIG)).toEqual(backtest(turn, DEFAULT_BOT_CONFIG));
  });

  it('values WIN exactly as before when the instrument comes from B3 or the terminal', () => {
    const before = backtest(turn, DEFAULT_BOT_CONFIG);
    const b3 = resolveInstrument('WINZ25');
    const stated = resolveInstrument('WINZ25', {
      symbol: 'WINZ25',
      tick_size: 5,
      tick_value: 1,
      contract_size: 1,
      volume_min: 1,
      volume_step: 1,
      currency_profit: 'BRL',
      digits: 0,
    });
    if (!b3.ok || !stated.ok) throw new Error('WIN sem especificação');
    expect(backtest(turn, DEFAULT_BOT_CONFIG, b3.instrument)).toEqual(before);
    expect(backtest(turn, DEFAULT_BOT_CONFIG, stated.instrument)).toEqual(before);
    expect(WIN_BACKTEST_INSTRUMENT).toEqual({
      tick: 5,
      pointValue: 0.2,
      commissionPerContract: 0.25,
    });
  });

  it('values WDO at R$ 10 a point and puts its target on the half-point grid', () => {
    // The same slide and rally at the mini-dollar's scale: half-point steps around 5,400.
    const wdoBars = timed(
      barsFromCloses(path(5_400, { step: -0.5, n: 60 }, { step: 1.5, n: 40 }), 1),
    );
    const config = only('di_crossover', { symbol: 'WDOF26' });
    const wdo = resolveInstrument('WDOF26');
    if (!wdo.ok) throw new Error('WDO sem especificação');
    const { trades } = backtest(wdoBars, config, wdo.instrument);
    expect(trades.map((t) => [t.symbol, t.entry_price, t.exit_price, t.exit_reason])).toEqual([
      ['WDOF26', 5_377.5, 5_392, 'TP'],
    ]);
    // 14.5 points of one contract at R$ 10, and R$ 0.90 a side.
    expect(trades[0]).toMatchObject({ profit: 145, commission: -1.8 });
    // Valued as WIN the target lands on the 5-point grid and the points are worth R$ 0.20.
    const [asWin] = backtest(wdoBars, config).trades;
    expect(asWin).toMatchObject({ exit_price: 5_390, profit: 2.5, commission: -0.5 });
  });
});
