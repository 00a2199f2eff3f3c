import { useQueryClient } from '@tanstack/react-query';
import { RefreshCw } from 'lucide-react';
import { NavLink } from 'react-router';
import { toast } from 'sonner';
import { BrandLogo } from '../../components/brand-logo';
import { shellMessages } from '../../config/messages';
import { cn } from '../../lib/cn';
import { isAdmin, useCurrentUser } from '../../lib/session';
import { navEntriesFor } from './nav-entries';
import { UserPanel } from './user-panel';

const itemClass =
  'flex w-full items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium transition-colors outline-none focus-visible:ring-2 focus-visible:ring-ring [&_svg]:size-4 [&_svg]:shrink-0';

interface SidebarProps {
  /** Called after an entry is chosen: the drawer closes itself with it. */
  onNavigate?: () => void;
  /** Below lg, shrink to an icon rail (labels stay for screen readers and tooltips). */
  rail?: boolean;
}

/** The menu's content; the layout decides whether it sits in the page or in a drawer. */
export function Sidebar({ onNavigate, rail = false }: SidebarProps) {
  const user = useCurrentUser();
  const label = rail ? 'max-lg:sr-only' : undefined;
  const item = cn(itemClass, rail && 'max-lg:justify-center max-lg:px-0');
  const queryClient = useQueryClient();
  const entries = navEntriesFor(isAdmin(user));

  function forceRefresh() {
    // Global refresh (trading.md §2): every screen's queries refetch, whatever they cache.
    void queryClient.invalidateQueries().then(() => toast.success(shellMessages.refreshDone));
    onNavigate?.();
  }

  return (
    <div className="flex h-full w-full flex-col bg-sidebar text-sidebar-foreground">
      <div
        className={cn('flex h-16 items-center px-5', rail && 'max-lg:justify-center max-lg:px-0')}
      >
        <BrandLogo nameClassName={rail ? 'max-lg:hidden' : undefined} />
      </div>
      <nav
        aria-label={shellMessages.menuTitle}
        className={cn('flex-1 overflow-y-auto px-3 py-2', rail && 'max-lg:px-2')}
      >
        <ul className="space-y-1">
          {entries.map((entry) =>
            entry.kind === 'refresh' ? (
              <li key="refresh">
                <button
                  type="button"
                  onClick={forceRefresh}
                  title={rail ? shellMessages.forceRefresh : undefined}
                  className={cn(
                    item,
                    'text-muted-foreground hover:bg-sidebar-accent hover:text-foreground',
                  )}
                >
                  <RefreshCw aria-hidden />
                  <span className={label}>{shellMessages.forceRefresh}</span>
                </button>
              </li>
            ) : (
              <li key={entry.key}>
                <NavLink
                  to={entry.to}
                  onClick={onNavigate}
                  title={rail ? entry.label : undefined}
                  className={({ isActive }) =>
                    cn(
                      item,
                      isActive
                        ? 'bg-primary/12 text-primary'
                        : 'text-muted-foreground hover:bg-sidebar-accent hover:text-foreground',
                    )
                  }
                >
                  <entry.icon aria-hidden />
                  <span className={label}>{entry.label}</span>
                </NavLink>
              </li>
            ),
          )}
        </ul>
      </nav>
      <UserPanel rail={rail} />
    </div>
  );
}
