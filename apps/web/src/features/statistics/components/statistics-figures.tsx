import {
  formatDecimal,
  formatPercent,
  formatProfitFactor,
  type BalanceBasis,
  type StatisticsRecord,
} from '@vortex/core';
import { Percent, Scale, TrendingUp, Wallet } from 'lucide-react';
import { Card } from '../../../components/ui/card';
import { statisticsTexts as t } from '../messages';
import { dayLabel } from '../utils/period';
import { HeadlineCard, MetricList, toneOf } from './metric';
import { useMoney } from '../../../lib/money';

/** null travels for "profit and no loss": '∞' (§9). */
export const profitFactorText = (value: number | null) =>
  formatProfitFactor(value ?? Number.POSITIVE_INFINITY);

const ratio = (value: number) => formatDecimal(value, 2);

/** The balance ends at the account's; without it, an estimate from the spec's base, so labelled. */
export function HeadlineCards({
  stats,
}: {
  stats: StatisticsRecord & { balance_basis: BalanceBasis };
}) {
  const money = useMoney();
  const h = t.headline;
  const basis = stats.balance_basis;
  const estimate = basis.source === 'estimate';
  return (
    <div
      data-testid="statistics-headline"
      className="grid grid-cols-2 gap-3 lg:grid-cols-4 lg:gap-4"
    >
      <HeadlineCard
        label={estimate ? h.estimatedBalance : h.balance}
        icon={<Wallet />}
        value={money.format(stats.balance)}
        hint={(estimate ? h.estimate : h.initial)(money.format(basis.initial_balance))}
      />
      <HeadlineCard
        label={h.profit}
        icon={<TrendingUp />}
        value={money.format(stats.profit)}
        tone={toneOf(stats.profit)}
        hint={h.profitPercent(formatPercent(stats.profit_percentage))}
      />
      <HeadlineCard
        label={h.winRate}
        icon={<Percent />}
        value={formatPercent(stats.win_rate, 1)}
        hint={h.winLoss(stats.winning_trades, stats.losing_trades)}
      />
      <HeadlineCard
        label={h.profitFactor}
        icon={<Scale />}
        value={profitFactorText(stats.profit_factor)}
        hint={h.gross(money.format(stats.gross_profit), money.format(stats.gross_loss))}
      />
    </div>
  );
}

export function PerformanceList({ stats }: { stats: StatisticsRecord }) {
  const money = useMoney();
  const p = t.performance;
  return (
    <MetricList
      title={p.title}
      items={[
        {
          label: p.totalTrades,
          value: formatDecimal(stats.total_trades, 0),
          detail: p.roundTrips,
          title: p.countsRoundTrips,
        },
        { label: p.tradesPerDay, value: formatDecimal(stats.trades_per_day, 1) },
        {
          label: p.winningTrades,
          value: formatDecimal(stats.winning_trades, 0),
          tone: 'text-success',
        },
        {
          label: p.losingTrades,
          value: formatDecimal(stats.losing_trades, 0),
          tone: 'text-destructive',
        },
        {
          label: p.averageWin,
          value: money.format(stats.average_win),
          tone: toneOf(stats.average_win),
        },
        {
          label: p.averageLoss,
          value: money.format(stats.average_loss),
          tone: toneOf(stats.average_loss),
        },
        {
          label: p.largestWin,
          value: money.format(stats.largest_win),
          tone: toneOf(stats.largest_win),
        },
        {
          label: p.largestLoss,
          value: money.format(stats.largest_loss),
          tone: toneOf(stats.largest_loss),
        },
        {
          label: p.expectancy,
          value: money.format(stats.expectancy),
          tone: toneOf(stats.expectancy),
        },
        { label: p.avgDuration, value: stats.avg_duration },
        {
          label: p.bestDay,
          value: stats.best_day ? dayLabel(stats.best_day.date) : '—',
          detail: stats.best_day ? money.format(stats.best_day.profit) : undefined,
        },
        {
          label: p.bestHour,
          value: stats.best_hour ? p.hour(stats.best_hour.hour) : '—',
          detail: stats.best_hour ? money.format(stats.best_hour.profit) : undefined,
        },
        { label: p.maxWins, value: formatDecimal(stats.max_consecutive_wins, 0) },
        { label: p.maxLosses, value: formatDecimal(stats.max_consecutive_losses, 0) },
      ]}
    />
  );
}

export function RiskList({ stats }: { stats: StatisticsRecord }) {
  const money = useMoney();
  const r = t.risk;
  return (
    <MetricList
      title={r.title}
      items={[
        {
          label: r.maxDrawdown,
          value: money.format(stats.max_drawdown),
          detail: formatPercent(stats.max_drawdown_percent),
        },
        { label: r.volatility, value: money.format(stats.volatility) },
        { label: r.var95, value: money.format(stats.var_95) },
        { label: r.sharpe, value: ratio(stats.sharpe_ratio) },
        { label: r.sortino, value: ratio(stats.sortino_ratio) },
        { label: r.calmar, value: ratio(stats.calmar_ratio) },
        { label: r.recovery, value: ratio(stats.recovery_factor) },
        { label: r.sqn, value: ratio(stats.sqn) },
      ]}
    />
  );
}

/** Long versus short: how many of each and how often each won. */
export function SidesCard({ stats }: { stats: StatisticsRecord }) {
  const s = t.sides;
  const total = stats.long_trades + stats.short_trades;
  const longShare = total === 0 ? 50 : (stats.long_trades / total) * 100;
  const side = (label: string, trades: number, winRate: number) => (
    <div className="space-y-0.5">
      <p className="text-sm text-muted-foreground">{label}</p>
      <p className="text-xl font-semibold tabular-nums">{s.trades(trades)}</p>
      <p className="text-xs text-muted-foreground tabular-nums">
        {formatPercent(winRate, 1)} {s.winRate}
      </p>
    </div>
  );
  return (
    <Card className="p-4 sm:p-5">
      <h2 className="mb-3 text-base font-semibold tracking-tight">{s.title}</h2>
      <div className="flex justify-between gap-4">
        {side(s.long, stats.long_trades, stats.long_win_rate)}
        <div className="text-right">{side(s.short, stats.short_trades, stats.short_win_rate)}</div>
      </div>
      <div aria-hidden className="mt-4 flex h-2 overflow-hidden rounded-full bg-destructive/25">
        <div className="bg-primary" style={{ width: `${longShare}%` }} />
      </div>
    </Card>
  );
}
