import { isTesterAccount, type AllAccountsData } from '@vortex/core';
import { CircleAlert, Info, Wallet } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { brDate, dayKeyOf, type CustomDates, type Period } from '../../../components/period/period';
import { periodTexts } from '../../../components/period/period-texts';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { paths } from '../../../config/paths';
import { useChooseAccount } from '../../../lib/accounts';
import { useAllAccounts } from '../api/get-all-accounts';
import { allAccountsTexts as t } from '../messages';
import { AccountCard } from './account-card';
import { AllAccountsControls } from './all-accounts-controls';
import { CombinedCurve } from './combined-curve';
import { TotalCard } from './total-card';

type Entry = AllAccountsData['accounts'][number];

/** The custom fields' first dates: the period's own, else from the first to the last deal of all. */
function customInitial(period: Period, accounts: readonly Entry[]): CustomDates | null {
  if (period.kind === 'custom') return period;
  const firsts = accounts.flatMap((a) => (a.first_deal_at === null ? [] : [a.first_deal_at]));
  const lasts = accounts.flatMap((a) => (a.last_deal_at === null ? [] : [a.last_deal_at]));
  if (firsts.length === 0 || lasts.length === 0) return null;
  return { from: dayKeyOf(Math.min(...firsts)), to: dayKeyOf(Math.max(...lasts)) };
}

function showing(period: Period): string {
  if (period.kind === 'custom') {
    return periodTexts.showingCustom(brDate(period.from), brDate(period.to));
  }
  return t.showingAll;
}

function AccountsSection(props: {
  id: string;
  title: string;
  hint?: string;
  accounts: readonly Entry[];
  currentId: number | null;
  busy: boolean;
  onOpen: (id: number) => void;
}) {
  if (props.accounts.length === 0) return null;
  return (
    <section aria-labelledby={props.id} className="space-y-3">
      <div>
        <h2 id={props.id} className="text-lg font-semibold tracking-tight">
          {props.title}
        </h2>
        {props.hint && <p className="text-sm text-muted-foreground">{props.hint}</p>}
      </div>
      <div className="grid gap-4 xl:grid-cols-2">
        {props.accounts.map((account) => (
          <AccountCard
            key={account.id}
            account={account}
            current={account.id === props.currentId}
            busy={props.busy}
            onOpen={props.onOpen}
          />
        ))}
      </div>
    </section>
  );
}

/**
 * 'Todas as contas' (issue 26): every MT5 account of the trader with its figures over the period,
 * the accounts of one currency summed (and their summed balance), the others listed apart.
 */
export function AllAccountsScreen() {
  const [period, setPeriod] = useState<Period>({ kind: 'all' });
  const [currency, setCurrency] = useState<string | null>(null);
  const query = useAllAccounts(period, currency);
  const choose = useChooseAccount();
  const navigate = useNavigate();
  const data = query.data;
  const chosen = data?.currency ?? null;
  const real = data?.accounts.filter((a) => !isTesterAccount(a)) ?? [];
  const summed = real.filter((a) => a.currency === chosen);
  const apart = real.filter((a) => a.currency !== chosen);
  const tester = data?.accounts.filter((a) => isTesterAccount(a)) ?? [];
  const open = (id: number) => {
    choose.mutate(id, {
      onSuccess: () => void navigate(paths.dashboard.path),
      onError: (err) => toast.error(t.account.openFailed, { description: err.message }),
    });
  };

  return (
    <section className="mx-auto w-full max-w-7xl space-y-6">
      <title>{`${paths.accounts.title} · Vórtex`}</title>
      <header className="space-y-1">
        <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">
          {paths.accounts.title}
        </h1>
        <p className="text-sm text-muted-foreground">{t.subtitle}</p>
      </header>
      {(!data || data.accounts.length > 0) && (
        <AllAccountsControls
          period={period}
          customInitial={customInitial(period, data?.accounts ?? [])}
          currencies={data?.currencies ?? []}
          currency={chosen}
          onPeriod={setPeriod}
          onCurrency={setCurrency}
        />
      )}
      {query.isError && (
        <Alert variant="error" className="items-center">
          <CircleAlert aria-hidden />
          <span className="flex-1 font-medium">{t.failed(query.error.message)}</span>
          <Button variant="outline" size="sm" onClick={() => void query.refetch()}>
            {t.retry}
          </Button>
        </Alert>
      )}
      {query.isPending && (
        <div role="status" className="flex items-center justify-center gap-3 py-16">
          <Spinner className="text-primary" />
          <span className="text-sm text-muted-foreground">{t.loading}</span>
        </div>
      )}
      {data && data.accounts.length === 0 && (
        <Card className="flex flex-col items-center gap-2 px-6 py-14 text-center">
          <Wallet aria-hidden className="size-9 text-muted-foreground/60" />
          <h2 className="text-lg font-semibold">{t.empty.title}</h2>
          <p className="max-w-md text-sm text-muted-foreground">{t.empty.text}</p>
          <Button asChild variant="outline" className="mt-2">
            <Link to={paths.reports.path}>{t.empty.link}</Link>
          </Button>
        </Card>
      )}
      {data && chosen !== null && data.accounts.length > 0 && (
        <div className="space-y-6" aria-busy={query.isFetching}>
          <p data-testid="all-accounts-period" className="text-sm text-muted-foreground">
            {showing(period)}
          </p>
          <Alert className="items-start">
            <Info aria-hidden />
            <span>{t.oneCurrency(chosen)}</span>
          </Alert>
          {data.total && <TotalCard total={data.total} currency={chosen} />}
          {data.curve.length > 1 && <CombinedCurve points={data.curve} currency={chosen} />}
          <AccountsSection
            id="all-accounts-summed"
            title={t.lists.summed(chosen)}
            accounts={summed}
            currentId={data.current_id}
            busy={choose.isPending}
            onOpen={open}
          />
          <AccountsSection
            id="all-accounts-apart"
            title={t.lists.apart}
            hint={t.lists.apartHint}
            accounts={apart}
            currentId={data.current_id}
            busy={choose.isPending}
            onOpen={open}
          />
          <AccountsSection
            id="all-accounts-tester"
            title={t.lists.tester}
            hint={t.lists.testerHint}
            accounts={tester}
            currentId={data.current_id}
            busy={choose.isPending}
            onOpen={open}
          />
        </div>
      )}
    </section>
  );
}
