import { CircleAlert, TriangleAlert } from 'lucide-react';
import { lazy, Suspense, useMemo, useState, type ReactNode } from 'react';
import { HistorySpanNote } from '../../../components/period/history-span-note';
import { dataOlderThan } from '../../../components/period/period';
import { Alert } from '../../../components/ui/alert';
import { Spinner } from '../../../components/ui/spinner';
import { paths } from '../../../config/paths';
import { accountSource, useCurrentAccount } from '../../../lib/accounts';
import { useDashboardData } from '../hooks/use-dashboard-data';
import { useDashboardLiveSync } from '../hooks/use-dashboard-live-sync';
import { dashboardTexts } from '../messages';
import { closedAlready, closedAtOf } from '../utils/open-rows';
import { Last7DaysCard } from './last-7-days-card';
import { LastClosedCard } from './last-closed-card';
import { NoDataNotice } from './no-data-notice';
import { OpenOrdersTable } from './open-orders-table';
import { StatCards } from './stat-cards';
import { StatusBanner } from './status-banner';

const e = dashboardTexts.errors;

// recharts is most of the screen's weight: it loads only once there is data to draw.
const ChartsPanel = lazy(() =>
  import('./charts/charts-panel').then((m) => ({ default: m.ChartsPanel })),
);

/**
 * /dashboard (trading.md §2 "Dashboard"): the trader's real MT5 data, live. `priceChart` and
 * `botCard` are other features' cards, composed in by the route; the bot card shows in every
 * data state (it is how a trader starts trading at all).
 */
export function DashboardScreen({
  priceChart,
  botCard,
}: { priceChart?: ReactNode; botCard?: ReactNode } = {}) {
  useDashboardLiveSync();
  const d = useDashboardData();
  const overview = d.overview.data;
  const closedAt = useMemo(() => closedAtOf(overview?.last_closed ?? []), [overview]);
  const snapshot = d.positions.data;
  const openPositions = (snapshot?.positions ?? d.realtime.data?.positions ?? []).filter(
    (p) => !closedAlready(p, closedAt),
  ).length;
  const hasOpenRows = (snapshot?.positions.length ?? 0) + (snapshot?.orders.length ?? 0) > 0;
  const live = d.state === 'live' && overview;
  const status = d.mt5.data;
  const current = useCurrentAccount();
  // No agent ever fed this account (issue 26): no bridge, bot, open book or margin to speak for,
  // and no 'today' once its data ends before today.
  const imported = d.imported;
  const [openedAt] = useState(Date.now);
  const hasToday = !imported || !dataOlderThan(d.span, 1, openedAt);
  const hasLastWeek = !imported || !dataOlderThan(d.span, 7, openedAt);

  return (
    <section className="mx-auto w-full max-w-7xl space-y-6">
      <title>{`${paths.dashboard.title} · Vórtex`}</title>
      <header className="space-y-1">
        <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">
          {paths.dashboard.title}
        </h1>
        <p className="text-sm text-muted-foreground">{dashboardTexts.subtitle}</p>
        {imported && <HistorySpanNote span={d.span} />}
      </header>

      <StatusBanner
        state={d.state}
        account={
          imported
            ? (current?.account_number ?? null)
            : (d.realtime.data?.connection_status.account ?? status?.account ?? null)
        }
        imported={imported}
        source={accountSource(current)}
        bridgeOnline={status?.bridge_connected ?? false}
        liveChannelOpen={d.liveOpen}
        loadError={d.overview.isError ? e.load(d.overview.error.message) : null}
        checking={d.checking}
        onForceCheck={d.forceCheck}
      />
      {d.overview.isError && (
        <Alert variant="error">
          <CircleAlert aria-hidden />
          <span>{e.aggregates}</span>
        </Alert>
      )}
      {overview && d.realtime.isError && (
        <Alert variant="info" className="border-amber-500/40 bg-amber-500/10">
          <TriangleAlert aria-hidden className="text-amber-600 dark:text-amber-300" />
          <span>{e.partial}</span>
        </Alert>
      )}

      {!imported && botCard}

      {d.state !== 'loading' && !live && !imported && (
        <NoDataNotice info={d.bridgeInfo} checking={d.checking} onVerify={d.forceCheck} />
      )}

      {(live || hasOpenRows) && !imported && (
        <OpenOrdersTable positions={d.positions} closedAt={closedAt} />
      )}

      {live && (
        <>
          <StatCards
            overview={overview}
            realtime={d.realtime.data}
            openPositions={openPositions}
            pendingOrders={snapshot?.orders.length ?? 0}
            live={!imported}
            today={hasToday}
          />
          {!imported && priceChart}
          <Suspense
            fallback={
              <div className="grid h-40 place-items-center">
                <Spinner className="text-muted-foreground" />
              </div>
            }
          >
            <ChartsPanel live={overview} imported={imported} wholeHistory={d.wholeHistory} />
          </Suspense>
          <div className="grid gap-4 lg:grid-cols-2">
            <LastClosedCard trades={overview.last_closed} />
            {hasLastWeek && <Last7DaysCard summary={overview.last_7_days} />}
          </div>
        </>
      )}
    </section>
  );
}
