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
  hint?: string;
}) {
  return (
    <Card className="p-4 sm:p-5">
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

const toneOf = (value: number) =>
  value > 0 ? 'text-success' : value < 0 ? 'text-destructive' : undefined;

/**
 * Total, win rate, net result (with the commissions, fees and swap it includes) and profit factor
 * (∞ above 999, §9) with its gross profit and loss: of every position of the filter when the
 * server's totals are at hand, else of the rows.
 */
export function TradesSummary({ summary }: { summary: Summary }) {
  const money = useMoney();
  const costs = [
    t.summary.fees(money.format(summary.fees)),
    ...(summary.swap !== 0 ? [t.summary.swap(money.format(summary.swap))] : []),
  ].join(' · ');
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
      />
      <SummaryCard
        label={t.summary.profitFactor}
        icon={<Scale />}
        value={formatProfitFactor(summary.profitFactor)}
        hint={t.summary.gross(
          money.format(summary.grossProfit),
          money.format(Math.abs(summary.grossLoss)),
        )}
      />
    </div>
  );
}
