import { defaultAlertsConfig } from '@vortex/core';
import { Spinner } from '../../../components/ui/spinner';
import { paths } from '../../../config/paths';
import { useCurrentUser } from '../../../lib/session';
import { useAlertsConfig } from '../api/get-alerts-config';
import { useRecentAlerts } from '../api/get-recent-alerts';
import { useAlertSound } from '../hooks/use-alert-sound';
import { useAlertsLiveRefresh } from '../hooks/use-alerts-live-refresh';
import { alertsTexts as t } from '../messages';
import { AlertsForm } from './alerts-form';
import { PhoneConfirmationCard } from './phone-confirmation-card';
import { RecentAlerts } from './recent-alerts';

/**
 * 'Gerenciador de Alertas' (trading.md §2): channels, types, sound, report frequency, recent
 * alerts and save. A failed load is only logged (§8) and edits the defaults; a viewer only reads.
 */
export function AlertsScreen() {
  const config = useAlertsConfig();
  const recent = useRecentAlerts();
  const user = useCurrentUser();
  const readOnly = user?.role === 'viewer';
  useAlertsLiveRefresh();
  useAlertSound(recent.data, config.data?.soundEnabled ?? false);
  if (config.isError) console.warn('alerts config load failed', config.error);
  return (
    <section className="mx-auto w-full max-w-6xl space-y-6">
      <title>{`${paths.alerts.title} · Vórtex`}</title>
      <header className="space-y-1">
        <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">{paths.alerts.title}</h1>
        <p className="text-sm text-muted-foreground">{t.subtitle}</p>
      </header>
      <PhoneConfirmationCard />
      {config.isPending ? (
        <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
          <Spinner />
          {t.loading}
        </p>
      ) : (
        <AlertsForm
          initial={config.data ?? defaultAlertsConfig()}
          readOnly={readOnly}
          account={user ?? undefined}
        />
      )}
      <RecentAlerts
        alerts={recent.data}
        loading={recent.isPending}
        error={recent.isError}
        onRetry={() => void recent.refetch()}
      />
    </section>
  );
}
