import type { PositionLike } from '../packages/core/src/index.js';

/**
 * What a straightforward implementation looks like: object arrays, filter/reduce/sort, and an
 * Intl call per row for the local day and hour (with the formatter at least built once).
 */
export function naiveStatistics(
  positions: readonly PositionLike[],
  timeZone: string,
  initial = 10_000,
) {
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
  const rows = [...positions]
    .sort((a, b) => a.close_time - b.close_time)
    .map((p) => ({ ...p, net: p.profit + p.commission + p.swap }));
  const total = rows.length;
  const profit = rows.reduce((sum, r) => sum + r.net, 0);
  const winners = rows.filter((r) => r.net > 0);
  const losers = rows.filter((r) => r.net < 0);
  const grossProfit = winners.reduce((sum, r) => sum + r.net, 0);
  const grossLoss = losers.reduce((sum, r) => sum + r.net, 0);
  const curve = rows.reduce<{ balance: number; peak: number; dd: number }>(
    (acc, r) => {
      const balance = acc.balance + r.net;
      const peak = Math.max(acc.peak, balance);
      return { balance, peak, dd: Math.max(acc.dd, peak - balance) };
    },
    { balance: initial, peak: initial, dd: 0 },
  );
  const mean = profit / total;
  const volatility = Math.sqrt(rows.reduce((sum, r) => sum + (r.net - mean) ** 2, 0) / (total - 1));
  const sorted = rows.map((r) => r.net).sort((a, b) => a - b);
  const h = (total - 1) * 0.05;
  const lower = sorted[Math.floor(h)] ?? 0;
  const var95 = Math.abs(lower + (h - Math.floor(h)) * ((sorted[Math.ceil(h)] ?? 0) - lower));
  const byDay = rows.reduce<Record<string, number>>((acc, r) => {
    const day = dayFormat.format(r.close_time);
    acc[day] = (acc[day] ?? 0) + r.net;
    return acc;
  }, {});
  const byHour = rows.reduce<Record<string, number>>((acc, r) => {
    const hour = hourFormat.format(r.close_time);
    acc[hour] = (acc[hour] ?? 0) + r.net;
    return acc;
  }, {});
  const bySymbol = rows.reduce<Record<string, { trades: number; profit: number; wins: number }>>(
    (acc, r) => {
      const s = acc[r.symbol] ?? { trades: 0, profit: 0, wins: 0 };
      acc[r.symbol] = {
        trades: s.trades + 1,
        profit: s.profit + r.net,
        wins: s.wins + (r.net > 0 ? 1 : 0),
      };
      return acc;
    },
    {},
  );
  const bestDay = Object.entries(byDay).sort((a, b) => b[1] - a[1])[0];
  const bestHour = Object.entries(byHour).sort((a, b) => b[1] - a[1])[0];
  return {
    balance: initial + profit,
    profit,
    win_rate: (winners.length / total) * 100,
    profit_factor: grossLoss === 0 ? Infinity : grossProfit / -grossLoss,
    max_drawdown: curve.dd,
    sharpe_ratio: mean / volatility,
    volatility,
    var_95: var95,
    avg_duration_ms: rows.reduce((sum, r) => sum + r.close_time - r.open_time, 0) / total,
    best_day: bestDay ? { date: bestDay[0], profit: bestDay[1] } : null,
    best_hour: bestHour ? { hour: Number(bestHour[0]), profit: bestHour[1] } : null,
    trades_per_day: total / Object.keys(byDay).length,
    symbols: Object.entries(bySymbol)
      .map(([symbol, s]) => ({
        symbol,
        trades: s.trades,
        profit: s.profit,
        win_rate: (s.wins / s.trades) * 100,
      }))
      .sort((a, b) => b.profit - a.profit)
      .slice(0, 5),
  };
}
