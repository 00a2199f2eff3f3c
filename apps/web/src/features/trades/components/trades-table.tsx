import {
  formatDateTimePtBR,
  formatDecimal,
  formatPrice,
  openedBeforeHistory,
  type ClosedPositionRecord,
} from '@vortex/core';
import { Badge } from '../../../components/ui/badge';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '../../../components/ui/table';
import { cn } from '../../../lib/cn';
import { tradesTexts as t } from '../messages';
import { useMoney } from '../../../lib/money';

const c = t.table;

/** One page of closed positions: date, symbol, type, volume, prices, duration, net, magic. */
export function TradesTable({ rows }: { rows: readonly ClosedPositionRecord[] }) {
  const money = useMoney();
  return (
    <Table aria-label={c.caption}>
      <TableHeader>
        <TableRow>
          <TableHead>{c.date}</TableHead>
          <TableHead className="max-md:hidden">{c.symbol}</TableHead>
          <TableHead>{c.type}</TableHead>
          <TableHead className="max-md:hidden text-right">{c.volume}</TableHead>
          <TableHead className="max-md:hidden text-right">{c.entry}</TableHead>
          <TableHead className="max-md:hidden text-right">{c.exit}</TableHead>
          <TableHead className="max-md:hidden">{c.duration}</TableHead>
          <TableHead className="text-right">{c.net}</TableHead>
          <TableHead className="max-md:hidden text-right">{c.magic}</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.map((row) => {
          const before = openedBeforeHistory(row);
          // A netting position closed and reopened keeps its id: the round trip tells them apart.
          return (
            <TableRow key={`${row.position_id}-${row.round_trip}`} className="hover:bg-muted/40">
              <TableCell
                className="whitespace-nowrap tabular-nums"
                title={
                  before ? c.openedBeforeHistory : c.openedAt(formatDateTimePtBR(row.open_time))
                }
              >
                {formatDateTimePtBR(row.close_time)}
              </TableCell>
              <TableCell className="max-md:hidden font-medium whitespace-nowrap">
                {row.symbol}
              </TableCell>
              <TableCell>
                <Badge variant={row.type === 'BUY' ? 'primary' : 'warning'}>
                  {row.type === 'BUY' ? c.buy : c.sell}
                </Badge>
              </TableCell>
              <TableCell className="max-md:hidden text-right tabular-nums">
                {formatDecimal(row.volume, 2)}
              </TableCell>
              <TableCell className="max-md:hidden text-right tabular-nums">
                {before ? (
                  <Badge title={c.openedBeforeHistory} aria-label={c.openedBeforeHistory}>
                    {c.openedBeforeHistoryShort}
                  </Badge>
                ) : (
                  formatPrice(row.entry_price)
                )}
              </TableCell>
              <TableCell className="max-md:hidden text-right tabular-nums">
                {formatPrice(row.exit_price)}
              </TableCell>
              <TableCell className="max-md:hidden whitespace-nowrap tabular-nums text-muted-foreground">
                {before ? '—' : row.duration}
              </TableCell>
              <TableCell
                className={cn(
                  'text-right font-medium whitespace-nowrap tabular-nums',
                  row.net_profit > 0 && 'text-success',
                  row.net_profit < 0 && 'text-destructive',
                )}
              >
                {money.format(row.net_profit)}
              </TableCell>
              <TableCell className="max-md:hidden text-right tabular-nums text-muted-foreground">
                {row.magic}
              </TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}
