import { currencySymbol, formatDatePtBR, formatDecimal, formatTimePtBR } from '@vortex/core';
import { useMemo } from 'react';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Rectangle,
  ReferenceLine,
  Tooltip,
  XAxis,
  YAxis,
  type BarShapeProps,
} from 'recharts';
import type { Overview } from '../../api/get-overview';
import { dashboardTexts } from '../../messages';
import { axisProps, ChartCard, chartColors, tooltipProps } from './chart-card';
import { useMoney } from '../../../../lib/money';

const t = dashboardTexts.charts;
const colorOf = (value: number) => (value >= 0 ? chartColors.up : chartColors.down);

/** Bars coloured by the sign `signOf` reads from their datum: gains green, losses red. */
function signedBar(signOf: (datum: never) => number) {
  return function SignedBar(props: BarShapeProps) {
    return <Rectangle {...props} fill={colorOf(signOf(props.payload as never))} />;
  };
}
const byNet = signedBar((d: { net: number }) => d.net);
// A bucket wholly below zero holds losses.
const byBucket = signedBar((d: { to: number | null }) => (d.to !== null && d.to <= 0 ? -1 : 1));

/**
 * The result of each trade of one day: the equity curve's steps on the latest day that closed a
 * trade. A deposit or withdrawal (issue 26) is a step of its own that moves the balance but not
 * the cumulative profit: it is no trade, and a day with only one is not the latest trading day.
 */
export function tradesOfLatestDay(points: Overview['equity_curve']) {
  const steps = points.map((p, i) => {
    const before = i > 0 ? points[i - 1] : undefined;
    const net = p.cumulative_profit - (before?.cumulative_profit ?? 0);
    // The first point's balance before it is unknown: a trade unless it left the profit at 0.
    const trade = before
      ? Math.abs(p.balance - before.balance - net) < 0.005
      : p.cumulative_profit !== 0;
    return { date: p.date, net, timestamp: p.timestamp, trade };
  });
  const last = steps.findLast((s) => s.trade);
  if (!last) return { date: null, trades: [] };
  const trades = steps
    .filter((s) => s.trade && s.date === last.date)
    .map((s, i) => ({ n: i + 1, net: s.net, timestamp: s.timestamp }));
  return { date: last.date, trades };
}

export function DailyChart({ points }: { points: Overview['equity_curve'] }) {
  const money = useMoney();
  const { date, trades } = useMemo(() => tradesOfLatestDay(points), [points]);
  return (
    <ChartCard
      title={t.daily}
      hint={date ? t.dailyHint(formatDatePtBR(`${date}T12:00:00Z`, 'UTC')) : t.noPoints}
      empty={trades.length === 0}
      emptyText={t.noPoints}
    >
      <BarChart data={trades} margin={{ top: 8, right: 8, bottom: 0, left: 8 }}>
        <CartesianGrid stroke={chartColors.grid} strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey="n" {...axisProps} />
        <YAxis
          {...axisProps}
          width={64}
          // Bars grow from zero: a day of one loss must not draw its axis from -16 to -20.
          domain={[(min: number) => Math.min(0, min), (max: number) => Math.max(0, max)]}
          tickFormatter={(v: number) => formatDecimal(v, 0)}
        />
        <ReferenceLine y={0} stroke={chartColors.axis} />
        <Tooltip
          {...tooltipProps}
          labelFormatter={(n, payload) => {
            const first = payload[0]?.payload as { timestamp: number } | undefined;
            return `${t.trade(Number(n))}${first ? ` · ${formatTimePtBR(first.timestamp)}` : ''}`;
          }}
          formatter={(value) => [money.format(Number(value)), t.result]}
        />
        <Bar
          dataKey="net"
          name={t.result}
          isAnimationActive={false}
          radius={[3, 3, 0, 0]}
          shape={byNet}
        />
      </BarChart>
    </ChartCard>
  );
}

export function HistogramChart({ buckets }: { buckets: Overview['histogram'] }) {
  const money = useMoney();
  return (
    <ChartCard
      title={t.histogram}
      hint={t.histogramHint(currencySymbol(money.currency))}
      empty={buckets.every((b) => b.count === 0)}
      emptyText={t.noPoints}
    >
      <BarChart data={buckets} margin={{ top: 8, right: 8, bottom: 0, left: 24 }}>
        <CartesianGrid stroke={chartColors.grid} strokeDasharray="3 3" vertical={false} />
        <XAxis
          dataKey="label"
          {...axisProps}
          interval={0}
          angle={-25}
          textAnchor="end"
          height={52}
        />
        <YAxis {...axisProps} width={40} allowDecimals={false} />
        <Tooltip {...tooltipProps} formatter={(value) => [String(value), t.operations]} />
        <Bar
          dataKey="count"
          name={t.operations}
          isAnimationActive={false}
          radius={[3, 3, 0, 0]}
          shape={byBucket}
        />
      </BarChart>
    </ChartCard>
  );
}

/**
 * The hours the server sent (B3's 9–18 for an account in reais, 24 for forex and CFDs), in the
 * last 7 days of the window: of the account's data (`accountDays`) when it opens on its history.
 */
export function HourlyChart({
  hours,
  accountDays = false,
}: {
  hours: Overview['hourly'];
  accountDays?: boolean;
}) {
  const money = useMoney();
  const data = hours;
  const first = data[0]?.hour ?? 9;
  const last = data.at(-1)?.hour ?? 18;
  return (
    <ChartCard
      title={t.hourly(first, last)}
      hint={t.hourlyHint(accountDays, last === 18)}
      empty={data.every((h) => h.trades === 0)}
      emptyText={t.noPoints}
    >
      <BarChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: 8 }}>
        <CartesianGrid stroke={chartColors.grid} strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey="hour" {...axisProps} tickFormatter={(h: number) => t.hour(h)} />
        <YAxis {...axisProps} width={64} tickFormatter={(v: number) => formatDecimal(v, 0)} />
        <ReferenceLine y={0} stroke={chartColors.axis} />
        <Tooltip
          {...tooltipProps}
          labelFormatter={(h) => t.hour(Number(h))}
          formatter={(value, _name, item) => {
            const trades = (item.payload as { trades: number } | undefined)?.trades ?? 0;
            return [`${money.format(Number(value))} (${trades})`, t.result];
          }}
        />
        <Bar
          dataKey="net"
          name={t.result}
          isAnimationActive={false}
          radius={[3, 3, 0, 0]}
          shape={byNet}
        />
      </BarChart>
    </ChartCard>
  );
}
