import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildPositionColumns } from './columns.js';
import { dailyStats } from './daily-stats.js';
import type { PositionLike } from './position.js';
import { computeStatisticsFromColumns, type TradingStatistics } from './statistics.js';

const ZONES = [
  'America/Sao_Paulo',
  'America/New_York',
  'Australia/Adelaide',
  'Europe/London',
  'UTC',
];
const DST_EDGES = [
  Date.UTC(2024, 2, 10, 7),
  Date.UTC(2024, 2, 31, 1),
  Date.UTC(2024, 9, 5, 16, 30),
  Date.UTC(2019, 1, 17, 2),
];
const DAY = 86_400_000;

const closeTime = fc.oneof(
  fc.integer({ min: Date.UTC(2018, 0, 1), max: Date.UTC(2025, 11, 31) }),
  fc
    .tuple(fc.constantFrom(...DST_EDGES), fc.integer({ min: -2 * DAY, max: 2 * DAY }))
    .map(([edge, d]) => edge + d),
);
const money = fc.integer({ min: -50_000, max: 50_000 }).map((cents) => cents / 100);
const positionArb = fc
  .record({
    symbol: fc.constantFrom('WINM24', 'WDOM24', 'PETR4', 'VALE3', 'ITUB4', 'BBDC4', 'ABEV3'),
    profit: fc.oneof(money, fc.constant(0)),
    commission: fc.integer({ min: -300, max: 0 }).map((c) => c / 100),
    swap: fc.integer({ min: -100, max: 100 }).map((c) => c / 100),
    close_time: closeTime,
    duration: fc.integer({ min: 0, max: 3 * DAY }),
  })
  .map(({ duration, ...p }): PositionLike => ({ ...p, open_time: p.close_time - duration }));

/** Obviously-correct reference: sort, loops, Intl on every row. */
function reference(positions: PositionLike[], initial: number, timeZone: string) {
  const rows = positions
    .map((p, i) => ({ p, i, net: p.profit + p.commission + p.swap }))
    .sort((a, b) => a.p.close_time - b.p.close_time || a.i - b.i);
  const nets = rows.map((r) => r.net);
  const n = nets.length;
  const sum = nets.reduce((a, b) => a + b, 0);
  const wins = nets.filter((x) => x > 0);
  const losses = nets.filter((x) => x < 0);
  const grossProfit = wins.reduce((a, b) => a + b, 0);
  const grossLoss = losses.reduce((a, b) => a + b, 0);
  let balance = initial;
  let peak = initial;
  let dd = 0;
  let ddPct = 0;
  for (const net of nets) {
    balance += net;
    peak = Math.max(peak, balance);
    dd = Math.max(dd, peak - balance);
    ddPct = Math.max(ddPct, ((peak - balance) / peak) * 100);
  }
  const mean = sum / n;
  const volatility = Math.sqrt(nets.reduce((a, x) => a + (x - mean) ** 2, 0) / (n - 1));
  const sorted = [...nets].sort((a, b) => a - b);
  const h = (n - 1) * 0.05;
  const lo = sorted[Math.floor(h)] ?? 0;
  const p5 = lo + (h - Math.floor(h)) * ((sorted[Math.ceil(h)] ?? 0) - lo);
  const dayFormat = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  });
  const hourFormat = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hour: 'numeric',
    hourCycle: 'h23',
  });
  const days = new Map<string, number>();
  const hours = new Map<number, number>();
  const symbols = new Map<string, { trades: number; profit: number; wins: number }>();
  for (const { p, net } of rows) {
    const day = dayFormat.format(p.close_time);
    const hour = Number(hourFormat.format(p.close_time));
    days.set(day, (days.get(day) ?? 0) + net);
    hours.set(hour, (hours.get(hour) ?? 0) + net);
    const s = symbols.get(p.symbol) ?? { trades: 0, profit: 0, wins: 0 };
    symbols.set(p.symbol, {
      trades: s.trades + 1,
      profit: s.profit + net,
      wins: s.wins + (net > 0 ? 1 : 0),
    });
  }
  const best = <K extends string | number>(map: Map<K, number>) =>
    [...map].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[0];
  const bestDay = best(days);
  const bestHour = best(hours);
  return {
    balance: initial + sum,
    profit: sum,
    profit_percentage: (sum / initial) * 100,
    win_rate: (wins.length / n) * 100,
    profit_factor: grossLoss === 0 ? (grossProfit > 0 ? Infinity : 0) : grossProfit / -grossLoss,
    max_drawdown: dd,
    max_drawdown_percent: ddPct,
    sharpe_ratio: volatility > 0 ? mean / volatility : 0,
    total_trades: n,
    winning_trades: wins.length,
    losing_trades: losses.length,
    average_win: wins.length ? grossProfit / wins.length : 0,
    average_loss: losses.length ? grossLoss / losses.length : 0,
    largest_win: Math.max(0, ...wins),
    largest_loss: Math.min(0, ...losses),
    volatility: n > 1 ? volatility : 0,
    var_95: Math.abs(p5),
    calmar_ratio: ddPct > 0 ? ((sum / initial) * 100) / ddPct : 0,
    avg_duration_ms: rows.reduce((a, r) => a + r.p.close_time - r.p.open_time, 0) / n,
    best_day: bestDay ? { date: bestDay[0], profit: bestDay[1] } : null,
    best_hour: bestHour ? { hour: bestHour[0], profit: bestHour[1] } : null,
    trades_per_day: n / days.size,
    symbols: [...symbols]
      .map(([symbol, s]) => ({
        symbol,
        trades: s.trades,
        profit: s.profit,
        win_rate: (s.wins / s.trades) * 100,
      }))
      .sort((a, b) => b.profit - a.profit || (a.symbol < b.symbol ? -1 : 1))
      .slice(0, 5),
    gross_profit: grossProfit,
    gross_loss: grossLoss,
  };
}

