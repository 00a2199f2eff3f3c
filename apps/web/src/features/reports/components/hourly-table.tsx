import { formatPercent, hoursShown } from '@vortex/core';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '../../../components/ui/table';
import { cn } from '../../../lib/cn';
import type { ReportsSummary } from '../api/get-reports-summary';
import { reportsTexts as t } from '../messages';
import { tradingHours } from '../utils/hours';
import { ReportSection } from './report-section';
import { useMoney } from '../../../lib/money';

const pnlClass = (pnl: number) =>
  pnl > 0 ? 'text-success' : pnl < 0 ? 'text-destructive' : 'text-muted-foreground';

/** trading.md §2: performance by hour, hours 9 to 18 only (all 24 outside B3: tradingHours). */
export function HourlyTable({ rows }: { rows: ReportsSummary['trades_by_hour'] }) {
  const money = useMoney();
  return (
    <ReportSection
      id="reports-hourly"
      className="h-full"
      title={t.hourly.title}
      description={
        hoursShown(money.currency).first === 0 ? t.hourly.descriptionAllDay : t.hourly.description
      }
    >
      <Table>
        <TableHeader>
          <TableRow>
            <TableHead>{t.hourly.hour}</TableHead>
            <TableHead className="text-right">{t.hourly.trades}</TableHead>
            <TableHead className="text-right">{t.hourly.pnl}</TableHead>
            <TableHead className="text-right">{t.hourly.winRate}</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {tradingHours(rows, money.currency).map((row) => (
            <TableRow key={row.hour} className="hover:bg-muted/40">
              <TableCell className="py-2.5 font-medium tabular-nums">
                {t.hourly.hourLabel(row.hour)}
              </TableCell>
              <TableCell className="py-2.5 text-right tabular-nums">{row.count}</TableCell>
              <TableCell
                className={cn('py-2.5 text-right font-medium tabular-nums', pnlClass(row.pnl))}
              >
                {row.count > 0 ? money.format(row.pnl) : t.hourly.none}
              </TableCell>
              <TableCell className="py-2.5 text-right tabular-nums">
                {row.count > 0 ? formatPercent(row.win_rate, 1) : t.hourly.none}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </ReportSection>
  );
}
