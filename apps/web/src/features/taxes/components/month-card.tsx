import { taxDayLabel, taxMessages as m, taxMonthLabel, type TaxMonthRow } from '@vortex/core';
import { cn } from '../../../lib/cn';
import { brl, toneOf } from '../utils/format';
import { irrfDeducted, type YearTotals } from '../utils/year-totals';
import { DarfStatus } from './darf-status';
import { DaysToggle } from './days-toggle';
import { MonthDays } from './month-days';

interface MonthCardProps {
  row: TaxMonthRow;
  today: string;
  open: boolean;
  onToggle: () => void;
  canMark: boolean;
  marking: boolean;
  onMark: (paid: boolean) => void;
}

function Figure({ label, value, tone }: { label: string; value: string; tone?: string }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className={cn('font-medium tabular-nums', tone)}>{value}</dd>
    </div>
  );
}

/** On a phone a month is a card: its figures two by two, nothing to scroll sideways. */
export function MonthCard({
  row,
  today,
  open,
  onToggle,
  canMark,
  marking,
  onMark,
}: MonthCardProps) {
  const label = taxMonthLabel(row.month);
  const operations = row.day_trade.operations + row.swing.operations;
  const detailId = `tax-month-card-${row.month}`;
  // A month with no operation and nothing carried says so in one line instead of nine zeros.
  const quiet =
    operations === 0 &&
    row.darf_cents === 0 &&
    row.day_trade.loss_after_cents === 0 &&
    row.swing.loss_after_cents === 0;
  if (quiet)
    return (
      <li aria-label={label} className="flex items-center justify-between gap-3 px-4 py-3">
        <h3 className="font-semibold first-letter:uppercase">{label}</h3>
        <DarfStatus row={row} today={today} canMark={canMark} busy={marking} onMark={onMark} />
      </li>
    );
  return (
    <li aria-label={label} className="space-y-3 px-4 py-4">
      <div className="flex items-start justify-between gap-3">
        <h3 className="font-semibold first-letter:uppercase">{label}</h3>
        <DarfStatus row={row} today={today} canMark={canMark} busy={marking} onMark={onMark} />
      </div>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
        <Figure
          label={m.colDayTrade}
          value={brl(row.day_trade.result_cents)}
          tone={toneOf(row.day_trade.result_cents)}
        />
        <Figure
          label={m.colSwing}
          value={brl(row.swing.result_cents)}
          tone={toneOf(row.swing.result_cents)}
        />
        <Figure label={m.colLossDayTrade} value={brl(row.day_trade.loss_after_cents)} />
        <Figure label={m.colLossSwing} value={brl(row.swing.loss_after_cents)} />
        <Figure label={m.colBase} value={brl(row.day_trade.base_cents + row.swing.base_cents)} />
        <Figure label={m.colTax} value={brl(row.tax_cents)} />
        <Figure label={m.colIrrf} value={brl(irrfDeducted(row))} />
        <Figure
          label={m.colDarf}
          value={row.darf_status === 'none' ? '—' : brl(row.darf_cents)}
          tone={row.darf_status === 'due' ? 'font-semibold' : 'text-muted-foreground'}
        />
        {row.darf_status === 'due' && (
          <Figure label={m.colDueDate} value={taxDayLabel(row.due_date)} />
        )}
      </dl>
      {operations > 0 && <DaysToggle open={open} controls={detailId} onToggle={onToggle} />}
      {open && (
        <div id={detailId}>
          <MonthDays month={row.month} />
        </div>
      )}
    </li>
  );
}

/** The year's sums as the last card. */
export function TotalCard({ totals }: { totals: YearTotals }) {
  return (
    <li aria-label={m.totalRow} className="space-y-3 bg-muted/40 px-4 py-4">
      <h3 className="font-semibold">{m.totalRow}</h3>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
        <Figure
          label={m.colDayTrade}
          value={brl(totals.dayTradeCents)}
          tone={toneOf(totals.dayTradeCents)}
        />
        <Figure
          label={m.colSwing}
          value={brl(totals.swingCents)}
          tone={toneOf(totals.swingCents)}
        />
        <Figure label={m.colBase} value={brl(totals.baseCents)} />
        <Figure label={m.colTax} value={brl(totals.taxCents)} />
        <Figure label={m.colIrrf} value={brl(totals.irrfCents)} />
        <Figure label={m.colDarf} value={brl(totals.darfCents)} />
      </dl>
    </li>
  );
}
