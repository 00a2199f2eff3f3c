/**
 * A backtest of all seven strategies over one year of M1 bars (issue 6; goal: under 1 s), against
 * the least any backtest must do: the batch indicators of the seven strategies over the same
 * bars, measured in the same run. Writes "## Backtest: seven strategies over a year of M1 bars"
 * of bench/RESULTS.md. Run: npm run bench:backtest -w @vortex/bench.
 */
import { loadavg } from 'node:os';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import {
  adx,
  atr,
  backtest,
  bollinger,
  DEFAULT_BOT_CONFIG,
  rsi,
  sma,
  statisticsRecord,
  swings,
  tema,
  type BarLike,
} from '../packages/core/src/index.js';
import { mulberry32 } from './generate.js';
import { bullets, fixed, int, machineNote, markdownTable, writeSection } from './support/report.js';

const SECTION = '## Backtest: seven strategies over a year of M1 bars';
const COMMAND = 'npm run bench:backtest -w @vortex/bench';
const GOAL_MS = 1_000;
const RUNS = 7;

setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

/**
 * One year of B3 sessions: every weekday of 2025, M1 bars from 09:00 to 17:59 in São Paulo
 * (UTC−3 all year), prices a seeded random walk of WIN on its 5-point tick.
 */
function yearOfBars(seed = 2025): BarLike[] {
  const random = mulberry32(seed);
  const gauss = () => Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
  const tick = (x: number) => Math.round(x / 5) * 5;
  const bars: BarLike[] = [];
  let price = 125_000;
  for (let day = Date.UTC(2025, 0, 1); day < Date.UTC(2026, 0, 1); day += 86_400_000) {
    const weekday = new Date(day).getUTCDay();
    if (weekday === 0 || weekday === 6) continue;
    for (let minute = 0; minute < 9 * 60; minute++) {
      const open = price;
      const close = tick(open + gauss() * 35);
      const high = Math.max(open, close) + tick(Math.abs(gauss()) * 15);
      const low = Math.min(open, close) - tick(Math.abs(gauss()) * 15);
      bars.push({ time: (day + (12 * 60 + minute) * 60_000) / 1000, open, high, low, close });
      price = close;
    }
  }
  return bars;
}

function median(fn: () => unknown): number {
  const times: number[] = [];
  fn();
  for (let i = 0; i < RUNS; i++) {
    collectGarbage();
    const start = performance.now();
    fn();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)] ?? Number.NaN;
}

const bars = yearOfBars();
const high = Float64Array.from(bars, (b) => b.high);
const low = Float64Array.from(bars, (b) => b.low);
const close = Float64Array.from(bars, (b) => b.close);
const c = DEFAULT_BOT_CONFIG;
const loadBefore = loadavg()[0] ?? 0;

// The indicators the seven strategies read, each once, in batch over typed arrays.
const indicatorsMs = median(() => {
  adx(high, low, close, 14);
  atr(high, low, close, 14);
  swings(high, low, c.fibonacci.swing_lookback);
  tema(close, c.tema_crossover.period);
  tema(close, 2 * c.tema_crossover.period);
  sma(close, c.atr_channel.ma_period);
  rsi(close, c.rsi_contrary.rsi_period);
  bollinger(close, c.bollinger_bands.period, c.bollinger_bands.std_dev);
});
const config = { ...c, general: { ...c.general, max_daily_trades: 100 } };
const result = backtest(bars, config);
const backtestMs = median(() => backtest(bars, config));
const withStatsMs = median(() => statisticsRecord(backtest(bars, config).trades));
const stats = statisticsRecord(result.trades);
const loadAfter = loadavg()[0] ?? 0;
const met = withStatsMs < GOAL_MS;

const table = markdownTable(
  ['Run over the same bars', 'Median ms', 'Ratio to indicators'],
  ['l', 'r', 'r'],
  [
    ["The seven strategies' indicators, batch (reference)", fixed(indicatorsMs), '1.00'],
    ['Backtest, all seven strategies', fixed(backtestMs), fixed(backtestMs / indicatorsMs, 2)],
    ['Backtest + statistics object', fixed(withStatsMs), fixed(withStatsMs / indicatorsMs, 2)],
  ],
);
const section = [
  SECTION,
  '',
  bullets([
    `Command (from the repository root): \`${COMMAND}\`.`,
    `Date: ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC`,
    `Machine: ${machineNote()}; 1-minute load average ${fixed(loadBefore, 2)} before, ${fixed(loadAfter, 2)} after.`,
    `Method: ${int(bars.length)} M1 bars (every weekday of 2025, 09:00–17:59 São Paulo, a seeded ` +
      `random walk of WIN on its 5-point tick) through core's \`backtest\` with the spec's ` +
      `default configuration, all seven strategies enabled and max_daily_trades 100 so the ` +
      `limit does not cut the work short; median of ${RUNS} runs after one warm-up, a full ` +
      `garbage collection before each. The reference computes, once each and in batch, the ` +
      `indicators the strategies read (ADX, ATR, swings, two TEMAs, SMA, RSI, Bollinger).`,
    `Result of the run: ${int(result.trades.length)} trades, net ${fixed(stats.profit, 2)}, ` +
      `win rate ${fixed(stats.win_rate, 1)} %; signals refused for a position already open: ` +
      `${int(result.skipped.positionOpen)}, for the daily limit: ${int(result.skipped.dailyLimit)}.`,
  ]),
  '',
  table,
  '',
  bullets([
    `Goal: a backtest of all seven strategies over one year of M1 bars under ${int(GOAL_MS)} ms — ` +
      `**${met ? 'met' : 'NOT met'}**: ${fixed(withStatsMs)} ms with the statistics object.`,
  ]),
  '',
].join('\n');
console.log(section);
await writeSection(SECTION, section);
if (!met) process.exitCode = 1;
