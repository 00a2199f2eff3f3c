import { taxMessages as m } from '@vortex/core';
import { CircleAlert, Info, Landmark } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { paths } from '../../../config/paths';
import { useCurrentUser } from '../../../lib/session';
import { useTaxYear } from '../api/get-tax-year';
import { yearParam } from '../utils/paths';
import { hasOperations } from '../utils/year-totals';
import { MonthsTable } from './months-table';
import { TaxSettingsCard } from './tax-settings-card';
import { TaxesToolbar } from './taxes-toolbar';

/** /impostos ('Imposto de Renda', issue 17): the year's income tax on futures, month by month. */
export function TaxesScreen() {
  const [search, setSearch] = useSearchParams();
  const query = useTaxYear(yearParam(search));
  const readOnly = useCurrentUser()?.role === 'viewer';
  const data = query.data;
  return (
    <section className="mx-auto w-full max-w-7xl min-w-0 space-y-6">
      <title>{`${paths.taxes.title} · Vórtex`}</title>
      <header className="space-y-1">
        <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">{paths.taxes.title}</h1>
        <p className="text-sm text-muted-foreground">{m.subtitle}</p>
      </header>
      <Alert role="note" className="border-primary/30 bg-primary/5 [&_svg]:text-primary">
        <Info aria-hidden />
        <p>{m.note}</p>
      </Alert>
      {data?.basis === 'demo' && (
        <Alert role="note" className="border-amber-500/40 bg-amber-500/10 [&_svg]:text-amber-600">
          <CircleAlert aria-hidden />
          <p>{m.demoBasis}</p>
        </Alert>
      )}
      {data && (
        <TaxesToolbar
          year={data.year}
          years={data.years}
          onYear={(year) => setSearch({ ano: String(year) })}
        />
      )}
      {query.isError && (
        <Alert variant="error" className="items-center">
          <CircleAlert aria-hidden />
          <span className="flex-1 font-medium">{m.loadFailed}</span>
          <Button variant="outline" size="sm" onClick={() => void query.refetch()}>
            {m.retry}
          </Button>
        </Alert>
      )}
      {query.isPending && (
        <div role="status" className="flex items-center justify-center gap-3 py-16">
          <Spinner className="text-primary" />
          <span className="text-sm text-muted-foreground">{m.loading}</span>
        </div>
      )}
      {data && !hasOperations(data.months) && (
        <Card className="flex flex-col items-center gap-2 px-6 py-14 text-center">
          <Landmark aria-hidden className="size-9 text-muted-foreground/60" />
          <p className="text-sm text-muted-foreground">{m.empty}</p>
        </Card>
      )}
      {data && hasOperations(data.months) && (
        <MonthsTable months={data.months} today={data.today} canMark={!readOnly} />
      )}
      {data && <TaxSettingsCard settings={data.settings} readOnly={readOnly} />}
    </section>
  );
}
