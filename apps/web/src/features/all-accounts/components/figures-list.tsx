import { formatPercent, type AccountPeriodFigures } from '@vortex/core';
import { moneyOf } from '../../../lib/money';
import { cn } from '../../../lib/cn';
import { allAccountsTexts as t } from '../messages';

const f = t.figures;

/**
 * Green for a gain, red for a loss, plain for zero. The theme's light green on a white card is
 * below 4.5:1 for this small text (axe), so the light theme takes a darker one.
 */
export const GAIN_TEXT = 'text-emerald-700 dark:text-success';
const toneOf = (value: number) =>
  value > 0 ? GAIN_TEXT : value < 0 ? 'text-destructive' : undefined;

interface Item {
  label: string;
  value: string;
  tone?: string | undefined;
  detail?: string;
  title?: string;
}

/** An account's (or a currency's) figures as label/value pairs, in its own currency. */
export function FiguresList({
  figures,
  currency,
  drawdownTitle,
  className,
}: {
  figures: AccountPeriodFigures;
  currency: string;
  drawdownTitle?: string;
  className?: string;
}) {
  const money = moneyOf(currency);
  const items: Item[] = [
    {
      label: figures.balance_basis === 'estimate' ? f.estimatedBalance : f.balance,
      value: money.format(figures.balance),
    },
    {
      label: f.netProfit,
      value: money.format(figures.net_profit),
      tone: toneOf(figures.net_profit),
    },
    { label: f.deposits, value: money.format(figures.deposits) },
    { label: f.withdrawals, value: money.format(figures.withdrawals) },
    { label: f.fees, value: money.format(figures.fees) },
    { label: f.totalTrades, value: String(figures.total_trades) },
    { label: f.winRate, value: formatPercent(figures.win_rate) },
    {
      label: f.maxDrawdown,
      value: money.format(figures.max_drawdown),
      detail: formatPercent(figures.max_drawdown_percent),
      ...(drawdownTitle ? { title: drawdownTitle } : {}),
    },
  ];
  return (
    // Columns by the list's own width (a card beside another, or the whole page), never a number cut.
    <div className={cn('@container', className)}>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-3 @sm:grid-cols-3 @2xl:grid-cols-4">
        {items.map((item) => (
          <div key={item.label} className="min-w-0" title={item.title}>
            <dt className="text-xs text-muted-foreground">{item.label}</dt>
            <dd className={cn('text-sm font-semibold whitespace-nowrap tabular-nums', item.tone)}>
              {item.value}
              {item.detail && (
                <span className="text-xs font-normal text-muted-foreground">
                  {` (${item.detail})`}
                </span>
              )}
            </dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
