import { taxDayLabel, taxMonthLabel, type TaxMonthRow } from '@vortex/core';
import { TableCell, TableRow } from '../../../components/ui/table';
import { cn } from '../../../lib/cn';
import { brl, toneOf } from '../utils/format';
import { irrfDeducted } from '../utils/year-totals';
import { DarfStatus } from './darf-status';
import { DaysToggle } from './days-toggle';
import { MonthDays } from './month-days';

/** The months table's column count, for the operations row spanning it. */
export const MONTH_COLUMNS = 8;

interface MonthRowProps {
  row: TaxMonthRow;
  today: string;
  open: boolean;
  onToggle: () => void;
  canMark: boolean;
  marking: boolean;
  onMark: (paid: boolean) => void;
}

const money = 'px-2 text-right whitespace-nowrap tabular-nums';
/** The second figure of a cell: the loss carried under a result, the due date under a DARF. */
const SUB_FIGURE = 'text-xs text-muted-foreground';
// Eleven figures side by side are wider than the card beside the sidebar (1238 px against 942 at
// 1280), so a result carries its loss to compensate and the DARF its due date underneath: the
// eight columns fit from 1280 px up. Narrower, the month on the left and the DARF and its
// situation on the right stay in view while the computation between them scrolls; their fixed
// widths give the right offsets, and pinned cells that do not overflow stay where they are.
export const STICKY_LEFT = 'sticky left-0 z-10 bg-card';
export const STICKY_DARF =
  'sticky right-40 z-10 w-28 min-w-28 bg-card shadow-[-1px_0_0_var(--border)]';
export const STICKY_STATUS = 'sticky right-0 z-10 w-40 min-w-40 bg-card';
// An opened month's tint: on the row, and made opaque on its pinned cells, which must hide what
// scrolls under them and would otherwise stay white.
const OPEN_ROW = 'bg-muted/30';
const OPEN_PINNED = 'bg-[color-mix(in_oklab,var(--muted)_30%,var(--card))]';

/** One month of the year and, when opened, its operations by day underneath. */
export function MonthRow({ row, today, open, onToggle, canMark, marking, onMark }: MonthRowProps) {
  const label = taxMonthLabel(row.month);
  const detailId = `tax-month-${row.month}`;
  const due = row.darf_status === 'due';
  const operations = row.day_trade.operations + row.swing.operations;
  // A DARF not yet due or under the minimum is what has piled up so far, shown dimmed.
  const pending = row.darf_status === 'below_minimum' || row.darf_status === 'in_progress';
  return (
    <>
      <TableRow aria-label={label} data-month={row.month} className={cn(open && OPEN_ROW)}>
        <TableCell className={cn(STICKY_LEFT, 'min-w-36', open && OPEN_PINNED)}>
          <div className="font-medium whitespace-nowrap first-letter:uppercase">{label}</div>
          {operations > 0 && (
            <DaysToggle
              open={open}
              controls={detailId}
              onToggle={onToggle}
              className="print:hidden"
            />
          )}
        </TableCell>
        <TableCell className={money}>
          <div className={toneOf(row.day_trade.result_cents)}>
            {brl(row.day_trade.result_cents)}
          </div>
          <div className={SUB_FIGURE}>{brl(row.day_trade.loss_after_cents)}</div>
        </TableCell>
        <TableCell className={money}>
          <div className={toneOf(row.swing.result_cents)}>{brl(row.swing.result_cents)}</div>
          <div className={SUB_FIGURE}>{brl(row.swing.loss_after_cents)}</div>
        </TableCell>
        <TableCell className={money}>
          {brl(row.day_trade.base_cents + row.swing.base_cents)}
        </TableCell>
        <TableCell className={money}>{brl(row.tax_cents)}</TableCell>
        <TableCell className={money}>{brl(irrfDeducted(row))}</TableCell>
        <TableCell className={cn(money, STICKY_DARF, open && OPEN_PINNED)}>
          <div className={cn(due && 'font-semibold', pending && 'text-muted-foreground')}>
            {row.darf_status === 'none' ? '—' : brl(row.darf_cents)}
          </div>
          {due && <div className={SUB_FIGURE}>{taxDayLabel(row.due_date)}</div>}
        </TableCell>
        <TableCell className={cn(STICKY_STATUS, 'px-2', open && OPEN_PINNED)}>
          <DarfStatus row={row} today={today} canMark={canMark} busy={marking} onMark={onMark} />
        </TableCell>
      </TableRow>
      {open && (
        <TableRow id={detailId} className="bg-muted/20 hover:bg-muted/20">
          <TableCell colSpan={MONTH_COLUMNS} className="px-0 py-4 first:pl-0 last:pr-0">
            {/* As wide as the visible part of the scrolling table, so it never scrolls away. */}
            <div className="sticky left-4 w-[calc(100cqw-2rem)]">
              <MonthDays month={row.month} />
            </div>
          </TableCell>
        </TableRow>
      )}
    </>
  );
}
