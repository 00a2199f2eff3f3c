import { formatDateTimePtBR, formatDecimal, movingAverages } from '@vortex/core';
import { useMemo, useState } from 'react';
import { CartesianGrid, Line, LineChart, Tooltip, XAxis, YAxis } from 'recharts';
import { Button } from '../../../../components/ui/button';
import type { Overview } from '../../api/get-overview';
import { dashboardTexts } from '../../messages';
import { axisProps, ChartCard, chartColors, tooltipProps } from './chart-card';
import { useMoney } from '../../../../lib/money';

const t = dashboardTexts.charts;

const shortDate = (date: string) => `${date.slice(8, 10)}/${date.slice(5, 7)}`;

function Toggle({
  on,
  label,
  name,
  color,
  onToggle,
}: {
  on: boolean;
  label: string;
  name: string;
  color: string;
  onToggle: () => void;
}) {
  return (
    <Button
      variant={on ? 'secondary' : 'outline'}
      size="sm"
      aria-pressed={on}
      aria-label={name}
      title={name}
      onClick={onToggle}
      className="h-7 px-2.5 text-xs"
    >
      <span aria-hidden className="size-2 rounded-full" style={{ background: color }} />
      {label}
    </Button>
  );
}

/**
 * Balance after each closed trade, with the optional 5- and 20-point moving averages. It ends
 * at the account's balance; without one it is an estimate from the spec's base and says so.
 */
export function EquityChart({
  points,
  basis,
}: {
  points: Overview['equity_curve'];
  basis: Overview['balance_basis'];
}) {
  const money = useMoney();
  const estimate = basis.source === 'estimate';
  const [showMa5, setShowMa5] = useState(false);
  const [showMa20, setShowMa20] = useState(false);
  const data = useMemo(() => {
    const { ma5, ma20 } = movingAverages(points.map((p) => p.balance));
    return points.map((p, i) => ({ ...p, i, ma5: ma5[i] ?? null, ma20: ma20[i] ?? null }));
  }, [points]);
  return (
    <ChartCard
      title={t.equity}
      hint={estimate ? t.equityEstimateHint(money.format(basis.initial_balance)) : t.equityHint}
      empty={data.length === 0}
      emptyText={t.noPoints}
      actions={
        <div className="flex gap-1.5">
          <Toggle
            on={showMa5}
            label={t.ma5}
            name={t.ma5Name}
            color={chartColors.ma5}
            onToggle={() => setShowMa5((v) => !v)}
          />
          <Toggle
            on={showMa20}
            label={t.ma20}
            name={t.ma20Name}
            color={chartColors.ma20}
            onToggle={() => setShowMa20((v) => !v)}
          />
        </div>
      }
    >
      <LineChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: 8 }}>
        <CartesianGrid stroke={chartColors.grid} strokeDasharray="3 3" vertical={false} />
        <XAxis
          dataKey="i"
          {...axisProps}
          tickFormatter={(i: number) => {
            const point = data[i];
            return point ? shortDate(point.date) : '';
          }}
          minTickGap={24}
        />
        <YAxis
          {...axisProps}
          width={72}
          domain={['auto', 'auto']}
          tickFormatter={(v: number) => formatDecimal(v, 0)}
        />
        <Tooltip
          {...tooltipProps}
          cursor={{ stroke: chartColors.grid }}
          labelFormatter={(i) => {
            const point = data[Number(i)];
            return point ? formatDateTimePtBR(point.timestamp) : '';
          }}
          formatter={(value) => money.format(Number(value))}
        />
        <Line
          type="monotone"
          dataKey="balance"
          name={estimate ? t.estimatedBalance : t.balance}
          stroke={chartColors.primary}
          strokeWidth={2}
          dot={false}
          isAnimationActive={false}
        />
        {showMa5 && (
          <Line
            type="monotone"
            dataKey="ma5"
            name={t.ma5Name}
            stroke={chartColors.ma5}
            strokeWidth={1.5}
            dot={false}
            connectNulls
            isAnimationActive={false}
          />
        )}
        {showMa20 && (
          <Line
            type="monotone"
            dataKey="ma20"
            name={t.ma20Name}
            stroke={chartColors.ma20}
            strokeWidth={1.5}
            dot={false}
            connectNulls
            isAnimationActive={false}
          />
        )}
      </LineChart>
    </ChartCard>
  );
}
