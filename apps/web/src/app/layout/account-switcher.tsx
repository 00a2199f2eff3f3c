import { accountMessages } from '@vortex/core';
import { Unplug } from 'lucide-react';
import { useId } from 'react';
import { useLocation } from 'react-router';
import { toast } from 'sonner';
import { Badge } from '../../components/ui/badge';
import { NativeSelect } from '../../components/ui/native-select';
import { paths } from '../../config/paths';
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
};

/**
 * The account every trading screen reads, when the trader has more than one (issue 16). A whole
 * row of its own on a phone, so a label is cut only when it is longer than the screen is wide
 * (issue 26 saw '(Importada' and '(Ir' cut at 60 % of a phone's width).
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
      <NativeSelect
        id={id}
        compact
        className="min-w-0 flex-1 sm:w-96 sm:flex-none"
        title={current ? accountLabel(current) : undefined}
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
      </NativeSelect>
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
