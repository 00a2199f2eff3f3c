import { Outlet, useLocation } from 'react-router';
import { paths } from '../../config/paths';
import { cn } from '../../lib/cn';
import { isAdmin, useCurrentUser } from '../../lib/session';
import { isOnboardingCompleted } from '../../lib/storage';
import { MobileMenu } from './mobile-menu';
import { Sidebar } from './sidebar';

/**
 * access-and-admin.md §2: on /dashboard a non-admin who has not finished onboarding always sees
 * the sidebar, at any width, so the menu and 'Sair' stay reachable beside the onboarding overlay.
 */
export function useSidebarForced(): boolean {
  const user = useCurrentUser();
  const { pathname } = useLocation();
  return pathname === paths.dashboard.path && !isAdmin(user) && !isOnboardingCompleted();
}

/** The frame of every logged-in screen: sidebar, plus a drawer menu on small screens. */
export function Component() {
  const forced = useSidebarForced();
  return (
    <div className="flex min-h-dvh bg-background text-foreground">
      <aside
        data-testid="sidebar"
        data-forced={forced || undefined}
        className={cn(
          'sticky top-0 h-dvh shrink-0 border-r border-sidebar-border lg:flex lg:w-64',
          // Forced on a small screen: an icon rail, so the dashboard keeps most of the width.
          forced ? 'flex w-16' : 'hidden',
        )}
      >
        <Sidebar rail={forced} />
      </aside>
      <div className="flex min-w-0 flex-1 flex-col">
        {!forced && <MobileMenu />}
        <main className="flex-1 px-4 py-6 sm:px-6 lg:px-10 lg:py-8">
          <Outlet />
        </main>
      </div>
    </div>
  );
}
