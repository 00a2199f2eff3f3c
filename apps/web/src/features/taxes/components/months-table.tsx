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
import { useMarkDarfPaid } from '../api/mark-darf-paid';
import { brl, toneOf } from '../utils/format';
import { yearTotals } from '../utils/year-totals';
import { MonthRow } from './month-row';

const HEADS = [
  m.colMonth,
  m.colDayTrade,
  m.colSwing,
  m.colLossDayTrade,
  m.colLossSwing,
  m.colBase,
  m.colTax,
  m.colIrrf,
  m.colDarf,
  m.colDueDate,
  m.colStatus,
] as const;
const LEFT: ReadonlySet<string> = new Set([m.colMonth, m.colDueDate, m.colStatus]);

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
  const money = 'text-right font-semibold whitespace-nowrap tabular-nums';
  return (
    <Card className="min-w-0 overflow-hidden" role="region" aria-label={m.title}>
      {mark.isError && (
        <p role="alert" className="border-b border-border px-4 py-2 text-sm text-destructive">
          {mark.error instanceof HttpError ? mark.error.message : m.markFailed}
        </p>
      )}
      <Table>
        <TableHeader>
          <TableRow>
            {HEADS.map((head) => (
              <TableHead
                key={head}
                className={cn(
                  'h-auto py-2 align-bottom whitespace-normal',
                  LEFT.has(head) ? 'min-w-28' : 'min-w-32 text-right',
                )}
              >
                {head}
              </TableHead>
            ))}
          </TableRow>
        </TableHeader>
        <TableBody>
          {months.map((row) => (
            <MonthRow
              key={row.month}
              row={row}
              today={today}
              open={open.has(row.month)}
              onToggle={() => toggle(row.month)}
              canMark={canMark}
              marking={mark.isPending && mark.variables.month === row.month}
              onMark={(paid) =>
                mark.mutate(
                  { month: row.month, paid },
                  { onSuccess: (a) => toast.success(a.message) },
                )
              }
            />
          ))}
          <TableRow className="border-t-2 bg-muted/40 font-semibold">
            <TableCell>{m.totalRow}</TableCell>
            <TableCell className={cn(money, toneOf(totals.dayTradeCents))}>
              {brl(totals.dayTradeCents)}
            </TableCell>
            <TableCell className={cn(money, toneOf(totals.swingCents))}>
              {brl(totals.swingCents)}
            </TableCell>
            <TableCell />
            <TableCell />
            <TableCell className={money}>{brl(totals.baseCents)}</TableCell>
            <TableCell className={money}>{brl(totals.taxCents)}</TableCell>
            <TableCell className={money}>{brl(totals.irrfCents)}</TableCell>
            <TableCell className={money}>{brl(totals.darfCents)}</TableCell>
            <TableCell />
            <TableCell />
          </TableRow>
        </TableBody>
      </Table>
    </Card>
  );
}
