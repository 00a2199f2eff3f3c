import { formatTimePtBR } from '@vortex/core';
import { Download, RefreshCw } from 'lucide-react';
import { useMemo, useState } from 'react';
import { toast } from 'sonner';
import { HistorySpanNote } from '../../../components/period/history-span-note';
import { dataOlderThan } from '../../../components/period/period';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { paths } from '../../../config/paths';
import { cn } from '../../../lib/cn';
import { useHistorySpan } from '../../../lib/history-span';
import { useMoney } from '../../../lib/money';
import { TradesError, useTrades } from '../api/get-trades';
import { useTradesTotals } from '../api/get-trades-totals';
import { useTradesFilters } from '../hooks/use-trades-filters';
import { useTradesLiveRefresh } from '../hooks/use-trades-live-refresh';
import { tradesTexts as t } from '../messages';
import { downloadText } from '../../../lib/save-file';
import { tradesCsvName } from '../utils/download';
import { tradesCsv } from '../utils/trades-csv';
import {
  applyFilters,
  clampPage,
  datesInverted,
  DEFAULT_WINDOW_DAYS,
  pageOf,
  summarize,
  summaryOfTotals,
  timeWindowOf,
  topMagics,
  wholeHistory,
} from '../utils/trades-filters';
import { TradesCutNote } from './trades-cut-note';
import { TradesEmpty, TradesErrorState, TradesLoading } from './trades-states';
import { TradesFiltersBar } from './trades-filters-bar';
import { TradesPager } from './trades-pager';
import { TradesSummary } from './trades-summary';
import { TradesTable } from './trades-table';

/** /trades ('Trades Reais MT5', trading.md §2): the closed positions, filtered and paged. */
export function TradesScreen() {
  const money = useMoney();
  const { filters, update } = useTradesFilters();
  // The default window starts 365 days before the day the screen opened (one stable cache key).
  const [openedAt] = useState(Date.now);
  // An account whose last deal is older than the default window opens on its whole history;
  // nothing is asked before its span is known (or failed).
  const { span, settled } = useHistorySpan();
  const old = dataOlderThan(span, DEFAULT_WINDOW_DAYS, openedAt);
  const range = useMemo(() => timeWindowOf(filters, openedAt, old), [filters, openedAt, old]);
  // An end before the start is caught here, in the server's words, and never asked.
  const inverted = datesInverted(filters);
  const query = useTrades(range, !inverted && settled);
  const totals = useTradesTotals(range, filters.magic, !inverted && settled);
  useTradesLiveRefresh();

  const trades = query.data?.trades;
  const magics = useMemo(() => topMagics(trades ?? []), [trades]);
  const rows = useMemo(
    () => (inverted ? [] : applyFilters(trades ?? [], filters, range)),
    [inverted, trades, filters, range],
  );
  // The list stops at 6000: its rows then sum only the newest, the server's totals every one.
  const cut = query.data !== undefined && query.data.total > query.data.trades.length;
  const rowsSummary = useMemo(() => summarize(rows), [rows]);
  const summary = totals.data
    ? summaryOfTotals(totals.data.totals)
    : cut || inverted
      ? null
      : rowsSummary;
  const page = clampPage(filters.page, rows.length);

  const exportCsv = () => {
    downloadText(tradesCsv(rows, money.currency), tradesCsvName(Date.now()));
    toast.success(t.exported(rows.length));
  };
  const refetch = () => void query.refetch();

  return (
    <section className="mx-auto w-full max-w-7xl space-y-6">
      <title>{`${paths.trades.title} · Vórtex`}</title>
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div className="min-w-0 space-y-1">
          <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">
            {paths.trades.title}
          </h1>
          <p className="text-sm text-muted-foreground">{t.subtitle}</p>
          <HistorySpanNote span={span} />
          {query.data && query.data.account !== null && (
            <p data-testid="trades-source" className="text-xs text-muted-foreground tabular-nums">
              {t.source(query.data.account, query.data.processing_info.deals_processed)} ·{' '}
              {t.updatedAt(formatTimePtBR(query.data.receivedAt))}
            </p>
          )}
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" onClick={refetch} disabled={query.isFetching || inverted}>
            <RefreshCw className={cn(query.isFetching && 'animate-spin')} />
            {t.refresh}
          </Button>
          <Button onClick={exportCsv} disabled={rows.length === 0}>
            <Download />
            {t.exportCsv}
          </Button>
        </div>
      </header>

      {/* Four zeros say nothing: without a single trade the empty state speaks alone. */}
      {!inverted && summary && query.data && query.data.trades.length > 0 && (
        <TradesSummary summary={summary} />
      )}

      <Card className="overflow-hidden">
        <TradesFiltersBar
          filters={filters}
          magics={magics}
          onChange={update}
          datesError={inverted ? t.startAfterEnd : null}
          wholeHistory={wholeHistory(filters, old)}
        />
        {!inverted && query.data && cut && (
          <TradesCutNote
            shown={query.data.trades.length}
            listed={query.data.total}
            covered={totals.data?.totals.count ?? null}
            magic={filters.magic}
            totalsError={totals.isError ? totals.error.message : null}
          />
        )}
        {!inverted && query.isError && (
          <TradesErrorState
            message={query.error.message}
            onRetry={
              !(query.error instanceof TradesError) || query.error.retryable ? refetch : undefined
            }
          />
        )}
        {!inverted && query.isPending && <TradesLoading />}
        {!inverted && query.data && rows.length === 0 && (
          <TradesEmpty noneReturned={query.data.trades.length === 0} />
        )}
        {rows.length > 0 && (
          <>
            <TradesTable rows={pageOf(rows, page)} />
            <TradesPager
              page={page}
              rows={rows.length}
              onPage={(next) => {
                update({ page: next });
              }}
            />
          </>
        )}
      </Card>
    </section>
  );
}
