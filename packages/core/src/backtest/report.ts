import type { BotConfig } from '../bot/config.schema.js';
import type { TradedInstrument } from '../market/symbol-spec.js';
import type { BarLike } from '../strategies/signal.js';
import { INITIAL_BALANCE } from '../trading/constants.js';
import { netProfitOf } from '../trading/position.js';
import { statisticsRecord } from '../trading/statistics-record.js';
import type { BacktestResponse } from './api.schema.js';
import { backtest, WIN_BACKTEST_INSTRUMENT } from './backtest.js';

export interface BacktestReportOptions {
  /** The simulated market's seed, when the bars are the simulator's. */
  seed?: number;
  /** The traded symbol's instrument; WIN's when not given. */
  instrument?: TradedInstrument;
}

/** The answer of POST /api/bot/backtest: core's backtest of `config` over `bars`, with statistics. */
export function backtestReport(
  bars: readonly BarLike[],
  config: BotConfig,
  source: BacktestResponse['source'],
  { seed, instrument }: BacktestReportOptions = {},
): BacktestResponse {
  const result = backtest(bars, config, instrument ?? WIN_BACKTEST_INSTRUMENT);
  return {
    success: true,
    source,
    ...(seed === undefined ? {} : { seed }),
    ...(instrument
      ? {
          instrument: {
            symbol: instrument.symbol,
            tick: instrument.tick,
            point_value: instrument.pointValue,
            commission_per_contract: instrument.commissionPerContract,
            source: instrument.source,
          },
        }
      : {}),
    bars: bars.length,
    first_bar_time: bars[0]?.time ?? null,
    last_bar_time: bars[bars.length - 1]?.time ?? null,
    trades: result.trades.map((t) => ({ ...t, net_profit: netProfitOf(t) })),
    statistics: statisticsRecord(result.trades, { initialBalance: INITIAL_BALANCE }),
    skipped: {
      daily_limit: result.skipped.dailyLimit,
      position_open: result.skipped.positionOpen,
    },
  };
}
