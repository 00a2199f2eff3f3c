import { formatTimePtBR, HEALTH_HISTORY_SAMPLES } from '@vortex/core';
import { Badge } from '../../../components/ui/badge';
import { useBridgeHealth } from '../api/health';
import { useHealthHistory } from '../hooks/use-health-history';
import { bridgeAdminTexts as t } from '../messages';
import { DependenciesStatus } from './dependencies-status';
import { HealthCounter, HealthFact } from './health-counter';
import { Panel, PanelError, RefreshButton } from './panel';
import { RejectionsTable } from './rejections-table';
import { Sparkline } from './sparkline';
import { LoadingRow } from './table-rows';

const h = t.health;

/** §2 'Bridge Health': polled every 10 s; the charts keep the last 50 answers (§9). */
export function HealthPanel() {
  const query = useBridgeHealth();
  const health = query.data;
  const samples = useHealthHistory(health, query.dataUpdatedAt);
  const refetch = () => void query.refetch();
  const caption = (peak: number) => h.samples(samples.length, HEALTH_HISTORY_SAMPLES, peak);
  const series = (key: 'ws_users' | 'ws_connections' | 'active_sessions' | 'agents_connected') =>
    samples.map((s) => s[key]);

  return (
    <Panel
      id="health"
      title={h.title}
      description={
        health
          ? `${h.description} ${h.updatedAt(formatTimePtBR(health.server_time))}`
          : h.description
      }
      toolbar={<RefreshButton onClick={refetch} busy={query.isFetching} />}
    >
      {query.isError && <PanelError error={query.error} onRetry={refetch} />}
      {query.isPending && (
        <table className="w-full">
          <tbody>
            <LoadingRow colSpan={1} />
          </tbody>
        </table>
      )}
      {health && (
        <div className="space-y-4 p-4 sm:p-5">
          <DependenciesStatus />
          <div className="grid grid-cols-2 gap-3 lg:grid-cols-3 2xl:grid-cols-6">
            <HealthCounter metric="ws_users" label={h.wsUsers} value={health.ws_users} />
            <HealthCounter
              metric="ws_connections"
              label={h.wsConnections}
              value={health.ws_connections}
            />
            <HealthCounter
              metric="active_sessions"
              label={h.activeSessions}
              value={health.active_sessions}
            />
            <HealthFact label={h.agents} value={health.agents_connected} />
            <HealthFact label={h.rateBackend} value={health.rate_backend} word />
            <HealthFact
              label={h.perUserLimit}
              value={health.per_user_limit}
              hint={h.perUserLimitHint}
            />
          </div>
          <div className="grid gap-3 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_minmax(0,1fr)]">
            <Sparkline
              title={h.chartLive}
              caption={caption}
              series={[
                {
                  label: h.wsUsers,
                  values: series('ws_users'),
                  stroke: 'stroke-primary',
                  dot: 'bg-primary',
                },
                {
                  label: h.wsConnections,
                  values: series('ws_connections'),
                  stroke: 'stroke-sky-500',
                  dot: 'bg-sky-500',
                  dashed: true,
                },
              ]}
            />
            <Sparkline
              title={h.chartBridge}
              caption={caption}
              series={[
                {
                  label: h.activeSessions,
                  values: series('active_sessions'),
                  stroke: 'stroke-success',
                  dot: 'bg-success',
                },
                {
                  label: h.agents,
                  values: series('agents_connected'),
                  stroke: 'stroke-amber-500',
                  dot: 'bg-amber-500',
                  dashed: true,
                },
              ]}
            />
            <div className="space-y-2 rounded-lg border border-border bg-background/40 p-3">
              <p className="text-sm font-medium">{h.origins}</p>
              {health.allowed_origins.length ? (
                <ul className="flex flex-wrap gap-1.5">
                  {health.allowed_origins.map((origin) => (
                    <li key={origin}>
                      <Badge className="font-mono">{origin}</Badge>
                    </li>
                  ))}
                </ul>
              ) : (
                <p className="text-sm text-muted-foreground">{h.noOrigins}</p>
              )}
            </div>
          </div>
          <RejectionsTable last24h={health.rejections_24h} recent={health.recent_rejections} />
        </div>
      )}
    </Panel>
  );
}
