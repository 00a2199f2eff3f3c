import {
  formatBRL,
  formatDateTimePtBR,
  formatDecimal,
  type ClosedPositionRecord,
} from '@vortex/core';
import { useMemo } from 'react';
import {
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { Card } from '../../../components/ui/card';
import { backtestTexts } from '../messages';
import { equityRows } from '../utils/equity';

const t = backtestTexts.equity;
const HEIGHT = 280;

// Theme colours as CSS variables, as the dashboard's charts use them.
const colors = {
  grid: 'var(--color-border)',
  axis: 'var(--color-muted-foreground)',
  series: ['var(--color-primary)', 'oklch(0.72 0.16 60)'],
};
const axisProps = {
  stroke: colors.axis,
  tick: { fill: colors.axis, fontSize: 11 },
  tickLine: false,
  axisLine: { stroke: colors.grid },
} as const;

const shortDate = (ms: number) => formatDateTimePtBR(ms).slice(0, 5);

/** Balance after each closed trade of each run, on one time axis. */
export function EquityCurve({
  runs,
}: {
  runs: { label: string; trades: readonly ClosedPositionRecord[] }[];
}) {
  const data = useMemo(() => equityRows(runs.map((r) => r.trades)), [runs]);
  return (
    <Card role="figure" aria-label={t.title} className="flex min-w-0 flex-col gap-3 p-4 sm:p-5">
      <div>
        <h2 className="text-base font-semibold tracking-tight">{t.title}</h2>
        <p className="text-xs text-muted-foreground">{t.hint}</p>
      </div>
      <div style={{ height: HEIGHT }} className="min-w-0">
        {data.length === 0 ? (
          <div className="grid h-full place-items-center rounded-lg border border-dashed border-border text-sm text-muted-foreground">
            {t.empty}
          </div>
        ) : (
          <ResponsiveContainer
            width="100%"
            height={HEIGHT}
            initialDimension={{ width: 560, height: HEIGHT }}
          >
            <LineChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: 8 }}>
              <CartesianGrid stroke={colors.grid} strokeDasharray="3 3" vertical={false} />
              <XAxis
                dataKey="time"
                type="number"
                scale="time"
                domain={['dataMin', 'dataMax']}
                {...axisProps}
                tickFormatter={shortDate}
                minTickGap={32}
              />
              <YAxis
                {...axisProps}
                width={72}
                domain={['auto', 'auto']}
                tickFormatter={(v: number) => formatDecimal(v, 0)}
              />
              <Tooltip
                contentStyle={{
                  background: 'var(--color-card)',
                  border: '1px solid var(--color-border)',
                  borderRadius: 8,
                  color: 'var(--color-card-foreground)',
                  fontSize: 12,
                }}
                labelStyle={{ color: 'var(--color-muted-foreground)' }}
                labelFormatter={(time) => formatDateTimePtBR(Number(time))}
                formatter={(value) => formatBRL(Number(value))}
              />
              {runs.length > 1 && <Legend wrapperStyle={{ fontSize: 12 }} />}
              {runs.map((run, i) => (
                <Line
                  key={run.label}
                  type="stepAfter"
                  dataKey={`run${i}`}
                  name={runs.length > 1 ? run.label : t.balance}
                  stroke={colors.series[i]}
                  strokeWidth={2}
                  dot={false}
                  isAnimationActive={false}
                />
              ))}
            </LineChart>
          </ResponsiveContainer>
        )}
      </div>
    </Card>
  );
}
