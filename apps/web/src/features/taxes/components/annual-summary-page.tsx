import {
  annualRows,
  annualYearLabel,
  CONSOLIDATION_COLUMNS,
  KIND_COLUMNS,
  taxMessages as m,
} from '@vortex/core';
import { ArrowLeft, CircleAlert, Printer } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { useTaxYear } from '../api/get-tax-year';
import { currentYear, validYear, yearPath } from '../utils/paths';
import { AnnualTable } from './annual-table';

/** KIND_COLUMNS' 'Alíquota do imposto (%)'. */
const RATE_COLUMN = KIND_COLUMNS.indexOf('Alíquota do imposto (%)');
// The consolidation has eleven columns: on paper they fit across, not down.
const PAGE_CSS = '@page { size: A4 landscape; margin: 10mm; }';

/** /impostos/anual/:year: the year as the IRPF's Renda Variável form asks for it, to print. */
export function AnnualSummaryPage() {
  const year = validYear(useParams().year) ?? currentYear();
  const query = useTaxYear(year);
  const rows = query.data ? annualRows(query.data.months) : [];
  const shown = query.data?.year ?? year;
  return (
    <article className="mx-auto w-full max-w-7xl min-w-0 space-y-6 print:max-w-none print:space-y-4">
      <title>{`${m.annualTitle} ${shown} · Vórtex`}</title>
      <style>{PAGE_CSS}</style>
      <div className="flex flex-wrap items-center gap-3 print:hidden">
        <Button variant="ghost" asChild>
          <Link to={yearPath(shown)}>
            <ArrowLeft aria-hidden />
            {m.back}
          </Link>
        </Button>
        <Button onClick={() => window.print()} disabled={!query.data}>
          <Printer aria-hidden />
          {m.print}
        </Button>
      </div>
      <header className="space-y-1">
        <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">{m.annualTitle}</h1>
        <p className="text-sm text-muted-foreground">
          {annualYearLabel(shown)} · {m.annualSubtitle}
        </p>
        <p className="text-xs text-muted-foreground">{m.note}</p>
      </header>
      {query.isPending && (
        <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
          <Spinner />
          {m.loading}
        </p>
      )}
      {query.isError && (
        <Alert variant="error" className="items-center">
          <CircleAlert aria-hidden />
          <span className="flex-1 font-medium">{m.loadFailed}</span>
        </Alert>
      )}
      {query.data && (
        <>
          <AnnualTable
            title={m.colSwing}
            columns={KIND_COLUMNS}
            rows={rows.map((r) => ({ month: r.month, cells: r.swing }))}
            percentColumns={[RATE_COLUMN]}
          />
          <AnnualTable
            title={m.colDayTrade}
            columns={KIND_COLUMNS}
            rows={rows.map((r) => ({ month: r.month, cells: r.dayTrade }))}
            percentColumns={[RATE_COLUMN]}
          />
          <AnnualTable
            title={m.consolidationTitle}
            columns={CONSOLIDATION_COLUMNS}
            rows={rows.map((r) => ({ month: r.month, cells: r.consolidation }))}
          />
        </>
      )}
    </article>
  );
}
