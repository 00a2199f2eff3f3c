import { LogOut } from 'lucide-react';
import { ThemeToggle } from '../../components/theme-toggle';
import { Button } from '../../components/ui/button';
import { cn } from '../../lib/cn';
import { shellMessages } from '../../config/messages';
import { displayNameOf, roleLabelOf, useCurrentUser, useSession } from '../../lib/session';

/** The sidebar's footer: who is logged in, the theme switch and 'Sair'. */
export function UserPanel({ rail = false }: { rail?: boolean }) {
  const user = useCurrentUser();
  const { signOut } = useSession();
  const name = displayNameOf(user);
  return (
    <div className={cn('space-y-3 border-t border-sidebar-border p-3', rail && 'max-lg:px-2')}>
      <div className={cn('flex items-center gap-3 px-1', rail && 'max-lg:flex-col max-lg:px-0')}>
        <span
          aria-hidden
          className="grid size-9 shrink-0 place-items-center rounded-full bg-primary/15 text-sm font-semibold text-primary uppercase"
        >
          {name.slice(0, 2)}
        </span>
        <div className={cn('min-w-0 flex-1', rail && 'max-lg:sr-only')}>
          <p className="truncate text-sm font-semibold" data-testid="sidebar-username">
            {name}
          </p>
          <p className="truncate text-xs text-muted-foreground" data-testid="sidebar-role">
            {roleLabelOf(user)}
          </p>
        </div>
        <ThemeToggle />
      </div>
      <Button
        variant="outline"
        className={cn('w-full justify-start', rail && 'max-lg:justify-center max-lg:px-0')}
        title={rail ? shellMessages.logout : undefined}
        onClick={signOut}
      >
        <LogOut />
        <span className={rail ? 'max-lg:sr-only' : undefined}>{shellMessages.logout}</span>
      </Button>
    </div>
  );
}
