import type { ResultKey } from '@vortex/core';
import { parseComposite, parseDuration, parseNumber } from './numbers.js';

// Results labels the terminal writes, in English and pt-BR, mapped to one set of keys. The pt-BR
// labels are the real ones of a pt-BR Strategy Tester report (build 2190). A pt-BR Trade History
// report was not available: its Results block is assumed to use the same labels (unverified).
// Other languages are read by position (see assemble.ts) or left to be recomputed by the importer.

type Parse = 'number' | 'composite' | 'duration' | 'leading';
type Entry = readonly [first: ResultKey, second: ResultKey | null, parse: Parse];

const num = (k: ResultKey): Entry => [k, null, 'number'];
const pair = (a: ResultKey, b: ResultKey): Entry => [a, b, 'composite'];
const dur = (k: ResultKey): Entry => [k, null, 'duration'];

const LABELS: Record<string, Entry> = {
  'Total Net Profit': num('total_net_profit'),
  'Lucro Líquido Total': num('total_net_profit'),
  'Gross Profit': num('gross_profit'),
  'Lucro Bruto': num('gross_profit'),
  'Gross Loss': num('gross_loss'),
  'Perda Bruta': num('gross_loss'),
  'Profit Factor': num('profit_factor'),
  'Fator de Lucro': num('profit_factor'),
  'Expected Payoff': num('expected_payoff'),
  'Retorno Esperado (Payoff)': num('expected_payoff'),
  'Recovery Factor': num('recovery_factor'),
  'Fator de Recuperação': num('recovery_factor'),
  'Sharpe Ratio': num('sharpe_ratio'),
  'Índice de Sharpe': num('sharpe_ratio'),
  'Balance Drawdown Absolute': num('balance_drawdown_absolute'),
  'Rebaixamento Absoluto do Saldo': num('balance_drawdown_absolute'),
  'Balance Drawdown Maximal': pair('balance_drawdown_maximal', 'balance_drawdown_maximal_pct'),
  'Rebaixamento Máximo do Saldo': pair('balance_drawdown_maximal', 'balance_drawdown_maximal_pct'),
  'Balance Drawdown Relative': pair('balance_drawdown_relative_pct', 'balance_drawdown_relative'),
  'Rebaixamento Relativo do Saldo': pair(
    'balance_drawdown_relative_pct',
    'balance_drawdown_relative',
  ),
  'Equity Drawdown Absolute': num('equity_drawdown_absolute'),
  'Rebaixamento Absoluto do Capital Líquido': num('equity_drawdown_absolute'),
  'Equity Drawdown Maximal': pair('equity_drawdown_maximal', 'equity_drawdown_maximal_pct'),
  'Rebaixamento Máximo do Capital Líquido': pair(
    'equity_drawdown_maximal',
    'equity_drawdown_maximal_pct',
  ),
  'Equity Drawdown Relative': pair('equity_drawdown_relative_pct', 'equity_drawdown_relative'),
  'Rebaixamento Relativo do Capital Líquido': pair(
    'equity_drawdown_relative_pct',
    'equity_drawdown_relative',
  ),
  'Total Trades': num('total_trades'),
  'Total de Negociações': num('total_trades'),
  'Total Deals': num('total_deals'),
  'Ofertas Total': num('total_deals'),
  'Short Trades (won %)': pair('short_trades', 'short_trades_won_pct'),
  'Posições Vendidas (% e ganhos)': pair('short_trades', 'short_trades_won_pct'),
  'Long Trades (won %)': pair('long_trades', 'long_trades_won_pct'),
  'Posições Compradas (% de ganhos)': pair('long_trades', 'long_trades_won_pct'),
  'Profit Trades (% of total)': pair('profit_trades', 'profit_trades_pct'),
  'Negociações com Lucro (% of total)': pair('profit_trades', 'profit_trades_pct'),
  'Loss Trades (% of total)': pair('loss_trades', 'loss_trades_pct'),
  'Negociações com Perda (% of total)': pair('loss_trades', 'loss_trades_pct'),
  'Largest profit trade': num('largest_profit_trade'),
  'Maior lucro da negociação': num('largest_profit_trade'),
  'Largest loss trade': num('largest_loss_trade'),
  'Maior perda na Negociação': num('largest_loss_trade'),
  'Average profit trade': num('average_profit_trade'),
  'Média lucro da negociação': num('average_profit_trade'),
  'Average loss trade': num('average_loss_trade'),
  'Média perda na Negociação': num('average_loss_trade'),
  'Maximum consecutive wins ($)': pair('max_consecutive_wins', 'max_consecutive_wins_money'),
  'Máximo ganhos consecutivos ($)': pair('max_consecutive_wins', 'max_consecutive_wins_money'),
  'Maximum consecutive losses ($)': pair('max_consecutive_losses', 'max_consecutive_losses_money'),
  'Máximo perdas consecutivas ($)': pair('max_consecutive_losses', 'max_consecutive_losses_money'),
  'Maximal consecutive profit (count)': pair(
    'maximal_consecutive_profit',
    'maximal_consecutive_profit_count',
  ),
  'Máxima lucro consecutivo (contagem)': pair(
    'maximal_consecutive_profit',
    'maximal_consecutive_profit_count',
  ),
  'Maximal consecutive loss (count)': pair(
    'maximal_consecutive_loss',
    'maximal_consecutive_loss_count',
  ),
  'Máxima perda consecutiva (contagem)': pair(
    'maximal_consecutive_loss',
    'maximal_consecutive_loss_count',
  ),
  'Average consecutive wins': num('average_consecutive_wins'),
  'Média ganhos consecutivos': num('average_consecutive_wins'),
  'Average consecutive losses': num('average_consecutive_losses'),
  'Média perdas consecutivas': num('average_consecutive_losses'),
  'History Quality': ['history_quality_pct', null, 'leading'],
  'Qualidade do histórico': ['history_quality_pct', null, 'leading'],
  Bars: num('bars'),
  Barras: num('bars'),
  Ticks: num('ticks'),
  Symbols: num('symbols'),
  Ativos: num('symbols'),
  'Margin Level': num('margin_level_pct'),
  'Nível de Margem': num('margin_level_pct'),
  'Z-Score': pair('z_score', 'z_score_pct'),
  'Z-Pontuação': pair('z_score', 'z_score_pct'),
  AHPR: pair('ahpr', 'ahpr_pct'),
  GHPR: pair('ghpr', 'ghpr_pct'),
  'LR Correlation': num('lr_correlation'),
  'Correlação LR': num('lr_correlation'),
  'LR Standard Error': num('lr_standard_error'),
  'Erro Padrão LR': num('lr_standard_error'),
  'OnTester result': num('ontester_result'),
  'Resultado OnTester': num('ontester_result'),
  'Correlation (Profits,MFE)': num('correlation_profits_mfe'),
  'Correlação (Lucros,MFE)': num('correlation_profits_mfe'),
  'Correlation (Profits,MAE)': num('correlation_profits_mae'),
  'Correlação (Lucros,MAE)': num('correlation_profits_mae'),
  'Correlation (MFE,MAE)': num('correlation_mfe_mae'),
  'Correlação (MFE,MAE)': num('correlation_mfe_mae'),
  'Minimal position holding time': dur('min_position_holding_seconds'),
  'Tempo mínimo de duração da posição': dur('min_position_holding_seconds'),
  'Maximal position holding time': dur('max_position_holding_seconds'),
  'Tempo máximo de duração da posição': dur('max_position_holding_seconds'),
  'Average position holding time': dur('avg_position_holding_seconds'),
  'Tempo médio de duração da posição': dur('avg_position_holding_seconds'),
};

