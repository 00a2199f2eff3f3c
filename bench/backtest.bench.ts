/**
 * A backtest of all seven strategies over one year of the simulator's M1 bars (issue 6; goal: under 1 s), against
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
  M1BarBuilder,
  PriceProcess,
  SessionCalendar,
  simulatedM1Bars,
  tema,
  type Bar,
} from '../packages/core/src/index.js';
import { bullets, fixed, int, machineNote, markdownTable, writeSection } from './support/report.js';

const SECTION = '## Backtest: seven strategies over a year of M1 bars';
const COMMAND = 'npm run bench:backtest -w @vortex/bench';
const GOAL_MS = 1_000;
const RUNS = 7;

setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

const YEAR = {
  from: Date.parse('2025-01-01T00:00:00-03:00'),
  to: Date.parse('2026-01-01T00:00:00-03:00'),
};

/** The bars a simulator backtest runs over: a year of the simulator's market, drawn by minute. */
const yearOfBars = (seed = 2025): Bar[] => simulatedM1Bars({ seed, ...YEAR });

/** The same year ticked through the price process, as the bridge's simulator does. */
function yearOfTicks(seed = 2025): number {
  const prices = new PriceProcess(seed, YEAR.from, new SessionCalendar());
  const builder = new M1BarBuilder();
  let bars = 0;
  for (let tick = prices.next(); tick.time_msc < YEAR.to; tick = prices.next()) {
    if (builder.onTick(tick)) bars++;
  }
  return bars + 1;
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

const generateMs = median(() => yearOfBars());
const tickStart = performance.now();
yearOfTicks();
const tickPathMs = performance.now() - tickStart; // one run: it is the route not taken
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
    [
      'Simulator bars for the year (`simulatedM1Bars`)',
      fixed(generateMs),
      fixed(generateMs / indicatorsMs, 2),
    ],
    [
      'Same year ticked through the price process (1 run)',
      fixed(tickPathMs),
      fixed(tickPathMs / indicatorsMs, 2),
    ],
  ],
);
const section = [
  SECTION,
  '',
  bullets([
    `Command (from the repository root): \`${COMMAND}\`.`,
    `Date: ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC`,
    `Machine: ${machineNote()}; 1-minute load average ${fixed(loadBefore, 2)} before, ${fixed(loadAfter, 2)} after.`,
    `Method: ${int(bars.length)} M1 bars (every weekday of 2025, 09:00–18:25 São Paulo: the ` +
      `simulator's market, seed 2025, drawn by core's \`simulatedM1Bars\`, as a simulator ` +
      `backtest runs) through core's \`backtest\` with the spec's ` +
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
    `Simulator bars: a year of M1 drawn a minute at a time in ${fixed(generateMs)} ms; ticking ` +
      `the same year through the price process (what the bridge's simulator does) took ` +
      `${fixed(tickPathMs)} ms, so a simulator backtest draws by minute, then runs ` +
      `${fixed(generateMs + withStatsMs)} ms in all (on a worker thread).`,
  ]),
  '',
].join('\n');
console.log(section);
await writeSection(SECTION, section);
if (!met) process.exitCode = 1;
