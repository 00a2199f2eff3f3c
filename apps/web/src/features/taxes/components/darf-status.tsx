import { taxMessages as m, type TaxMonthRow } from '@vortex/core';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { paidOnLabel } from '../utils/format';

interface DarfStatusProps {
  row: TaxMonthRow;
  /** 'YYYY-MM-DD' in São Paulo, from the server. */
  today: string;
  canMark: boolean;
  busy: boolean;
  onMark: (paid: boolean) => void;
}

/** The month's situation: in progress, nothing due, carried under R$ 10,00, due, overdue, paid. */
export function DarfStatus({ row, today, canMark, busy, onMark }: DarfStatusProps) {
  if (row.darf_status === 'in_progress') return <Badge>{m.statusInProgress}</Badge>;
  if (row.darf_status === 'none') return <Badge>{m.statusNone}</Badge>;
  if (row.darf_status === 'below_minimum')
    return (
      <Badge variant="warning" className="whitespace-normal">
        {m.statusBelowMinimum}
      </Badge>
    );
  if (row.paid) {
    return (
      <div className="flex flex-col items-start gap-1">
        <Badge variant="success">{m.statusPaid}</Badge>
        <span className="text-xs text-muted-foreground">
          {m.paidOn} {paidOnLabel(row.paid.paid_at)}
        </span>
        {row.paid.amount_cents !== row.darf_cents && (
          <span className="max-w-56 text-xs whitespace-normal text-amber-700 dark:text-amber-300">
            {m.paidAmountDiffers}
          </span>
        )}
        {canMark && (
          <Button
            variant="link"
            size="sm"
            className="h-auto px-0 text-xs print:hidden"
            disabled={busy}
            onClick={() => onMark(false)}
          >
            {m.unmarkPaid}
          </Button>
        )}
      </div>
    );
  }
  const overdue = today > row.due_date;
  return (
    <div className="flex flex-col items-start gap-1.5">
      <Badge variant={overdue ? 'destructive' : 'primary'}>
        {overdue ? m.statusOverdue : m.statusDue}
      </Badge>
      {canMark && (
        <Button
          variant="outline"
          size="sm"
          className="px-2.5 text-xs print:hidden"
          disabled={busy}
          onClick={() => onMark(true)}
        >
          {m.markPaid}
        </Button>
      )}
    </div>
  );
}
