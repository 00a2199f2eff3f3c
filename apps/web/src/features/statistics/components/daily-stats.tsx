import { formatDecimal, formatPercent, type DashboardStatsResponseSchema } from '@vortex/core';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Rectangle,
  ReferenceLine,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
  type BarShapeProps,
} from 'recharts';
import type { z } from 'zod';
import { Card } from '../../../components/ui/card';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '../../../components/ui/table';
import { cn } from '../../../lib/cn';
import { statisticsTexts as t } from '../messages';
import { dayLabel } from '../utils/period';
import { profitFactorText } from './statistics-figures';
import { toneOf } from './metric';
import { useMoney } from '../../../lib/money';

type DailyStats = z.infer<typeof DashboardStatsResponseSchema>['data']['daily_stats'];

const d = t.daily;
const CHART_HEIGHT = 240;
// Theme colours as CSS variables: a theme switch recolours the SVG without a re-render.
const axis = 'var(--color-muted-foreground)';
const grid = 'var(--color-border)';
const axisProps = {
  stroke: axis,
  tick: { fill: axis, fontSize: 11 },
  tickLine: false,
  axisLine: { stroke: grid },
} as const;

function SignedBar(props: BarShapeProps) {
  const net = (props.payload as { netProfit: number }).netProfit;
  return (
    <Rectangle {...props} fill={net >= 0 ? 'var(--color-success)' : 'var(--color-destructive)'} />
  );
}

function DailyChart({ days }: { days: DailyStats }) {
  const money = useMoney();
  const data = days.map((day) => ({ ...day, label: dayLabel(day.date).slice(0, 5) }));
  return (
    <div
      role="figure"
      aria-label={d.chartLabel}
      style={{ height: CHART_HEIGHT }}
      className="min-w-0"
    >
      <ResponsiveContainer
        width="100%"
        height={CHART_HEIGHT}
        initialDimension={{ width: 560, height: CHART_HEIGHT }}
      >
        <BarChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: 8 }}>
          <CartesianGrid stroke={grid} strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="label" {...axisProps} minTickGap={16} />
          <YAxis {...axisProps} width={64} tickFormatter={(v: number) => formatDecimal(v, 0)} />
          <ReferenceLine y={0} stroke={axis} />
          <Tooltip
            contentStyle={{
              background: 'var(--color-card)',
              border: '1px solid var(--color-border)',
              borderRadius: 8,
              color: 'var(--color-card-foreground)',
              fontSize: 12,
            }}
            labelStyle={{ color: 'var(--color-muted-foreground)' }}
            cursor={{ fill: 'var(--color-muted)', opacity: 0.5 }}
            labelFormatter={(_label, payload) => {
              const first = payload[0]?.payload as { date: string } | undefined;
              return first ? dayLabel(first.date) : '';
            }}
            formatter={(value) => [money.format(Number(value)), d.net]}
          />
          <Bar
            dataKey="netProfit"
            name={d.net}
            isAnimationActive={false}
            radius={[3, 3, 0, 0]}
            shape={SignedBar}
          />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}

/** The daily stats of §3: a bar per day, then the days newest first. */
export function DailyStatsPanel({ days }: { days: DailyStats }) {
  const money = useMoney();
  const newestFirst = [...days].reverse();
  return (
    <Card className="overflow-hidden" role="region" aria-labelledby="statistics-daily">
      <div className="space-y-0.5 p-4 pb-2 sm:px-5">
        <h2 id="statistics-daily" className="text-base font-semibold tracking-tight">
          {d.title}
        </h2>
        <p className="text-xs text-muted-foreground">{d.description}</p>
      </div>
      <div className="px-2 pb-4 sm:px-4">
        <DailyChart days={days} />
      </div>
      <div className="max-h-[26rem] overflow-y-auto border-t border-border">
        <Table aria-label={d.title}>
          <TableHeader className="sticky top-0 z-10 bg-muted">
            <TableRow>
              <TableHead>{d.date}</TableHead>
              <TableHead className="text-right">{d.trades}</TableHead>
              <TableHead className="text-right">{d.wins}</TableHead>
              <TableHead className="text-right">{d.losses}</TableHead>
              <TableHead className="text-right">{d.winRate}</TableHead>
              <TableHead className="text-right">{d.grossProfit}</TableHead>
              <TableHead className="text-right">{d.grossLoss}</TableHead>
              <TableHead className="text-right">{d.net}</TableHead>
              <TableHead className="text-right">{d.profitFactor}</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {newestFirst.map((day) => (
              <TableRow key={day.date}>
                <TableCell className="tabular-nums whitespace-nowrap">
                  {dayLabel(day.date)}
                </TableCell>
                <TableCell className="text-right tabular-nums">{day.trades}</TableCell>
                <TableCell className="text-right tabular-nums">{day.wins}</TableCell>
                <TableCell className="text-right tabular-nums">{day.losses}</TableCell>
                <TableCell className="text-right tabular-nums">
                  {formatPercent(day.winRate, 1)}
                </TableCell>
                <TableCell className="text-right tabular-nums whitespace-nowrap">
                  {money.format(day.grossProfit)}
                </TableCell>
                <TableCell className="text-right tabular-nums whitespace-nowrap">
                  {money.format(day.grossLoss)}
                </TableCell>
                <TableCell
                  className={cn(
                    'text-right font-medium tabular-nums whitespace-nowrap',
                    toneOf(day.netProfit),
                  )}
                >
                  {money.format(day.netProfit)}
                </TableCell>
                <TableCell className="text-right tabular-nums">
                  {profitFactorText(day.profitFactor)}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
    </Card>
  );
}
