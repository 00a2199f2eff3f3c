import { formatDecimal, formatPercent, formatProfitFactor } from '@vortex/core';
import { Percent, Scale, Sigma, Wallet } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card } from '../../../components/ui/card';
import { cn } from '../../../lib/cn';
import { tradesTexts as t } from '../messages';
import type { TradesSummary as Summary } from '../utils/trades-filters';
import { useMoney } from '../../../lib/money';

function SummaryCard(props: {
  label: string;
  icon: ReactNode;
  value: string;
  tone?: string;
  hint?: ReactNode;
  className?: string;
}) {
  return (
    <Card className={cn('p-4 sm:p-5', props.className)}>
      <div className="flex items-center justify-between gap-2 text-sm text-muted-foreground">
        <span>{props.label}</span>
        <span aria-hidden className="text-muted-foreground/70 [&_svg]:size-4">
          {props.icon}
        </span>
      </div>
      <p
        className={cn(
          'mt-2 text-xl font-semibold tracking-tight whitespace-nowrap tabular-nums sm:text-2xl',
          props.tone,
        )}
      >
        {props.value}
      </p>
      {props.hint && <p className="mt-1 text-xs text-muted-foreground">{props.hint}</p>}
    </Card>
  );
}

/** A label and its amount, the amount never split across lines (not even after its minus). */
function Amount({ label, value }: { label: string; value: string }) {
  return (
    <>
      {label} <span className="whitespace-nowrap">{value}</span>
    </>
  );
}

const toneOf = (value: number) =>
  value > 0 ? 'text-success' : value < 0 ? 'text-destructive' : undefined;

/**
 * Total, win rate, net result (with the commissions, fees and swap it includes) and profit factor
 * (∞ above 999, §9) with its gross profit and loss: of every position of the filter when the
 * server's totals are at hand, else of the rows.
 */
export function TradesSummary({ summary }: { summary: Summary }) {
  const money = useMoney();
  const costs = (
    <>
      <Amount label={t.summary.fees} value={money.format(summary.fees)} />
      {summary.swap !== 0 && (
        <>
          {' · '}
          <Amount label={t.summary.swap} value={money.format(summary.swap)} />
        </>
      )}
    </>
  );
  return (
    <div data-testid="trades-summary" className="grid grid-cols-2 gap-3 lg:grid-cols-4 lg:gap-4">
      <SummaryCard
        label={t.summary.total}
        icon={<Sigma />}
        value={formatDecimal(summary.total, 0)}
      />
      <SummaryCard
        label={t.summary.winRate}
        icon={<Percent />}
        value={formatPercent(summary.winRate, 1)}
        hint={t.summary.winLoss(summary.wins, summary.losses)}
      />
      <SummaryCard
        label={t.summary.net}
        icon={<Wallet />}
        value={money.format(summary.net)}
        tone={toneOf(summary.net)}
        hint={costs}
        // Money needs the row on a phone: 'R$ 152.340,50' is wider than half of it.
        className="col-span-2 lg:col-span-1"
      />
      <SummaryCard
        label={t.summary.profitFactor}
        icon={<Scale />}
        value={formatProfitFactor(summary.profitFactor)}
        hint={
          <>
            <Amount label={t.summary.grossProfit} value={money.format(summary.grossProfit)} />
            {' ÷ '}
            <Amount label={t.summary.grossLoss} value={money.format(Math.abs(summary.grossLoss))} />
          </>
        }
        className="col-span-2 lg:col-span-1"
      />
    </div>
  );
}
