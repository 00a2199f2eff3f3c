import { BarChart3, CircleAlert } from 'lucide-react';
import { useState } from 'react';
import { HistorySpanNote } from '../../../components/period/history-span-note';
import { brDate, openingPeriod, spanDates, type Period } from '../../../components/period/period';
import { periodTexts } from '../../../components/period/period-texts';
import { useHistorySpan } from '../../../lib/history-span';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { paths } from '../../../config/paths';
import { useMagicOptions, useStatistics } from '../api/get-statistics';
import { useStatisticsLiveRefresh } from '../hooks/use-statistics-live-refresh';
import { statisticsTexts as t } from '../messages';
import { DEFAULT_PERIOD_DAYS } from '../utils/period';
import { DailyStatsPanel } from './daily-stats';
import { StatisticsControls } from './statistics-controls';
import { HeadlineCards, PerformanceList, RiskList, SidesCard } from './statistics-figures';
import { SymbolsTable } from './symbols-table';

const DEFAULT_PERIOD = { kind: 'days', days: DEFAULT_PERIOD_DAYS } as const;

function showing(period: Period): string {
  if (period.kind === 'days') return t.controls.showing(period.days);
  if (period.kind === 'all') return periodTexts.all;
  return periodTexts.showingCustom(brDate(period.from), brDate(period.to));
}

/** /statistics ('Estatísticas Reais MT5', trading.md §2): the statistics object for a period. */
export function StatisticsScreen() {
  const [chosen, setChosen] = useState<Period | null>(null);
  const [openedAt] = useState(Date.now);
  const { span, settled } = useHistorySpan();
  // Until the trader chooses, an account whose data is older than the default window opens
  // on its whole history; nothing is asked before the span is known (or failed).
  const period = chosen ?? (settled ? openingPeriod(span, DEFAULT_PERIOD, openedAt) : null);
  const [magic, setMagic] = useState<number | null>(null);
  const query = useStatistics(period, magic);
  const magics = useMagicOptions(period);
  useStatisticsLiveRefresh();
  const refetch = () => void query.refetch();
  const stats = query.data;

  return (
    <section className="mx-auto w-full max-w-7xl space-y-6">
      <title>{`${paths.statistics.title} · Vórtex`}</title>
      <header className="space-y-1">
        <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">
          {paths.statistics.title}
        </h1>
        <p className="text-sm text-muted-foreground">{t.subtitle}</p>
        <HistorySpanNote span={span} />
      </header>
      <StatisticsControls
        key={period === null ? 'opening' : 'open'}
        period={period ?? DEFAULT_PERIOD}
        customInitial={period?.kind === 'custom' ? period : spanDates(span)}
        magic={magic}
        magics={magics}
        busy={query.isFetching}
        onPeriod={setChosen}
        onMagic={setMagic}
        onRefresh={refetch}
      />
      {query.isError && (
        <Alert variant="error" className="items-center">
          <CircleAlert aria-hidden />
          <span className="flex-1 font-medium">{query.error.message}</span>
          <Button variant="outline" size="sm" onClick={refetch}>
            {t.retry}
          </Button>
        </Alert>
      )}
      {query.isPending && (
        <div role="status" className="flex items-center justify-center gap-3 py-16">
          <Spinner className="text-primary" />
          <span className="text-sm text-muted-foreground">{t.loading}</span>
        </div>
      )}
      {stats && stats.total_trades === 0 && (
        <Card className="flex flex-col items-center gap-2 px-6 py-14 text-center">
          <BarChart3 aria-hidden className="size-9 text-muted-foreground/60" />
          <h2 className="text-lg font-semibold">{t.emptyTitle}</h2>
          <p className="text-sm text-muted-foreground">{t.emptyText}</p>
        </Card>
      )}
      {stats && stats.total_trades > 0 && (
        <div className="space-y-6">
          <p data-testid="statistics-period" className="text-sm text-muted-foreground">
            {period && showing(period)}
          </p>
          <HeadlineCards stats={stats} />
          <div className="grid gap-4 xl:grid-cols-2">
            <PerformanceList stats={stats} />
            <div className="grid content-start gap-4">
              <RiskList stats={stats} />
              <SidesCard stats={stats} />
            </div>
          </div>
          <SymbolsTable symbols={stats.symbols} />
          <DailyStatsPanel days={stats.daily_stats} />
        </div>
      )}
    </section>
  );
}
