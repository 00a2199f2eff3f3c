import {
  BACKTEST_MAX_BARS,
  backtestReport,
  parseBarsCsv,
  simulatorBacktestBars,
  type BacktestResponse,
  type BarLike,
  type BotConfig,
  type SimulatorRange,
  type TradedInstrument,
} from '@vortex/core';

/**
 * The CPU-bound part of a backtest, as sent to a worker: plain data, cloned across threads. The
 * instrument values the trades (the traded symbol's specification); WIN's when not given.
 */
export type BacktestJob = { config: BotConfig; instrument?: TradedInstrument } & (
  | { source: 'stored'; bars: BarLike[] }
  | { source: 'csv'; csv: string }
  | { source: 'simulator'; range: SimulatorRange }
);

export type BacktestJobResult =
  { ok: true; response: BacktestResponse } | { ok: false; status: number; error: string };

/** Bars of the job (parsed, drawn or as given), then core's backtest and statistics. */
export function runBacktestJob(job: BacktestJob): BacktestJobResult {
  const options = job.instrument ? { instrument: job.instrument } : {};
  if (job.source === 'csv') {
    const parsed = parseBarsCsv(job.csv, BACKTEST_MAX_BARS);
    if (!parsed.ok) return { ok: false, status: 400, error: parsed.error };
    return { ok: true, response: backtestReport(parsed.bars, job.config, 'csv', options) };
  }
  if (job.source === 'simulator') {
    const bars = simulatorBacktestBars(job.range, job.config.general.timeframe);
    return {
      ok: true,
      response: backtestReport(bars, job.config, 'simulator', { ...options, seed: job.range.seed }),
    };
  }
  return { ok: true, response: backtestReport(job.bars, job.config, 'stored', options) };
}
