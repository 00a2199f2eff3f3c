import { formatDateTimePtBR, type BridgeSessionSchema } from '@vortex/core';
import { UserX } from 'lucide-react';
import type { z } from 'zod';
import { Button } from '../../../components/ui/button';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '../../../components/ui/table';
import { useRevokeUserSessions } from '../api/sessions';
import { useNow } from '../hooks/use-now';
import { bridgeAdminTexts as t } from '../messages';
import { formatElapsed, msSince } from '../utils/time';
import { SessionStatusBadge } from './status-badges';
import { ListPlaceholder, UserCell } from './table-rows';
import { TtlBar } from './ttl-bar';

type BridgeSession = z.infer<typeof BridgeSessionSchema>;

const COLUMNS = 8;

/** ttl_seconds counted down from the answer; never more than it said (the clock ticks apart). */
function remainingMs(session: BridgeSession, receivedAt: number, now: number): number {
  if (session.status === 'expired') return 0;
  const ttl = session.ttl_seconds * 1000;
  return Math.min(ttl, receivedAt + ttl - now);
}
const c = t.sessions.columns;

interface SessionsTableProps {
  sessions: BridgeSession[];
  /** When the list arrived: each ttl_seconds counts from then. */
  receivedAt: number;
  pending: boolean;
  failed: boolean;
}

export function SessionsTable({ sessions, receivedAt, pending, failed }: SessionsTableProps) {
  const revoke = useRevokeUserSessions();
  const now = useNow();
  return (
    <Table>
      <TableHeader>
        <TableRow>
          <TableHead>{c.user}</TableHead>
          <TableHead className="max-md:hidden">{c.account}</TableHead>
          <TableHead className="max-md:hidden">{c.server}</TableHead>
          <TableHead>{c.status}</TableHead>
          <TableHead className="max-md:hidden">{c.remaining}</TableHead>
          <TableHead className="max-md:hidden">{c.lastPing}</TableHead>
          <TableHead className="max-md:hidden">{c.version}</TableHead>
          <TableHead className="text-right">{c.actions}</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        <ListPlaceholder
          colSpan={COLUMNS}
          pending={pending}
          failed={failed}
          empty={sessions.length === 0}
          text={t.sessions.empty}
        />
        {sessions.map((session) => (
          <TableRow key={session.id} data-testid={`session-${session.id}`}>
            <TableCell>
              <UserCell username={session.username} id={session.user_id} />
            </TableCell>
            <TableCell className="max-md:hidden tabular-nums">
              {session.account_number ?? t.none}
            </TableCell>
            <TableCell
              className="max-md:hidden max-w-48 truncate"
              title={session.server ?? undefined}
            >
              {session.server ?? t.none}
            </TableCell>
            <TableCell>
              <SessionStatusBadge status={session.status} />
            </TableCell>
            <TableCell className="max-md:hidden">
              {session.status === 'active' || session.status === 'expired' ? (
                <TtlBar remainingMs={remainingMs(session, receivedAt, now)} />
              ) : (
                <span className="text-muted-foreground">{t.none}</span>
              )}
            </TableCell>
            <TableCell className="max-md:hidden tabular-nums whitespace-nowrap">
              {session.last_ping ? (
                <span title={formatDateTimePtBR(session.last_ping, undefined, true)}>
                  {t.ago(formatElapsed(msSince(session.last_ping, now)))}
                </span>
              ) : (
                t.never
              )}
            </TableCell>
            <TableCell className="max-md:hidden font-mono text-xs">
              {session.client_version ?? t.none}
            </TableCell>
            <TableCell>
              <div className="flex justify-end">
                {session.status === 'active' && (
                  <Button
                    variant="outline"
                    size="sm"
                    className="text-destructive hover:text-destructive"
                    disabled={revoke.isPending}
                    onClick={() => {
                      revoke.mutate(session.user_id);
                    }}
                  >
                    <UserX />
                    {/* Icon only on a phone, where the column is narrow; the name stays. */}
                    <span className="max-sm:sr-only">{t.sessions.revokeUser}</span>
                  </Button>
                )}
              </div>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
