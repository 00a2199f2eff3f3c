import { accountMessages } from '@vortex/core';
import { Unplug } from 'lucide-react';
import { useId } from 'react';
import { useLocation } from 'react-router';
import { toast } from 'sonner';
import { Badge } from '../../components/ui/badge';
import { NativeSelect } from '../../components/ui/native-select';
import { paths } from '../../config/paths';
import { accountLabel, useAccounts, useChooseAccount, useCurrentAccount } from '../../lib/accounts';

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

/** The account every trading screen reads, when the trader has more than one (issue 16). */
export function AccountSwitcher() {
  const { pathname } = useLocation();
  const accounts = useAccounts();
  const choose = useChooseAccount();
  const id = useId();
  const list = accounts.data?.accounts ?? [];
  if (!TRADING_SCREENS.includes(pathname) || list.length < 2) return null;
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className="text-sm text-muted-foreground">
        {switcherTexts.label}
      </label>
      <NativeSelect
        id={id}
        compact
        className="w-72 max-w-[60vw]"
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

/** An imported account has no agent: the header says so instead of a bridge status. */
export function ImportedAccountBadge() {
  return (
    <Badge variant="warning" title={accountMessages.importedHint} className="h-8 px-3 text-sm">
      <Unplug aria-hidden className="size-3.5" />
      {accountMessages.imported}
    </Badge>
  );
}

/** Whether the screens read an imported account. */
export function useImportedAccount(): boolean {
  return useCurrentAccount()?.kind === 'imported';
}