// The terminal's spacing is not stable ("Correlação(MFE,MAE)", "Erro Padrão LR :"): compare
// without whitespace and case.
const squash = (label: string) => label.replace(/\s+/g, '').toLowerCase();
const BY_SQUASHED = new Map(Object.entries(LABELS).map(([k, v]) => [squash(k), v]));

// The 25 Results lines of a Trade History report, in the terminal's fixed reading order.
export const HISTORY_RESULT_ORDER: readonly Entry[] = [
  'Total Net Profit',
  'Gross Profit',
  'Gross Loss',
  'Profit Factor',
  'Expected Payoff',
  'Recovery Factor',
  'Sharpe Ratio',
  'Balance Drawdown Absolute',
  'Balance Drawdown Maximal',
  'Balance Drawdown Relative',
  'Total Trades',
  'Short Trades (won %)',
  'Long Trades (won %)',
  'Profit Trades (% of total)',
  'Loss Trades (% of total)',
  'Largest profit trade',
  'Largest loss trade',
  'Average profit trade',
  'Average loss trade',
  'Maximum consecutive wins ($)',
  'Maximum consecutive losses ($)',
  'Maximal consecutive profit (count)',
  'Maximal consecutive loss (count)',
  'Average consecutive wins',
  'Average consecutive losses',
].map((label) => LABELS[label] as Entry);

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
