import { TIMEFRAMES, type Timeframe } from '@vortex/core';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { useTheme } from '../../../lib/theme';
import { usePriceChart } from '../hooks/use-price-chart';
import { priceChartTexts as t } from '../messages';
import { PRICE_CHART_HEIGHT } from './price-chart-size';
import { PriceChartLegend } from './price-chart-legend';

// lightweight-charts is only fetched once there are candles to draw.
const CandleChart = lazy(() => import('./candle-chart').then((m) => ({ default: m.CandleChart })));

function Placeholder({ children, busy = false }: { children: ReactNode; busy?: boolean }) {
  return (
    <div
      role="status"
      aria-busy={busy}
      style={{ height: PRICE_CHART_HEIGHT }}
      className="grid place-items-center rounded-lg border border-dashed border-border px-6 text-center text-sm text-muted-foreground"
    >
      <div className="flex flex-col items-center gap-3">{children}</div>
    </div>
  );
}

/** The dashboard's price chart: candles of the newest position's symbol with its trades. */
export function PriceChartCard() {
  const [timeframe, setTimeframe] = useState<Timeframe>('M5');
  const [theme] = useTheme();
  const c = usePriceChart(timeframe);
  const title = c.symbol ? t.titleOf(c.symbol) : t.title;

  let body: ReactNode;
  if (c.state === 'ready') {
    body = (
      <Suspense
        fallback={
          <Placeholder busy>
            <Spinner />
          </Placeholder>
        }
      >
        <CandleChart
          candles={c.candles}
          markers={c.markers}
          theme={theme}
          precision={c.precision}
          viewKey={`${c.symbol ?? ''}|${timeframe}`}
        />
      </Suspense>
    );
  } else if (c.state === 'loading') {
    body = (
      <Placeholder busy>
        <Spinner />
        {t.loading}
      </Placeholder>
    );
  } else if (c.state === 'error') {
    body = (
      <Placeholder>
        {t.error(c.error ?? '')}
        <Button variant="outline" size="sm" onClick={c.retry}>
          {t.retry}
        </Button>
      </Placeholder>
    );
  } else if (c.state === 'requested') {
    body = (
      <Placeholder busy>
        <Spinner />
        {t.requested(c.symbol ?? '')}
      </Placeholder>
    );
  } else {
    body = <Placeholder>{c.state === 'no-symbol' ? t.noSymbol : t.noBars}</Placeholder>;
  }

  return (
    <Card role="figure" aria-label={title} className="flex min-w-0 flex-col gap-3 p-5">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h3 className="font-semibold">{title}</h3>
          <p className="text-xs text-muted-foreground">{t.hint}</p>
        </div>
        <div role="group" aria-label={t.timeframe} className="flex gap-1">
          {TIMEFRAMES.map((tf) => (
            <Button
              key={tf}
              variant={tf === timeframe ? 'secondary' : 'outline'}
              size="sm"
              aria-pressed={tf === timeframe}
              title={t.timeframes[tf]}
              onClick={() => setTimeframe(tf)}
              className="h-7 px-2.5 text-xs"
            >
              {tf}
            </Button>
          ))}
        </div>
      </div>
      <div className="min-w-0">{body}</div>
      {c.state === 'ready' && <PriceChartLegend theme={theme} positions={c.positions} />}
    </Card>
  );
}
