import { taxMessages as m, type TaxMonthRow } from '@vortex/core';
import { useState } from 'react';
import { toast } from 'sonner';
import { Card } from '../../../components/ui/card';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '../../../components/ui/table';
import { HttpError } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { useIsPhone } from '../../../components/ui/use-media-query';
import { useMarkDarfPaid } from '../api/mark-darf-paid';
import { brl, toneOf } from '../utils/format';
import { yearTotals } from '../utils/year-totals';
import { MonthCard, TotalCard } from './month-card';
import { MonthRow, STICKY_DARF, STICKY_LEFT, STICKY_STATUS } from './month-row';

interface Column {
  head: string;
  /** Figures, set flush right. */
  right?: boolean;
  /** The figure shown in smaller type under each of the column's cells. */
  sub?: string;
  pin?: string;
}

/** The header's columns, pinned as the rows' cells are. */
const COLUMNS: readonly Column[] = [
  { head: m.colMonth, pin: STICKY_LEFT },
  { head: m.colDayTrade, sub: m.colLossDayTrade, right: true },
  { head: m.colSwing, sub: m.colLossSwing, right: true },
  { head: m.colBase, right: true },
  { head: m.colTax, right: true },
  { head: m.colIrrf, right: true },
  { head: m.colDarf, sub: m.colDueDate, pin: STICKY_DARF, right: true },
  { head: m.colStatus, pin: STICKY_STATUS },
];

interface MonthsTableProps {
  months: readonly TaxMonthRow[];
  today: string;
  canMark: boolean;
}

/** The year month by month, a total row, each month opening to its operations. */
export function MonthsTable({ months, today, canMark }: MonthsTableProps) {
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  const mark = useMarkDarfPaid();
  const totals = yearTotals(months);
  const toggle = (month: string) =>
    setOpen((prev) => {
      const next = new Set(prev);
      if (!next.delete(month)) next.add(month);
      return next;
    });
  const money = 'px-2 text-right font-semibold whitespace-nowrap tabular-nums';
  const phone = useIsPhone();
  const rowProps = (row: TaxMonthRow) => ({
    row,
    today,
    open: open.has(row.month),
    onToggle: () => toggle(row.month),
    canMark,
    marking: mark.isPending && mark.variables.month === row.month,
    onMark: (paid: boolean) =>
      mark.mutate({ month: row.month, paid }, { onSuccess: (a) => toast.success(a.message) }),
  });
  return (
    <Card className="min-w-0 overflow-hidden" role="region" aria-label={m.title}>
      {mark.isError && (
        <p role="alert" className="border-b border-border px-4 py-2 text-sm text-destructive">
          {mark.error instanceof HttpError ? mark.error.message : m.markFailed}
        </p>
      )}
      {phone ? (
        <ul className="divide-y divide-border">
          {months.map((row) => (
            <MonthCard key={row.month} {...rowProps(row)} />
          ))}
          <TotalCard totals={totals} />
        </ul>
      ) : (
        <Table>
          <TableHeader className="bg-muted">
            <TableRow>
              {COLUMNS.map(({ head, sub, pin, right }) => (
                <TableHead
                  key={head}
                  className={cn(
                    'h-auto px-2 py-2 align-bottom text-[0.7rem] whitespace-normal',
                    right && 'text-right',
                    pin && cn(pin, 'bg-muted'),
                  )}
                >
                  {head}
                  {sub && <span className="block font-normal normal-case">{sub}</span>}
                </TableHead>
              ))}
            </TableRow>
          </TableHeader>
          <TableBody>
            {months.map((row) => (
              <MonthRow key={row.month} {...rowProps(row)} />
            ))}
            <TableRow className="border-t-2 bg-muted font-semibold">
              <TableCell className={cn(STICKY_LEFT, 'bg-muted')}>{m.totalRow}</TableCell>
              <TableCell className={cn(money, toneOf(totals.dayTradeCents))}>
                {brl(totals.dayTradeCents)}
              </TableCell>
              <TableCell className={cn(money, toneOf(totals.swingCents))}>
                {brl(totals.swingCents)}
              </TableCell>
              <TableCell className={money}>{brl(totals.baseCents)}</TableCell>
              <TableCell className={money}>{brl(totals.taxCents)}</TableCell>
              <TableCell className={money}>{brl(totals.irrfCents)}</TableCell>
              <TableCell className={cn(money, STICKY_DARF, 'bg-muted')}>
                {brl(totals.darfCents)}
              </TableCell>
              <TableCell className={cn(STICKY_STATUS, 'bg-muted')} />
            </TableRow>
          </TableBody>
        </Table>
      )}
    </Card>
  );
}
