import { formatPercent, type StatisticsRecord } from '@vortex/core';
import { Card } from '../../../components/ui/card';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '../../../components/ui/table';
import { cn } from '../../../lib/cn';
import { statisticsTexts as t } from '../messages';
import { toneOf } from './metric';
import { useMoney } from '../../../lib/money';

const s = t.symbols;

/** §3: the top 5 symbols by profit, each with its trades and win rate. */
export function SymbolsTable({ symbols }: { symbols: StatisticsRecord['symbols'] }) {
  const money = useMoney();
  return (
    <Card className="overflow-hidden" role="region" aria-labelledby="statistics-symbols">
      <div className="space-y-0.5 p-4 pb-3 sm:px-5">
        <h2 id="statistics-symbols" className="text-base font-semibold tracking-tight">
          {s.title}
        </h2>
        <p className="text-xs text-muted-foreground">{s.description}</p>
      </div>
      <Table>
        <TableHeader>
          <TableRow>
            <TableHead>{s.symbol}</TableHead>
            <TableHead className="text-right">{s.trades}</TableHead>
            <TableHead className="text-right">{s.profit}</TableHead>
            <TableHead className="text-right">{s.winRate}</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {symbols.length === 0 && (
            <TableRow>
              <TableCell colSpan={4} className="py-6 text-center text-muted-foreground">
                {s.empty}
              </TableCell>
            </TableRow>
          )}
          {symbols.map((row) => (
            <TableRow key={row.symbol}>
              <TableCell className="font-medium">{row.symbol}</TableCell>
              <TableCell className="text-right tabular-nums">{row.trades}</TableCell>
              <TableCell
                className={cn(
                  'text-right font-medium whitespace-nowrap tabular-nums',
                  toneOf(row.profit),
                )}
              >
                {money.format(row.profit)}
              </TableCell>
              <TableCell className="text-right tabular-nums">
                {formatPercent(row.win_rate, 1)}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Card>
  );
}
