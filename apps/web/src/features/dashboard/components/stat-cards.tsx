import { DASHBOARD_BASE_BALANCE, formatPercent, formatProfitFactor } from '@vortex/core';
import {
  BriefcaseBusiness,
  Gauge,
  Info,
  Landmark,
  Percent,
  PiggyBank,
  Scale,
  TrendingUp,
  type LucideIcon,
} from 'lucide-react';
import { Card } from '../../../components/ui/card';
import { cn } from '../../../lib/cn';
import type { Overview } from '../api/get-overview';
import type { Realtime } from '../api/get-realtime';
import { dashboardTexts } from '../messages';
import { useMoney } from '../../../lib/money';

const t = dashboardTexts.cards;

type Tone = 'neutral' | 'up' | 'down';
const toneOf = (value: number): Tone => (value > 0 ? 'up' : value < 0 ? 'down' : 'neutral');

function StatCard({
  label,
  value,
  hint,
  note,
  Icon,
  tone = 'neutral',
}: {
  label: string;
  value: string;
  hint: string;
  /** Says what the hint's figures count, as a tooltip on an info mark. */
  note?: string;
  Icon: LucideIcon;
  tone?: Tone;
}) {
  return (
    <Card role="group" aria-label={label} className="flex min-w-0 flex-col gap-2 p-3 sm:p-4">
      <div className="flex items-center justify-between gap-2">
        <p className="text-xs font-medium text-muted-foreground">{label}</p>
        <Icon aria-hidden className="size-4 text-muted-foreground" />
      </div>
      <p
        data-testid="stat-value"
        className={cn(
          'text-lg font-semibold tracking-tight tabular-nums sm:text-xl',
          tone === 'up' && 'text-success',
          tone === 'down' && 'text-destructive',
        )}
      >
        {value}
      </p>
      <p className="flex items-center gap-1 text-xs text-muted-foreground">
        <span>{hint}</span>
        {note && (
          <span title={note} className="inline-flex">
            <Info aria-hidden className="size-3" />
            <span className="sr-only">{note}</span>
          </span>
        )}
      </p>
    </Card>
  );
}

/**
 * The seven cards of trading.md §2, from the overview and the realtime account. An imported
 * account (issue 26, `live` false) has no open book and no margin: those two cards are left out,
 * and so are today's three when its data ends before today (they could only read zero).
 */
export function StatCards({
  overview,
  realtime,
  openPositions,
  pendingOrders,
  live = true,
  today: showToday = true,
}: {
  overview: Overview;
  realtime: Realtime | undefined;
  openPositions: number;
  pendingOrders: number;
  live?: boolean;
  today?: boolean;
}) {
  const money = useMoney();
  const stats = overview.statistics;
  const today = overview.today;
  const account = realtime?.account_info ?? null;
  // trading.md §9: without the account, the balance is estimated from a 50000 base, margin 0.
  const balance = account?.balance ?? DASHBOARD_BASE_BALANCE + stats.profit;
  const equity = account?.equity ?? balance;
  const margin = account?.margin ?? 0;
  const freeMargin = account?.free_margin ?? equity - margin;
  const dailyPnl = today?.netProfit ?? realtime?.performance.daily_profit ?? 0;
  const dailyPercent = balance !== 0 ? (dailyPnl / balance) * 100 : 0;
  const tradesToday = today?.trades ?? realtime?.performance.daily_trades ?? 0;
  const cards = [
    live && (
      <StatCard
        key="open"
        label={t.openPositions}
        value={String(openPositions)}
        hint={t.pendingOrders(pendingOrders)}
        Icon={BriefcaseBusiness}
      />
    ),
    showToday && (
      <StatCard
        key="pnl"
        label={t.dailyPnl}
        value={money.format(dailyPnl)}
        hint={t.ofBalance(formatPercent(dailyPercent))}
        Icon={TrendingUp}
        tone={toneOf(dailyPnl)}
      />
    ),
    showToday && (
      <StatCard
        key="win"
        label={t.winRate}
        value={formatPercent(today?.winRate ?? 0, 1)}
        hint={t.tradesToday(tradesToday)}
        note={t.countsRoundTrips}
        Icon={Percent}
      />
    ),
    showToday && (
      <StatCard
        key="pf"
        label={t.profitFactor}
        value={
          today && today.trades > 0
            ? formatProfitFactor(today.profitFactor ?? Number.POSITIVE_INFINITY)
            : dashboardTexts.last7.none
        }
        hint={t.profitFactorHint}
        Icon={Scale}
      />
    ),
    <StatCard
      key="balance"
      label={account ? t.balance : t.estimatedBalance}
      value={money.format(balance)}
      hint={t.equity(money.format(equity))}
      Icon={Landmark}
    />,
    <StatCard
      key="net"
      label={t.netProfit}
      value={money.format(stats.profit)}
      note={t.countsRoundTrips}
      hint={t.netProfitHint(
        stats.winning_trades,
        stats.losing_trades,
        money.format(stats.gross_profit),
      )}
      Icon={PiggyBank}
      tone={toneOf(stats.profit)}
    />,
    live && (
      <StatCard
        key="margin"
        label={t.margin}
        value={money.format(margin)}
        hint={t.freeMargin(money.format(freeMargin))}
        Icon={Gauge}
      />
    ),
  ].filter(Boolean);
  return (
    <div
      className={cn(
        'grid grid-cols-2 gap-3 sm:gap-4',
        // Seven: four then three across on wide screens (twelve columns, spans of 3 and 4).
        cards.length === 7 &&
          'lg:grid-cols-12 lg:[&>*]:col-span-3 lg:[&>*:nth-child(n+5)]:col-span-4',
        cards.length === 5 && 'lg:grid-cols-5',
        cards.length === 2 && 'lg:grid-cols-2',
      )}
    >
      {cards}
    </div>
  );
}
