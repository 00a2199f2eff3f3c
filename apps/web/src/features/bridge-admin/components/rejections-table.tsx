import { formatDateTimePtBR, type AgentRejection } from '@vortex/core';
import { ShieldAlert } from 'lucide-react';
import { Badge } from '../../../components/ui/badge';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '../../../components/ui/table';
import { bridgeAdminTexts as t } from '../messages';
import { EmptyRow, UserCell } from './table-rows';

const r = t.health.rejections;
const c = r.columns;
const COLUMNS = 6;

/** What agents sent that was refused for good: the 24 h count and the newest refusals. */
export function RejectionsTable({
  last24h,
  recent,
}: {
  last24h: number;
  recent: AgentRejection[];
}) {
  return (
    <section
      aria-labelledby="health-rejections-title"
      className="overflow-hidden rounded-lg border border-border bg-background/40"
    >
      <div className="flex flex-wrap items-start justify-between gap-2 p-3">
        <div className="min-w-0 space-y-1">
          <h3 id="health-rejections-title" className="flex items-center gap-2 text-sm font-medium">
            <ShieldAlert aria-hidden className="size-4 text-muted-foreground" />
            {r.title}
          </h3>
          <p className="max-w-3xl text-xs text-muted-foreground">{r.description}</p>
        </div>
        <Badge variant={last24h > 0 ? 'warning' : 'neutral'} data-testid="health-rejections-24h">
          {r.last24h(last24h)}
        </Badge>
      </div>
      <Table>
        <TableHeader>
          <TableRow>
            <TableHead>{c.user}</TableHead>
            <TableHead className="max-md:hidden">{c.account}</TableHead>
            <TableHead className="max-md:hidden">{c.kind}</TableHead>
            <TableHead className="max-md:hidden">{c.ticket}</TableHead>
            <TableHead>{c.reason}</TableHead>
            <TableHead className="max-md:hidden">{c.when}</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {recent.length === 0 && <EmptyRow colSpan={COLUMNS} text={r.empty} />}
          {recent.map((item, i) => (
            <TableRow key={`${item.created_at}-${i}`}>
              <TableCell>
                <UserCell username={item.username} id={item.user_id} />
              </TableCell>
              <TableCell className="max-md:hidden tabular-nums">
                {item.account_number ?? t.none}
              </TableCell>
              <TableCell className="max-md:hidden">
                <Badge variant={item.kind === 'batch' ? 'destructive' : 'warning'}>
                  {r.kind[item.kind]}
                </Badge>
              </TableCell>
              <TableCell className="max-md:hidden font-mono text-xs tabular-nums">
                {item.ticket ?? item.batch_id ?? t.none}
              </TableCell>
              <TableCell className="max-w-md min-w-72 text-xs max-md:min-w-0 break-words whitespace-normal">
                {item.reason}
              </TableCell>
              <TableCell className="max-md:hidden text-xs tabular-nums whitespace-nowrap">
                {formatDateTimePtBR(item.created_at, undefined, true)}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </section>
  );
}
