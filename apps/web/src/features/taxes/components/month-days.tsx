import { formatDateTimePtBR, formatDecimal, taxDayLabel, taxMessages as m } from '@vortex/core';
import { CircleAlert } from 'lucide-react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '../../../components/ui/table';
import { cn } from '../../../lib/cn';
import { useTaxMonth } from '../api/get-tax-month';
import { brl, toneOf } from '../utils/format';

type Detail = NonNullable<ReturnType<typeof useTaxMonth>['data']>;
type Day = Detail['days'][number];

/** A month's closed operations, day by day, loaded when the month is opened. */
export function MonthDays({ month }: { month: string }) {
  const query = useTaxMonth(month, true);
  if (query.isPending)
    return (
      <p role="status" className="flex items-center gap-2 py-2 text-sm text-muted-foreground">
        <Spinner />
        {m.loading}
      </p>
    );
  if (query.isError)
    return (
      <Alert variant="error" className="items-center">
        <CircleAlert aria-hidden />
        <span className="flex-1">{m.daysLoadFailed}</span>
        <Button variant="outline" size="sm" onClick={() => void query.refetch()}>
          {m.retry}
        </Button>
      </Alert>
    );
  if (query.data.days.length === 0)
    return <p className="py-2 text-sm text-muted-foreground">{m.daysEmpty}</p>;
  return (
    <div className="space-y-4">
      {query.data.days.map((day) => (
        <DayBlock key={day.day} day={day} />
      ))}
    </div>
  );
}

function DayBlock({ day }: { day: Day }) {
  const irrf = day.irrf_day_trade_cents + day.irrf_swing_cents;
  return (
    <section
      aria-label={`${m.colDay} ${taxDayLabel(day.day)}`}
      className="overflow-hidden rounded-lg border border-border bg-card"
    >
      <header className="flex flex-wrap items-baseline gap-x-4 gap-y-1 border-b border-border bg-muted/40 px-4 py-2 text-sm">
        <h3 className="font-semibold">{taxDayLabel(day.day)}</h3>
        <span className="text-muted-foreground">
          {m.kindDayTrade}:{' '}
          <span className={cn('font-medium tabular-nums', toneOf(day.day_trade.result_cents))}>
            {brl(day.day_trade.result_cents)}
          </span>
        </span>
        <span className="text-muted-foreground">
          {m.colSwing}:{' '}
          <span className={cn('font-medium tabular-nums', toneOf(day.swing.result_cents))}>
            {brl(day.swing.result_cents)}
          </span>
        </span>
        <span className="text-muted-foreground">
          {m.colIrrfDay}: <span className="font-medium tabular-nums">{brl(irrf)}</span>
        </span>
      </header>
      <Table>
        <TableHeader>
          <TableRow>
            <TableHead>{m.colSymbol}</TableHead>
            <TableHead>{m.colKind}</TableHead>
            <TableHead className="text-right">{m.colVolume}</TableHead>
            <TableHead>{m.colOpen}</TableHead>
            <TableHead>{m.colClose}</TableHead>
            <TableHead className="text-right">{m.colGross}</TableHead>
            <TableHead className="text-right">{m.colCosts}</TableHead>
            <TableHead className="text-right">{m.colResult}</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {day.operations.map((op) => (
            <TableRow key={`${op.account_id}-${op.close_ticket}-${op.open_time ?? 'x'}`}>
              <TableCell className="font-medium">{op.symbol}</TableCell>
              <TableCell>{op.kind === 'day_trade' ? m.kindDayTrade : m.kindSwing}</TableCell>
              <TableCell className="text-right tabular-nums">
                {formatDecimal(op.volume, Number.isInteger(op.volume) ? 0 : 2)}
              </TableCell>
              <TableCell className="whitespace-nowrap">
                {op.open_time === null ? (
                  <span className="text-muted-foreground italic">{m.beforeHistory}</span>
                ) : (
                  formatDateTimePtBR(op.open_time)
                )}
              </TableCell>
              <TableCell className="whitespace-nowrap">
                {formatDateTimePtBR(op.close_time)}
              </TableCell>
              <TableCell className="text-right whitespace-nowrap tabular-nums">
                {brl(op.gross_cents)}
              </TableCell>
              <TableCell className="text-right whitespace-nowrap tabular-nums">
                {brl(op.costs_cents)}
              </TableCell>
              <TableCell
                className={cn(
                  'text-right font-medium whitespace-nowrap tabular-nums',
                  toneOf(op.result_cents),
                )}
              >
                {brl(op.result_cents)}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </section>
  );
}