/** Equal within 1e-9 relative for numbers, recursively; exact otherwise. */
function expectClose(actual: unknown, expected: unknown, path = 'stats'): void {
  if (typeof expected === 'number' && typeof actual === 'number') {
    const scale = Math.max(1, Math.abs(expected));
    if (actual !== expected)
      expect(Math.abs(actual - expected), path).toBeLessThanOrEqual(1e-9 * scale);
  } else if (expected !== null && typeof expected === 'object') {
    expect(actual, path).toBeTypeOf('object');
    for (const [key, value] of Object.entries(expected)) {
      expectClose((actual as Record<string, unknown>)[key], value, `${path}.${key}`);
    }
  } else expect(actual, path).toEqual(expected);
}

const stats = (positions: PositionLike[], timeZone = 'America/Sao_Paulo'): TradingStatistics =>
  computeStatisticsFromColumns(buildPositionColumns(positions), { timeZone });

describe('statistics kernel properties', () => {
  it('column kernel equals the naive reference within 1e-9', () => {
    fc.assert(
      fc.property(
        fc.array(positionArb, { minLength: 1, maxLength: 60 }),
        fc.constantFrom(...ZONES),
        (positions, zone) => {
          expectClose(stats(positions, zone), reference(positions, 10_000, zone));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('kernel equals the reference across chunk boundaries and a DST change (5,000 rows)', () => {
    // One close every 37 minutes from 1 March 2024: local days straddle the 2,048-row chunks.
    const positions = Array.from({ length: 5000 }, (_, i): PositionLike => {
      const close = Date.UTC(2024, 2, 1) + i * 37 * 60_000;
      const profit = ((i * 7919) % 1001) / 10 - 48;
      return {
        symbol: `S${i % 9}`,
        profit,
        commission: -0.5,
        swap: 0,
        open_time: close - 600_000,
        close_time: close,
      };
    });
    expectClose(
      stats(positions, 'America/New_York'),
      reference(positions, 10_000, 'America/New_York'),
    );
  });

  it('net profit = gross profit + gross loss, per period and per day', () => {
    fc.assert(
      fc.property(fc.array(positionArb, { maxLength: 60 }), (positions) => {
        const s = stats(positions);
        expect(Math.abs(s.profit - (s.gross_profit + s.gross_loss))).toBeLessThanOrEqual(1e-9);
        expect(s.gross_profit).toBeGreaterThanOrEqual(0);
        expect(s.gross_loss).toBeLessThanOrEqual(0);
        for (const day of dailyStats(positions)) {
          expect(Math.abs(day.netProfit - (day.grossProfit + day.grossLoss))).toBeLessThanOrEqual(
            1e-9,
          );
        }
        const daily = dailyStats(positions).reduce((sum, d) => sum + d.netProfit, 0);
        expect(Math.abs(daily - s.profit)).toBeLessThanOrEqual(1e-6);
      }),
    );
  });

  it('max drawdown is never negative and never exceeds the running losses', () => {
    fc.assert(
      fc.property(fc.array(positionArb, { maxLength: 60 }), (positions) => {
        const s = stats(positions);
        expect(s.max_drawdown).toBeGreaterThanOrEqual(0);
        expect(s.max_drawdown_percent).toBeGreaterThanOrEqual(0);
        expect(s.max_drawdown).toBeLessThanOrEqual(-s.gross_loss + 1e-9);
      }),
    );
  });

  it('no NaN anywhere, whatever the input', () => {
    fc.assert(
      fc.property(fc.array(positionArb, { maxLength: 20 }), (positions) => {
        const json = JSON.stringify(stats(positions), (_, v: unknown) =>
          Number.isNaN(v) ? 'NaN' : v,
        );
        expect(json).not.toContain('NaN');
      }),
    );
  });
});
