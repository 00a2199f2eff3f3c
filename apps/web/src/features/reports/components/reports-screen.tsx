import { CircleAlert, FileX2, RotateCw } from 'lucide-react';
import { REPORT_RANGE_DAYS } from '@vortex/core';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { CustomPeriodForm } from '../../../components/period/custom-period-form';
import { HistorySpanNote } from '../../../components/period/history-span-note';
import { dataOlderThan, spanDates } from '../../../components/period/period';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { paths } from '../../../config/paths';
import { cn } from '../../../lib/cn';
import { useHistorySpan } from '../../../lib/history-span';
import { useReportsSummary, type ReportsSummary } from '../api/get-reports-summary';
import { ReportsError } from '../api/reports-error';
import {
  DEFAULT_REPORT_RANGE,
  parseReportPeriod,
  type RangeChoice,
  type ReportPeriod,
} from '../api/reports-keys';
import { useReportsLiveRefresh } from '../hooks/use-reports-live-refresh';
import { reportsTexts as t } from '../messages';
import { DailyPnlChart } from './daily-pnl-chart';
import { ExitReasons } from './exit-reasons';
import { HourlyTable } from './hourly-table';
import { ImportCard } from './import-card';
import { RangeSelect } from './range-select';
import { StatementCard } from './statement-card';
import { SummaryCards } from './summary-cards';

/**
 * The period lives in the address (?range=30d, ?range=custom&start=…&end=…), so a reload or a
 * shared link keeps it. Without one the reports open on the last 7 days, or on the whole
 * history of an account whose data is older than that; null until the account's span is known.
 */
function usePeriod(): [ReportPeriod | null, (period: ReportPeriod) => void] {
  const [params, setParams] = useSearchParams();
  const [openedAt] = useState(Date.now);
  const { span, settled } = useHistorySpan();
  const old = dataOlderThan(span, REPORT_RANGE_DAYS[DEFAULT_REPORT_RANGE], openedAt);
  const opening: ReportPeriod = { range: old ? 'all' : DEFAULT_REPORT_RANGE };
  const period = parseReportPeriod(params) ?? (settled ? opening : null);
  const setPeriod = (next: ReportPeriod) => {
    const plain = next.range !== 'custom' && next.range === opening.range;
    setParams(
      plain
        ? {}
        : next.range === 'custom'
          ? { range: 'custom', start: next.from, end: next.to }
          : { range: next.range },
      { replace: true },
    );
  };
  return [period, setPeriod];
}

function ErrorState({
  error,
  onRetry,
  busy,
}: {
  error: Error;
  onRetry: () => void;
  busy: boolean;
}) {
  const detail = error instanceof ReportsError ? error.detail : undefined;
  return (
    <Alert variant="error" className="items-center">
      <CircleAlert aria-hidden />
      <div className="flex-1">
        <p className="font-medium">{error.message}</p>
        {detail && <p className="text-destructive/80">{detail}</p>}
      </div>
      <Button variant="outline" size="sm" onClick={onRetry} disabled={busy}>
        <RotateCw className={cn(busy && 'animate-spin')} />
        {t.retry}
      </Button>
    </Alert>
  );
}

function EmptyState() {
  return (
    <Card className="flex flex-col items-center gap-3 px-6 py-14 text-center">
      <span className="grid size-12 place-items-center rounded-full bg-muted text-muted-foreground">
        <FileX2 aria-hidden className="size-6" />
      </span>
      <h2 className="text-lg font-semibold">{t.empty.title}</h2>
      <p className="max-w-md text-sm text-muted-foreground">{t.empty.text}</p>
    </Card>
  );
}

function SummaryView({ data }: { data: ReportsSummary }) {
  if (data.summary.total_trades === 0) return <EmptyState />;
  return (
    <div className="space-y-6">
      <SummaryCards summary={data.summary} />
      <div className="grid gap-6 lg:grid-cols-5">
        <div className="lg:col-span-3">
          <HourlyTable rows={data.trades_by_hour} />
        </div>
        <div className="lg:col-span-2">
          <ExitReasons reasons={data.exit_reasons} />
        </div>
      </div>
      <DailyPnlChart days={data.daily_pnl} />
    </div>
  );
}

/** /reports (trading.md §2 "Reports"): summary of the real trades and the MT5 statements. */
export function ReportsScreen() {
  const [period, setPeriod] = usePeriod();
  const { span } = useHistorySpan();
  // 'Personalizado' chosen but not yet applied: the fields show, the last period stays asked.
  const [editing, setEditing] = useState(false);
  const summary = useReportsSummary(period);
  useReportsLiveRefresh();
  const fetching = summary.isFetching;
  const refresh = () => void summary.refetch();
  const choice: RangeChoice = editing ? 'custom' : (period?.range ?? DEFAULT_REPORT_RANGE);
  const choose = (next: RangeChoice) => {
    setEditing(next === 'custom');
    if (next !== 'custom') setPeriod({ range: next });
  };

  return (
    <section className="mx-auto w-full max-w-6xl space-y-6">
      <title>{`${paths.reports.title} · Vórtex`}</title>
      <header className="flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-64 flex-1 space-y-1">
          <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">
            {paths.reports.title}
          </h1>
          <p className="text-sm text-muted-foreground">{t.subtitle}</p>
          <HistorySpanNote span={span} />
        </div>
        <div className="flex flex-wrap items-center gap-2 sm:pt-1">
          <RangeSelect value={choice} onChange={choose} />
          <Button variant="outline" onClick={refresh} disabled={fetching || period === null}>
            <RotateCw className={cn(fetching && 'animate-spin')} />
            {t.refresh}
          </Button>
        </div>
        {(editing || period?.range === 'custom') && (
          <CustomPeriodForm
            key={period?.range === 'custom' ? `${period.from}..${period.to}` : 'span'}
            id="reports-custom"
            className="w-full justify-end sm:text-right"
            initial={period?.range === 'custom' ? period : spanDates(span)}
            onApply={(dates) => {
              setEditing(false);
              setPeriod({ range: 'custom', ...dates });
            }}
          />
        )}
      </header>
      {period && <StatementCard period={period} />}
      <ImportCard />
      {summary.isError && <ErrorState error={summary.error} onRetry={refresh} busy={fetching} />}
      {summary.isPending && (
        <div
          role="status"
          className="flex items-center justify-center gap-3 py-16 text-sm text-muted-foreground"
        >
          <Spinner />
          {t.loading}
        </div>
      )}
      {summary.data && <SummaryView data={summary.data} />}
    </section>
  );
}
