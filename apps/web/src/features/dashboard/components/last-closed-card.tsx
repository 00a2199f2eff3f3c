import { formatDateTimePtBR, formatPrice } from '@vortex/core';
import { ArrowDownRight, ArrowUpRight } from 'lucide-react';
import { Card } from '../../../components/ui/card';
import { cn } from '../../../lib/cn';
import type { Overview } from '../api/get-overview';
import { dashboardTexts } from '../messages';
import { useMoney } from '../../../lib/money';

const t = dashboardTexts.lastClosed;
/** trading.md §9: the last five closed operations. */
const LAST_CLOSED_MAX = 5;

/**
 * Each position once, newest first: the server merges a reversed position's round trips, and
 * a row repeating an id already shown (an answer from before that) is left out, not doubled.
 */
export function uniquePositions(trades: Overview['last_closed']): Overview['last_closed'] {
  const seen = new Set<string>();
  return trades.filter((trade) => {
    if (seen.has(trade.position_id)) return false;
    seen.add(trade.position_id);
    return true;
  });
}

export function LastClosedCard({ trades }: { trades: Overview['last_closed'] }) {
  const money = useMoney();
  const shown = uniquePositions(trades).slice(0, LAST_CLOSED_MAX);
  return (
    <Card role="region" aria-label={t.title} className="p-5">
      <h2 className="mb-3 font-semibold">{t.title}</h2>
      {shown.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t.empty}</p>
      ) : (
        <ul className="divide-y divide-border">
          {shown.map((trade) => {
            const buy = trade.type === 'BUY';
            const Icon = buy ? ArrowUpRight : ArrowDownRight;
            return (
              <li key={trade.position_id} className="flex items-center gap-3 py-2.5">
                <span
                  className={cn(
                    'grid size-8 shrink-0 place-items-center rounded-lg',
                    buy ? 'bg-success/10 text-success' : 'bg-destructive/10 text-destructive',
                  )}
                >
                  <Icon aria-hidden className="size-4" />
                </span>
                <div className="min-w-0 flex-1">
                  <p className="text-sm font-medium">
                    {trade.symbol}{' '}
                    <span className="font-normal text-muted-foreground">
                      {buy ? t.buy : t.sell}
                      {/* A reversed position: the side it was turned to, so the prices read right. */}
                      {trade.reversed_to && trade.reversed_to !== trade.type
                        ? ` → ${trade.reversed_to === 'BUY' ? t.buy : t.sell}`
                        : ''}{' '}
                      · {formatPrice(trade.entry_price)} → {formatPrice(trade.exit_price)}
                    </span>
                  </p>
                  <p className="text-xs text-muted-foreground">
                    {formatDateTimePtBR(trade.close_time)} · {trade.duration} · #{trade.position_id}
                  </p>
                </div>
                <span
                  className={cn(
                    'text-sm font-semibold whitespace-nowrap tabular-nums',
                    trade.net_profit > 0 && 'text-success',
                    trade.net_profit < 0 && 'text-destructive',
                  )}
                >
                  {money.format(trade.net_profit)}
                </span>
              </li>
            );
          })}
        </ul>
      )}
    </Card>
  );
}
