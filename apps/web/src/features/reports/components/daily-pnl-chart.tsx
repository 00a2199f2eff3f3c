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
import type { ReportsSummary } from '../api/get-reports-summary';
import { reportsTexts as t } from '../messages';
import { fullDay, shortDay } from '../utils/labels';
import { ReportSection } from './report-section';
import { useMoney } from '../../../lib/money';

const tick = { fill: 'var(--muted-foreground)', fontSize: 12 };

/** Green above zero, red below, rounded at the end away from zero. */
function DayBar(props: BarShapeProps) {
  const pnl = (props.payload as { pnl?: number } | undefined)?.pnl ?? 0;
  return (
    <Rectangle
      {...props}
      fill={pnl >= 0 ? 'var(--success)' : 'var(--destructive)'}
      radius={pnl >= 0 ? [3, 3, 0, 0] : [0, 0, 3, 3]}
    />
  );
}

/** The result of each day with trades: green bars above zero, red below. */
export function DailyPnlChart({ days }: { days: ReportsSummary['daily_pnl'] }) {
  const money = useMoney();
  return (
    <ReportSection id="reports-daily" title={t.daily.title} description={t.daily.description}>
      <div className="p-4 pt-5">
        <BarChart
          responsive
          data={days}
          style={{ width: '100%', height: 260 }}
          margin={{ top: 4, right: 8, bottom: 0, left: 8 }}
          accessibilityLayer
        >
          <CartesianGrid vertical={false} stroke="var(--border)" strokeDasharray="3 3" />
          <XAxis
            dataKey="date"
            tickFormatter={shortDay}
            tick={tick}
            tickLine={false}
            axisLine={{ stroke: 'var(--border)' }}
            minTickGap={16}
          />
          <YAxis
            tickFormatter={(value: number) => money.compact(value)}
            tick={tick}
            tickLine={false}
            axisLine={false}
            width={72}
          />
          <ReferenceLine y={0} stroke="var(--border)" />
          <Tooltip
            separator=": "
            cursor={{ fill: 'var(--muted)', opacity: 0.6 }}
            labelFormatter={(label: unknown) => (typeof label === 'string' ? fullDay(label) : '')}
            formatter={(value) => [money.format(Number(value)), t.daily.pnl]}
            contentStyle={{
              background: 'var(--card)',
              border: '1px solid var(--border)',
              borderRadius: 8,
              color: 'var(--card-foreground)',
              fontSize: 13,
            }}
            labelStyle={{ color: 'var(--muted-foreground)' }}
          />
          <Bar
            dataKey="pnl"
            maxBarSize={36}
            isAnimationActive={false}
            shape={(props: BarShapeProps) => <DayBar {...props} />}
          />
        </BarChart>
      </div>
    </ReportSection>
  );
}
