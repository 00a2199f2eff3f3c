import {
  MT5_TESTER_RESULT_LABELS,
  statementLabels,
  type ResultKey,
  type StatementLabels,
} from '@vortex/core';
import { parseComposite, parseDuration, parseNumber } from './numbers.js';

// Results labels the terminal writes, in English and pt-BR (core's mt5-labels.ts, which the
// statement writer writes too), mapped to one set of keys. A pt-BR Trade History report was not
// available: its Results block is assumed to use the tester's pt-BR labels (unverified). Other
// languages are read by position (see assemble.ts) or left to be recomputed by the importer.

type Parse = 'number' | 'composite' | 'duration' | 'leading';
type Entry = readonly [first: ResultKey, second: ResultKey | null, parse: Parse];

const num = (k: ResultKey): Entry => [k, null, 'number'];
const pair = (a: ResultKey, b: ResultKey): Entry => [a, b, 'composite'];
const dur = (k: ResultKey): Entry => [k, null, 'duration'];

// The 25 Results lines of a Trade History report, in the terminal's fixed reading order (the
// statement's own order); 'Balance Drawdown' heads three of them and carries no figure.
const HISTORY: Record<Exclude<keyof StatementLabels['results'], 'drawdown'>, Entry> = {
  totalNetProfit: num('total_net_profit'),
  grossProfit: num('gross_profit'),
  grossLoss: num('gross_loss'),
  profitFactor: num('profit_factor'),
  expectedPayoff: num('expected_payoff'),
  recoveryFactor: num('recovery_factor'),
  sharpeRatio: num('sharpe_ratio'),
  drawdownAbsolute: num('balance_drawdown_absolute'),
  drawdownMaximal: pair('balance_drawdown_maximal', 'balance_drawdown_maximal_pct'),
  drawdownRelative: pair('balance_drawdown_relative_pct', 'balance_drawdown_relative'),
  totalTrades: num('total_trades'),
  shortTrades: pair('short_trades', 'short_trades_won_pct'),
  longTrades: pair('long_trades', 'long_trades_won_pct'),
  profitTrades: pair('profit_trades', 'profit_trades_pct'),
  lossTrades: pair('loss_trades', 'loss_trades_pct'),
  largestProfitTrade: num('largest_profit_trade'),
  largestLossTrade: num('largest_loss_trade'),
  averageProfitTrade: num('average_profit_trade'),
  averageLossTrade: num('average_loss_trade'),
  maxConsecutiveWins: pair('max_consecutive_wins', 'max_consecutive_wins_money'),
  maxConsecutiveLosses: pair('max_consecutive_losses', 'max_consecutive_losses_money'),
  maximalConsecutiveProfit: pair('maximal_consecutive_profit', 'maximal_consecutive_profit_count'),
  maximalConsecutiveLoss: pair('maximal_consecutive_loss', 'maximal_consecutive_loss_count'),
  averageConsecutiveWins: num('average_consecutive_wins'),
  averageConsecutiveLosses: num('average_consecutive_losses'),
};

const TESTER: Record<keyof typeof MT5_TESTER_RESULT_LABELS, Entry> = {
  equityDrawdownAbsolute: num('equity_drawdown_absolute'),
  equityDrawdownMaximal: pair('equity_drawdown_maximal', 'equity_drawdown_maximal_pct'),
  equityDrawdownRelative: pair('equity_drawdown_relative_pct', 'equity_drawdown_relative'),
  totalDeals: num('total_deals'),
  historyQuality: ['history_quality_pct', null, 'leading'],
  bars: num('bars'),
  ticks: num('ticks'),
  symbols: num('symbols'),
  zScore: pair('z_score', 'z_score_pct'),
  ahpr: pair('ahpr', 'ahpr_pct'),
  ghpr: pair('ghpr', 'ghpr_pct'),
  lrCorrelation: num('lr_correlation'),
  lrStandardError: num('lr_standard_error'),
  onTesterResult: num('ontester_result'),
  correlationProfitsMfe: num('correlation_profits_mfe'),
  correlationProfitsMae: num('correlation_profits_mae'),
  correlationMfeMae: num('correlation_mfe_mae'),
  minHolding: dur('min_position_holding_seconds'),
  maxHolding: dur('max_position_holding_seconds'),
  avgHolding: dur('avg_position_holding_seconds'),
};

const LANGUAGES = ['en', 'pt-BR'] as const;
const LABELS: [string, Entry][] = LANGUAGES.flatMap((language) => {
  const words = statementLabels[language];
  return [
    ...Object.entries(HISTORY).map(([key, entry]): [string, Entry] => [
      words.results[key as keyof typeof HISTORY],
      entry,
    ]),
    ...Object.entries(TESTER).map(([key, entry]): [string, Entry] => [
      MT5_TESTER_RESULT_LABELS[key as keyof typeof TESTER][language],
      entry,
    ]),
    // The tester's Results also carry the account's margin level, as the summary names it.
    [words.summary.marginLevel, num('margin_level_pct')],
  ];
});

// The terminal's spacing is not stable ("Correlação(MFE,MAE)", "Erro Padrão LR :"): compare
// without whitespace and case.
const squash = (label: string) => label.replace(/\s+/g, '').toLowerCase();
const BY_SQUASHED = new Map(LABELS.map(([label, entry]) => [squash(label), entry]));

export const HISTORY_RESULT_ORDER: readonly Entry[] = Object.values(HISTORY);

export function resultEntry(label: string): Entry | undefined {
  return BY_SQUASHED.get(squash(label));
}

/** Writes the values of one Results line into `out`; false when its text is not a number. */
export function applyResult(
  entry: Entry,
  text: string,
  out: Partial<Record<ResultKey, number>>,
): boolean {
  const [first, second, parse] = entry;
  if (text.trim() === '') return true; // the tester leaves e.g. Margin Level empty
  if (parse === 'composite') {
    const [a, b] = parseComposite(text);
    if (a === null) return false;
    out[first] = a;
    if (second !== null && b !== null) out[second] = b;
    return true;
  }
  const value =
    parse === 'duration'
      ? parseDuration(text)
      : parse === 'leading'
        ? parseNumber(text.trim().split(' ')[0])
        : parseNumber(text);
  if (value === null) return false;
  out[first] = value;
  return true;
}
