import type { AllAccountsData } from '@vortex/core';
import {
  CartesianGrid,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { Card } from '../../../components/ui/card';
import { brDate } from '../../../components/period/period';
import { moneyOf } from '../../../lib/money';
import { allAccountsTexts as t } from '../messages';

const HEIGHT = 240;
const YEAR_MS = 365 * 86_400_000;

/** A point's day as a time ('YYYY-MM-DD' read at noon UTC: the same calendar day in Brasília). */
const timeOf = (date: string) => Date.parse(`${date}T12:00:00Z`);
const dayOf = (time: number) => new Date(time).toISOString().slice(0, 10);

const axis = {
  stroke: 'var(--color-muted-foreground)',
  tick: { fill: 'var(--color-muted-foreground)', fontSize: 11 },
  tickLine: false,
  axisLine: { stroke: 'var(--color-border)' },
} as const;

/** The chosen currency's summed balance at the end of each day of the period. */
export function CombinedCurve({
  points,
  currency,
}: {
  points: AllAccountsData['curve'];
  currency: string;
}) {
  const money = moneyOf(currency);
  const title = t.curve.title(currency);
  const data = points.map((p) => ({ time: timeOf(p.date), balance: p.balance }));
  const span = (data.at(-1)?.time ?? 0) - (data[0]?.time ?? 0);
  // 'dd/mm' within a year; 'mm/aaaa' over a longer span, whose days would repeat.
  const tick = (time: number) =>
    brDate(dayOf(time)).slice(span > YEAR_MS ? 3 : 0, span > YEAR_MS ? 10 : 5);
  return (
    <Card role="figure" aria-label={title} className="flex min-w-0 flex-col gap-3 p-4 sm:p-5">
      <div>
        <h2 className="font-semibold">{title}</h2>
        <p className="text-xs text-muted-foreground">{t.curve.hint}</p>
      </div>
      <div style={{ height: HEIGHT }} className="min-w-0">
        <ResponsiveContainer
          width="100%"
          height={HEIGHT}
          initialDimension={{ width: 560, height: HEIGHT }}
        >
          <LineChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: 8 }}>
            <CartesianGrid stroke="var(--color-border)" strokeDasharray="3 3" vertical={false} />
            <XAxis
              dataKey="time"
              type="number"
              scale="time"
              domain={['dataMin', 'dataMax']}
              {...axis}
              minTickGap={24}
              tickFormatter={tick}
            />
            <YAxis {...axis} width={80} domain={['auto', 'auto']} tickFormatter={money.compact} />
            <Tooltip
              contentStyle={{
                background: 'var(--color-card)',
                border: '1px solid var(--color-border)',
                borderRadius: 8,
                color: 'var(--color-card-foreground)',
                fontSize: 12,
              }}
              labelFormatter={(time) => (typeof time === 'number' ? brDate(dayOf(time)) : '')}
              formatter={(value) => money.format(Number(value))}
            />
            <Line
              // The balance holds from one day's end to the next change: a step, not a slope.
              type="stepAfter"
              dataKey="balance"
              name={t.curve.balance}
              stroke="var(--color-primary)"
              strokeWidth={2}
              dot={false}
              isAnimationActive={false}
            />
          </LineChart>
        </ResponsiveContainer>
      </div>
    </Card>
  );
}
