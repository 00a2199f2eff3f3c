import { formatDatePtBR, formatPercent } from '@vortex/core';
import { Card } from '../../../components/ui/card';
import { cn } from '../../../lib/cn';
import { useMoney, type Money } from '../../../lib/money';
import type { Overview } from '../api/get-overview';
import { dashboardTexts } from '../messages';

const t = dashboardTexts.last7;
type Day = Overview['last_7_days']['best_day'];

const dayLabel = (day: Day, money: Money) =>
  day
    ? `${formatDatePtBR(`${day.date}T12:00:00Z`, 'UTC')} · ${money.format(day.netProfit)}`
    : t.none;

function Item({ label, value, tone }: { label: string; value: string; tone?: number }) {
  return (
    <div className="space-y-1 rounded-lg bg-muted/50 p-3">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd
        className={cn(
          'text-sm font-semibold tabular-nums',
          tone !== undefined && tone > 0 && 'text-success',
          tone !== undefined && tone < 0 && 'text-destructive',
        )}
      >
        {value}
      </dd>
    </div>
  );
}

/** trading.md §2: total profit, win rate, best and worst day, positive and negative days. */
export function Last7DaysCard({ summary }: { summary: Overview['last_7_days'] }) {
  const money = useMoney();
  return (
    <Card role="region" aria-label={t.title} className="p-5">
      <h2 className="mb-3 font-semibold">{t.title}</h2>
      <dl className="grid grid-cols-2 gap-3">
        <Item
          label={t.totalProfit}
          value={money.format(summary.total_profit)}
          tone={summary.total_profit}
        />
        <Item label={t.winRate} value={formatPercent(summary.win_rate, 1)} />
        <Item
          label={t.bestDay}
          value={dayLabel(summary.best_day, money)}
          {...(summary.best_day ? { tone: summary.best_day.netProfit } : {})}
        />
        <Item
          label={t.worstDay}
          value={dayLabel(summary.worst_day, money)}
          {...(summary.worst_day ? { tone: summary.worst_day.netProfit } : {})}
        />
        <Item label={t.positiveDays} value={String(summary.positive_days)} />
        <Item label={t.negativeDays} value={String(summary.negative_days)} />
      </dl>
    </Card>
  );
}
