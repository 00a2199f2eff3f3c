import { formatTimePtBR } from '@vortex/core';
import { useQueryClient } from '@tanstack/react-query';
import { CircleAlert, RotateCw } from 'lucide-react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { paths } from '../../../config/paths';
import { useConnectMt5 } from '../api/connect-mt5';
import { useDisconnectMt5 } from '../api/disconnect-mt5';
import { useMt5Status } from '../api/get-mt5-status';
import { mt5Keys } from '../api/mt5-keys';
import { useTestBridge } from '../api/test-bridge';
import { mt5Texts as t } from '../messages';
import { AccountInfoCard } from './account-info-card';
import { AdvancedSettingsDialog } from './advanced-settings-dialog';
import { CredentialsForm } from './credentials-form';
import { Mt5Guide } from './mt5-guide';
import { StatusCards, type ConnectionActivity } from './status-cards';

/** /mt5 (trading.md §2 "MT5 configuration"): the admin's own agent, terminal and account. */
export function Mt5Screen() {
  const queryClient = useQueryClient();
  const status = useMt5Status();
  const test = useTestBridge();
  const connect = useConnectMt5();
  const disconnect = useDisconnectMt5();
  const activity: ConnectionActivity = connect.isPending
    ? 'connecting'
    : disconnect.isPending
      ? 'disconnecting'
      : null;
  const refreshing = status.isFetching;
  const refresh = () => void queryClient.invalidateQueries({ queryKey: mt5Keys.all });

  return (
    <section className="mx-auto w-full max-w-6xl space-y-6">
      <title>{`${paths.mt5.title} · Vórtex`}</title>
      <header className="flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-64 flex-1 space-y-1">
          <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">{paths.mt5.title}</h1>
          <p className="text-sm text-muted-foreground">{t.subtitle}</p>
        </div>
        <div className="flex flex-wrap items-center gap-2 sm:pt-1">
          {status.dataUpdatedAt > 0 && (
            <span className="text-xs text-muted-foreground">
              {t.updatedAt(formatTimePtBR(status.dataUpdatedAt))}
            </span>
          )}
          <Button variant="outline" onClick={refresh} disabled={refreshing}>
            <RotateCw className={refreshing ? 'animate-spin' : undefined} />
            {t.refresh}
          </Button>
          <AdvancedSettingsDialog />
        </div>
      </header>
      {status.isError && (
        <Alert variant="error" className="items-center">
          <CircleAlert aria-hidden />
          <span className="flex-1">{t.statusFailed(status.error.message)}</span>
          <Button variant="outline" size="sm" onClick={refresh} disabled={refreshing}>
            <RotateCw />
            {t.retry}
          </Button>
        </Alert>
      )}
      <StatusCards status={status.data} activity={activity} />
      <div className="grid items-start gap-6 lg:grid-cols-5">
        <div className="lg:col-span-3">
          <CredentialsForm
            known={
              status.data ? { login: status.data.login, server: status.data.server } : undefined
            }
            test={test}
            connect={connect}
            disconnect={disconnect}
            mt5Connected={status.data?.mt5_connected}
          />
        </div>
        <div className="lg:col-span-2">
          <AccountInfoCard />
        </div>
      </div>
      <Mt5Guide />
    </section>
  );
}
