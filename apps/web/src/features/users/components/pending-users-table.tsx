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

  return (
    <Table>
      <TableHeader>
        <TableRow>
          <TableHead>{t.columns.userData}</TableHead>
          <TableHead>{t.columns.accountType}</TableHead>
          <TableHead>{t.columns.registeredAt}</TableHead>
          <TableHead>{t.columns.status}</TableHead>
          <TableHead className="text-right">{t.columns.actions}</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {users.length === 0 && <EmptyRow colSpan={5} text={t.emptyPending} />}
        {users.map((user) => (
          <TableRow key={user.id} data-testid={`pending-row-${user.id}`}>
            <TableCell>
              <UserIdentity user={user} />
              <dl className="mt-1.5 grid grid-cols-[auto_1fr] gap-x-2 text-xs text-muted-foreground">
                <dt>{t.birthDate}:</dt>
                <dd>{formatBirthDate(user.date_of_birth)}</dd>
                <dt>{t.broker}:</dt>
                <dd>{user.broker || '—'}</dd>
              </dl>
            </TableCell>
            <TableCell>
              <AccountTypeBadge type={user.account_type} />
            </TableCell>
            <TableCell className="whitespace-nowrap tabular-nums">
              {formatDateTimePtBR(user.created_at)}
            </TableCell>
            <TableCell>
              <UserStatusBadge status={user.status} />
            </TableCell>
            <TableCell>
              <div className="flex justify-end gap-2">
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
