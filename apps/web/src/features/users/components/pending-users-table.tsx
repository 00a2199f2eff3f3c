import { formatDateTimePtBR, type PublicUser } from '@vortex/core';
import { Check, X } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '../../../components/ui/table';
import { useApproveAccount, useRejectAccount } from '../api/review-account';
import { useIsPhone } from '../../../components/ui/use-media-query';
import type { Confirm } from '../hooks/use-confirm';
import { usersTexts as t } from '../messages';
import { formatBirthDate } from '../utils/format';
import { EmptyRow } from './empty-row';
import { AccountTypeBadge, UserStatusBadge } from './user-badges';
import { UserIdentity } from './user-identity';

interface PendingUsersTableProps {
  users: PublicUser[];
  confirm: Confirm;
}

/** Accounts waiting for review (§2): approve at once, reject after a confirmation. */
export function PendingUsersTable({ users, confirm }: PendingUsersTableProps) {
  const approve = useApproveAccount();
  const reject = useRejectAccount();
  const busy = (id: number) =>
    (approve.isPending && approve.variables === id) ||
    (reject.isPending && reject.variables === id);

  // On a phone the type, date and status fold into the first cell: no sideways scrolling.
  const wide = !useIsPhone();
  return (
    <Table>
      <TableHeader>
        <TableRow>
          <TableHead>{t.columns.userData}</TableHead>
          {wide && <TableHead>{t.columns.accountType}</TableHead>}
          {wide && <TableHead>{t.columns.registeredAt}</TableHead>}
          {wide && <TableHead>{t.columns.status}</TableHead>}
          <TableHead className="text-right">{t.columns.actions}</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {users.length === 0 && <EmptyRow colSpan={wide ? 5 : 2} text={t.emptyPending} />}
        {users.map((user) => (
          <TableRow key={user.id} data-testid={`pending-row-${user.id}`}>
            <TableCell>
              <UserIdentity user={user} />
              <dl className="mt-1.5 grid grid-cols-[auto_1fr] gap-x-2 text-xs text-muted-foreground">
                <dt>{t.birthDate}:</dt>
                <dd>{formatBirthDate(user.date_of_birth)}</dd>
                <dt>{t.broker}:</dt>
                <dd>{user.broker || '—'}</dd>
                {!wide && (
                  <>
                    <dt>{t.columns.registeredAt}:</dt>
                    <dd className="tabular-nums">{formatDateTimePtBR(user.created_at)}</dd>
                  </>
                )}
              </dl>
              {!wide && (
                <div className="mt-2 flex flex-wrap gap-1.5">
                  <AccountTypeBadge type={user.account_type} />
                  <UserStatusBadge status={user.status} />
                </div>
              )}
            </TableCell>
            {wide && (
              <>
                <TableCell>
                  <AccountTypeBadge type={user.account_type} />
                </TableCell>
                <TableCell className="whitespace-nowrap tabular-nums">
                  {formatDateTimePtBR(user.created_at)}
                </TableCell>
                <TableCell>
                  <UserStatusBadge status={user.status} />
                </TableCell>
              </>
            )}
            <TableCell>
              <div className="flex flex-col items-end gap-2 sm:flex-row sm:justify-end">
                <Button
                  size="sm"
                  disabled={busy(user.id)}
                  onClick={() => {
                    approve.mutate(user.id);
                  }}
                >
                  <Check />
                  {t.approve}
                </Button>
                <Button
                  size="sm"
                  variant="outline"
                  className="text-destructive hover:text-destructive"
                  disabled={busy(user.id)}
                  onClick={() => {
                    confirm({
                      title: t.confirm.rejectTitle,
                      description: t.confirm.reject,
                      confirmLabel: t.confirm.confirmReject,
                      destructive: true,
                      onConfirm: () => {
                        reject.mutate(user.id);
                      },
                    });
                  }}
                >
                  <X />
                  {t.reject}
                </Button>
              </div>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
