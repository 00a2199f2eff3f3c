import { Outlet, useLocation } from 'react-router';
import { paths } from '../../config/paths';
import {
  BridgeBadge,
  OnboardingOverlay,
  useBridgeLiveSync,
  useOnboardingGate,
} from '../../features/bridge';
import { useAccounts } from '../../lib/accounts';
import { LiveProvider } from '../../lib/live';
import { cn } from '../../lib/cn';
import { isAdmin, useCurrentUser } from '../../lib/session';
import { AccountSwitcher, ImportedAccountBadge, useImportedAccount } from './account-switcher';
import { MobileMenu } from './mobile-menu';
import { Sidebar } from './sidebar';
import { CurrentAccountMoney } from '../../lib/money';

/**
 * access-and-admin.md §2: on /dashboard a non-admin who has not finished onboarding always sees
 * the sidebar, at any width, so the menu and 'Sair' stay reachable beside the onboarding overlay.
 */
function useOnboarding() {
  const user = useCurrentUser();
  const { pathname } = useLocation();
  // An imported account has no agent to connect: its dashboard is not held behind onboarding.
  const accounts = useAccounts();
  const current = accounts.data?.accounts.find((a) => a.id === accounts.data.current_id);
  return useOnboardingGate(
    pathname === paths.dashboard.path &&
      user !== null &&
      !isAdmin(user) &&
      !accounts.isPending &&
      current?.kind !== 'imported',
  );
}

/** The frame of every logged-in screen: sidebar, header badge, live channel, onboarding. */
export function Component() {
  return (
    <LiveProvider>
      <Frame />
    </LiveProvider>
  );
}

function Frame() {
  const onboarding = useOnboarding();
  const forced = onboarding.pending;
  useBridgeLiveSync();
  const imported = useImportedAccount();
  return (
    <div className="flex min-h-dvh bg-background text-foreground">
      <aside
        data-testid="sidebar"
        data-forced={forced || undefined}
        className={cn(
          'sticky top-0 z-50 h-dvh shrink-0 border-r border-sidebar-border lg:flex lg:w-64 print:hidden',
          // Forced on a small screen: an icon rail, so the dashboard keeps most of the width.
          forced ? 'flex w-16' : 'hidden',
        )}
      >
        <Sidebar rail={forced} />
      </aside>
      <div className="flex min-w-0 flex-1 flex-col">
        {/* On paper only the screen's own content: no menu, switcher or badges. */}
        {!forced && (
          <div className="contents print:hidden">
            <MobileMenu />
          </div>
        )}
        <div className="flex flex-wrap items-center justify-end gap-3 px-4 pt-4 sm:px-6 lg:px-10 print:hidden">
          <AccountSwitcher />
          {imported ? <ImportedAccountBadge /> : <BridgeBadge />}
        </div>
        <main className="flex-1 px-4 py-4 sm:px-6 lg:px-10 lg:py-6 print:p-0">
          <CurrentAccountMoney>
            <Outlet />
          </CurrentAccountMoney>
        </main>
      </div>
      {onboarding.pending && <OnboardingOverlay onComplete={onboarding.complete} />}
    </div>
  );
}
