import { formatDecimal, formatPercent, formatProfitFactor } from '@vortex/core';
import { Activity, Percent, Scale, Wallet, type LucideIcon } from 'lucide-react';
import { Card } from '../../../components/ui/card';
import { cn } from '../../../lib/cn';
import type { ReportsSummary } from '../api/get-reports-summary';
import { reportsTexts as t } from '../messages';
import { useMoney } from '../../../lib/money';

function SummaryCard({
  label,
  value,
  hint,
  Icon,
  tone = 'neutral',
}: {
  label: string;
  value: string;
  hint: string;
  Icon: LucideIcon;
  tone?: 'neutral' | 'up' | 'down';
}) {
  return (
    <Card role="group" aria-label={label} className="flex min-w-0 flex-col gap-1 p-4 sm:p-5">
      <div className="flex items-start justify-between gap-2">
        <p className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">
          {label}
        </p>
        <span
          className={cn(
            'grid size-8 shrink-0 place-items-center rounded-lg',
            tone === 'neutral' && 'bg-primary/10 text-primary',
            tone === 'up' && 'bg-success/10 text-success',
            tone === 'down' && 'bg-destructive/10 text-destructive',
          )}
        >
          <Icon aria-hidden className="size-4" />
        </span>
      </div>
      <p
        data-testid="summary-value"
        title={value}
        // A money figure never breaks at its minus sign; a long one takes a smaller size instead,
        // so it fits a phone's two columns and the desktop's four.
        className={cn(
          'overflow-hidden font-semibold whitespace-nowrap tabular-nums',
          value.length > 12 ? 'text-base sm:text-xl' : 'text-lg sm:text-2xl',
          tone === 'up' && 'text-success',
          tone === 'down' && 'text-destructive',
        )}
      >
        {value}
      </p>
      <p className="text-xs text-muted-foreground">{hint}</p>
    </Card>
  );
}

const toneOf = (value: number) => (value > 0 ? 'up' : value < 0 ? 'down' : 'neutral');

/** trading.md §3 "Reports summary": trades, win rate, P&L in reais and profit factor (∞). */
export function SummaryCards({ summary }: { summary: ReportsSummary['summary'] }) {
  const money = useMoney();
  const factor = summary.profit_factor;
  return (
    <div className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4">
      <SummaryCard
        label={t.summary.totalTrades}
        value={formatDecimal(summary.total_trades, 0)}
        hint={t.summary.tradesHint}
        Icon={Activity}
      />
      <SummaryCard
        label={t.summary.winRate}
        value={formatPercent(summary.win_rate, 1)}
        hint={t.summary.winRateHint}
        Icon={Percent}
      />
      <SummaryCard
        label={t.summary.totalPnl}
        value={money.format(summary.total_pnl)}
        hint={t.summary.pnlHint}
        Icon={Wallet}
        tone={toneOf(summary.total_pnl)}
      />
      <SummaryCard
        label={t.summary.profitFactor}
        // null travels for a period with profit and no loss: infinite.
        value={formatProfitFactor(factor ?? Number.POSITIVE_INFINITY)}
        hint={t.summary.profitFactorHint}
        Icon={Scale}
        tone={factor === null ? 'up' : toneOf(factor - 1)}
      />
    </div>
  );
}
