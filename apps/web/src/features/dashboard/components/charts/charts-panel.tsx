import { CircleAlert } from 'lucide-react';
import { useState } from 'react';
import { Alert } from '../../../../components/ui/alert';
import { NativeSelect } from '../../../../components/ui/native-select';
import { Spinner } from '../../../../components/ui/spinner';
import { Tabs, TabsList, TabsTrigger } from '../../../../components/ui/tabs';
import { useOverview, type Overview } from '../../api/get-overview';
import { dashboardTexts } from '../../messages';
import { DailyChart, HistogramChart, HourlyChart } from './bar-charts';
import { EquityChart } from './equity-chart';

const t = dashboardTexts.charts;
type Mode = 'live' | 'historical';
const DEFAULT_DAYS = 30;

/**
 * The four charts, on the live overview or on a chosen historical window. An imported account
 * (issue 26) has nothing live to switch from: its charts show the screen's own window (its whole
 * history when its data is older than the live one) and say which.
 */
export function ChartsPanel({
  live,
  imported = false,
  wholeHistory = false,
}: {
  live: Overview;
  imported?: boolean;
  wholeHistory?: boolean;
}) {
  if (imported) {
    return (
      <section aria-label={t.mode} className="space-y-4">
        <p className="text-xs text-muted-foreground">
          {wholeHistory ? t.importedAll : t.importedWindow}
        </p>
        <Charts data={live} accountDays={wholeHistory} />
      </section>
    );
  }
  return <SwitchableCharts live={live} />;
}

function Charts({ data, accountDays = false }: { data: Overview; accountDays?: boolean }) {
  return (
    <div className="grid gap-4 xl:grid-cols-2">
      <EquityChart points={data.equity_curve} basis={data.balance_basis} />
      <DailyChart points={data.equity_curve} />
      <HistogramChart buckets={data.histogram} />
      <HourlyChart hours={data.hourly} accountDays={accountDays} />
    </div>
  );
}

function SwitchableCharts({ live }: { live: Overview }) {
  const [mode, setMode] = useState<Mode>('live');
  const [range, setRange] = useState<{ days: number }>({ days: DEFAULT_DAYS });
  const historical = useOverview(mode === 'historical' ? range : null, false);
  const data = mode === 'live' ? live : historical.data;
  return (
    <section aria-label={t.mode} className="space-y-4">
      <div className="flex flex-wrap items-center gap-3">
        <Tabs value={mode} onValueChange={(v) => setMode(v as Mode)}>
          <TabsList aria-label={t.mode}>
            <TabsTrigger value="live">{t.live}</TabsTrigger>
            <TabsTrigger value="historical">{t.historical}</TabsTrigger>
          </TabsList>
        </Tabs>
        {mode === 'historical' && (
          <NativeSelect
            aria-label={t.period}
            compact
            className="w-44"
            value={range.days}
            onChange={(e) => {
              setRange({ days: Number(e.target.value) });
            }}
          >
            {t.periods.map((p) => (
              <option key={p.days} value={p.days}>
                {p.label}
              </option>
            ))}
          </NativeSelect>
        )}
        {mode === 'live' && <span className="text-xs text-muted-foreground">{t.liveHint}</span>}
        {mode === 'historical' && historical.isFetching && <Spinner className="size-4" />}
      </div>
      {mode === 'historical' && historical.isError && (
        <Alert variant="error">
          <CircleAlert aria-hidden />
          <span>{dashboardTexts.errors.load(historical.error.message)}</span>
        </Alert>
      )}
      {data && <Charts data={data} />}
    </section>
  );
}
