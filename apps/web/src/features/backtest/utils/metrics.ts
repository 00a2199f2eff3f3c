import {
  formatBRL,
  formatDecimal,
  formatPercent,
  formatProfitFactor,
  type StatisticsRecord,
} from '@vortex/core';
import { backtestTexts } from '../messages';

const t = backtestTexts.stats;

export interface MetricSpec {
  label: string;
  /** The figure to compare; profit factor's null (no loss) counts as infinite. */
  value: (s: StatisticsRecord) => number;
  format: (s: StatisticsRecord) => string;
  /** A difference B − A, formatted in the metric's unit. */
  formatDiff: (diff: number) => string;
  /** Whether a larger value is the better one; null where more is neither (trade count). */
  higherIsBetter: boolean | null;
}

const signed = (text: string, diff: number) => (diff > 0 ? `+${text}` : text);
const brlDiff = (d: number) => signed(formatBRL(d), d);
const decimalDiff = (d: number) => signed(formatDecimal(d), d);

/** The key figures of the statistics object, in the order the screen shows them. */
export const keyMetrics: MetricSpec[] = [
  {
    label: t.totalTrades,
    value: (s) => s.total_trades,
    format: (s) => String(s.total_trades),
    formatDiff: (d) => signed(String(d), d),
    higherIsBetter: null,
  },
  {
    label: t.winRate,
    value: (s) => s.win_rate,
    format: (s) => formatPercent(s.win_rate, 1),
    formatDiff: (d) => `${signed(formatDecimal(d, 1), d)} p.p.`,
    higherIsBetter: true,
  },
  {
    label: t.profitFactor,
    value: (s) => s.profit_factor ?? Number.POSITIVE_INFINITY,
    format: (s) => formatProfitFactor(s.profit_factor ?? Number.POSITIVE_INFINITY),
    formatDiff: (d) => (Number.isFinite(d) ? decimalDiff(d) : '—'),
    higherIsBetter: true,
  },
  {
    label: t.netProfit,
    value: (s) => s.profit,
    format: (s) => formatBRL(s.profit),
    formatDiff: brlDiff,
    higherIsBetter: true,
  },
  {
    label: t.maxDrawdown,
    value: (s) => s.max_drawdown,
    format: (s) => `${formatBRL(s.max_drawdown)} (${formatPercent(s.max_drawdown_percent)})`,
    formatDiff: brlDiff,
    higherIsBetter: false,
  },
  {
    label: t.sharpe,
    value: (s) => s.sharpe_ratio,
    format: (s) => formatDecimal(s.sharpe_ratio),
    formatDiff: decimalDiff,
    higherIsBetter: true,
  },
  {
    label: t.expectancy,
    value: (s) => s.expectancy,
    format: (s) => formatBRL(s.expectancy),
    formatDiff: brlDiff,
    higherIsBetter: true,
  },
  {
    label: t.sqn,
    value: (s) => s.sqn,
    format: (s) => formatDecimal(s.sqn),
    formatDiff: decimalDiff,
    higherIsBetter: true,
  },
];

/** 1 when B is better than A on the metric, -1 when worse, 0 when level or not comparable. */
export function verdict(spec: MetricSpec, a: StatisticsRecord, b: StatisticsRecord): -1 | 0 | 1 {
  const [va, vb] = [spec.value(a), spec.value(b)];
  if (spec.higherIsBetter === null || va === vb || Number.isNaN(va) || Number.isNaN(vb)) return 0;
  return vb > va === spec.higherIsBetter ? 1 : -1;
}
