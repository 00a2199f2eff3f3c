import { paths } from '../../../config/paths';
import { isAdmin, useCurrentUser } from '../../../lib/session';
import { useLifecycleRefresh } from '../hooks/use-lifecycle-refresh';
import { bridgeAdminTexts as t } from '../messages';
import { AuditPanel } from './audit-panel';
import { ClaimsPanel } from './claims-panel';
import { HealthPanel } from './health-panel';
import { SessionsPanel } from './sessions-panel';
import { TokensPanel } from './tokens-panel';

function Panels() {
  useLifecycleRefresh();
  return (
    <div className="space-y-6">
      <ClaimsPanel />
      <SessionsPanel />
      <TokensPanel />
      <AuditPanel />
      <HealthPanel />
    </div>
  );
}

/** /bridge-admin (trading.md §2): the five panels; for anyone but an admin, nothing and no calls. */
export function BridgeAdminScreen() {
  const user = useCurrentUser();
  if (!isAdmin(user)) return null;
  return (
    <section className="mx-auto w-full max-w-7xl space-y-6">
      <title>{`${paths.bridgeAdmin.title} · Vórtex`}</title>
      <header className="space-y-1">
        <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">
          {paths.bridgeAdmin.title}
        </h1>
        <p className="text-sm text-muted-foreground">{t.subtitle}</p>
      </header>
      <Panels />
    </section>
  );
}
