import { formatDateTimePtBR } from '@vortex/core';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '../../../components/ui/table';
import type { AuditItem } from '../api/audit';
import { bridgeAdminTexts as t } from '../messages';
import { ListPlaceholder } from './table-rows';

const COLUMNS = 5;
const c = t.audit.columns;

export function AuditTable(props: { items: AuditItem[]; pending: boolean; failed: boolean }) {
  const { items } = props;
  return (
    <Table>
      <TableHeader>
        <TableRow>
          <TableHead className="max-md:hidden">{c.id}</TableHead>
          <TableHead className="max-md:hidden">{c.user}</TableHead>
          <TableHead>{c.event}</TableHead>
          <TableHead>{c.date}</TableHead>
          <TableHead className="max-md:hidden">{c.meta}</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        <ListPlaceholder
          colSpan={COLUMNS}
          pending={props.pending}
          failed={props.failed}
          empty={items.length === 0}
          text={t.audit.empty}
        />
        {items.map((item) => (
          <TableRow key={item.id}>
            <TableCell className="max-md:hidden tabular-nums text-muted-foreground">
              {item.id}
            </TableCell>
            <TableCell className="max-md:hidden tabular-nums whitespace-nowrap">
              {item.user_id ?? t.none}
              {item.actor_user_id !== null && item.actor_user_id !== item.user_id && (
                <span className="block text-xs text-muted-foreground">
                  {t.audit.actor(item.actor_user_id)}
                </span>
              )}
            </TableCell>
            <TableCell className="font-mono text-xs whitespace-nowrap max-md:break-all max-md:whitespace-normal">
              {item.event_type}
            </TableCell>
            <TableCell className="tabular-nums whitespace-nowrap">
              {formatDateTimePtBR(item.created_at, undefined, true)}
            </TableCell>
            <TableCell className="max-md:hidden">
              <code
                title={item.meta_json}
                className="block max-w-[28rem] truncate rounded bg-muted px-1.5 py-0.5 font-mono text-xs text-muted-foreground"
              >
                {item.meta_json}
              </code>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
