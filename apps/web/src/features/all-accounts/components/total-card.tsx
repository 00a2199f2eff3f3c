import type { AllAccountsData } from '@vortex/core';
import { Sigma } from 'lucide-react';
import { Card } from '../../../components/ui/card';
import { allAccountsTexts as t } from '../messages';
import { FiguresList } from './figures-list';

type Total = NonNullable<AllAccountsData['total']>;

/** The chosen currency's accounts summed: money added, win rate over all, summed drawdown. */
export function TotalCard({ total, currency }: { total: Total; currency: string }) {
  return (
    <Card
      role="region"
      aria-labelledby="all-accounts-total"
      className="space-y-4 border-primary/40 p-4 sm:p-5"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="all-accounts-total" className="flex items-center gap-2 text-lg font-semibold">
          <Sigma aria-hidden className="size-5 text-primary" />
          {t.total.title(currency)}
        </h2>
        <span className="text-sm text-muted-foreground">{t.total.accounts(total.accounts)}</span>
      </div>
      <FiguresList figures={total} currency={currency} drawdownTitle={t.total.drawdownHint} />
      <p className="text-xs text-muted-foreground">{t.total.drawdownHint}</p>
      {total.balance_basis === 'estimate' && (
        <p className="text-xs text-amber-700 dark:text-amber-300">{t.total.estimated}</p>
      )}
    </Card>
  );
}
