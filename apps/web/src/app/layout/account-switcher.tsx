import { accountMessages } from '@vortex/core';
import { ChevronDown, Unplug, Wallet } from 'lucide-react';
import { useId } from 'react';
import { Link, useLocation } from 'react-router';
import { toast } from 'sonner';
import { Badge } from '../../components/ui/badge';
import { buttonVariants } from '../../components/ui/button';
import { paths } from '../../config/paths';
import { cn } from '../../lib/cn';
import {
  accountLabel,
  accountSource,
  hasAgent,
  useAccounts,
  useChooseAccount,
  useCurrentAccount,
} from '../../lib/accounts';

const TRADING_SCREENS: readonly string[] = [
  paths.dashboard.path,
  paths.trades.path,
  paths.statistics.path,
  paths.reports.path,
  paths.backtest.path,
];

export const switcherTexts = {
  label: 'Conta',
  failed: 'Não foi possível trocar de conta.',
  all: 'Todas as contas',
};

/**
 * The account every trading screen reads, when the trader has more than one (issue 16). A native
 * select cuts its closed label at its width (issue 26 saw '(Importada' and '(Ir' on a phone), so
 * the chosen label is drawn beside it, wrapping, and the select lies invisible over it: the
 * platform's picker, keyboard and screen readers still work as a select's do.
 */
export function AccountSwitcher() {
  const { pathname } = useLocation();
  const accounts = useAccounts();
  const choose = useChooseAccount();
  const id = useId();
  const list = accounts.data?.accounts ?? [];
  const current = list.find((a) => a.id === accounts.data?.current_id);
  if (!TRADING_SCREENS.includes(pathname) || list.length < 2) return null;
  return (
    <div className="flex w-full min-w-0 items-center gap-2 sm:w-auto">
      <label htmlFor={id} className="shrink-0 text-sm text-muted-foreground">
        {switcherTexts.label}
      </label>
      <div
        className={cn(
          'relative min-w-0 flex-1 rounded-lg border border-input bg-background shadow-xs sm:w-96 sm:flex-none',
          'has-[select:focus-visible]:border-ring has-[select:focus-visible]:ring-2 has-[select:focus-visible]:ring-ring/30',
          choose.isPending && 'opacity-50',
        )}
      >
        <p aria-hidden className="min-h-8 py-1.5 pr-8 pl-2.5 text-xs leading-snug break-words">
          {current ? accountLabel(current) : ''}
        </p>
        <ChevronDown
          aria-hidden
          className="pointer-events-none absolute top-1/2 right-2.5 size-3.5 -translate-y-1/2 text-muted-foreground"
        />
        <select
          id={id}
          className="absolute inset-0 size-full cursor-pointer appearance-none opacity-0 disabled:cursor-not-allowed"
          value={String(accounts.data?.current_id ?? '')}
          disabled={choose.isPending}
          onChange={(e) =>
            choose.mutate(Number(e.target.value), {
              onError: (err) => toast.error(switcherTexts.failed, { description: err.message }),
            })
          }
        >
          {list.map((a) => (
            <option key={a.id} value={a.id}>
              {accountLabel(a)}
            </option>
          ))}
        </select>
      </div>
      <Link
        to={paths.accounts.path}
        aria-label={switcherTexts.all}
        title={switcherTexts.all}
        className={cn(buttonVariants({ variant: 'outline', size: 'sm' }), 'w-8 shrink-0 px-0')}
      >
        <Wallet aria-hidden />
      </Link>
    </div>
  );
}

/** An account no agent ever fed: the header says so (and, on hover, where its data came from). */
export function ImportedAccountBadge() {
  const source = accountSource(useCurrentAccount());
  return (
    <Badge
      variant="warning"
      title={source ?? accountMessages.importedHint}
      className="h-8 px-3 text-sm"
    >
      <Unplug aria-hidden className="size-3.5" />
      {accountMessages.imported}
    </Badge>
  );
}

/** Whether the screens read an account no agent ever said hello for (nothing live to show). */
export function useImportedAccount(): boolean {
  return !hasAgent(useCurrentAccount());
}
