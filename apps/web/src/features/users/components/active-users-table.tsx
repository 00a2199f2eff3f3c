import type { PublicUser } from '@vortex/core';
import { useState } from 'react';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '../../../components/ui/table';
import { useIsPhone } from '../../../components/ui/use-media-query';
import type { Confirm } from '../hooks/use-confirm';
import { usersTexts as t } from '../messages';
import { ActiveUsersCards } from './active-users-cards';
import { EmptyRow } from './empty-row';
import { LastAccess } from './last-access';
import { TestChannelButtons } from './test-channel-buttons';
import { AccountTypeBadge, RoleBadge, UserStatusBadge } from './user-badges';
import { UserEditRow } from './user-edit-row';
import { UserIdentity } from './user-identity';
import { UserRowActions } from './user-row-actions';

const COLUMNS = 6;

interface ActiveUsersTableProps {
  users: PublicUser[];
  /** The logged-in admin's id, to spare their own row the destructive actions. */
  selfId: number | undefined;
  confirm: Confirm;
}

/** §2's active users table; one row at a time can be in edit mode (§4). */
export function ActiveUsersTable({ users, selfId, confirm }: ActiveUsersTableProps) {
  const [editingId, setEditingId] = useState<number | null>(null);
  const phone = useIsPhone();
  if (phone)
    return (
      <ActiveUsersCards
        users={users}
        selfId={selfId}
        confirm={confirm}
        editingId={editingId}
        setEditingId={setEditingId}
      />
    );
  return (
    <Table>
      <TableHeader>
        <TableRow>
          <TableHead>{t.columns.user}</TableHead>
          <TableHead>{t.columns.roleAndType}</TableHead>
          <TableHead>{t.columns.status}</TableHead>
          <TableHead>{t.columns.lastAccess}</TableHead>
          <TableHead>{t.columns.tests}</TableHead>
          <TableHead className="text-right">{t.columns.actions}</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {users.length === 0 && <EmptyRow colSpan={COLUMNS} text={t.emptyActive} />}
        {users.map((user) =>
          user.id === editingId ? (
            <UserEditRow
              key={user.id}
              user={user}
              colSpan={COLUMNS}
              onDone={() => {
                setEditingId(null);
              }}
            />
          ) : (
            <TableRow key={user.id} data-testid={`user-row-${user.id}`}>
              <TableCell>
                <UserIdentity user={user} self={user.id === selfId} />
              </TableCell>
              <TableCell>
                <div className="flex flex-col items-start gap-1.5">
                  <RoleBadge role={user.role} />
                  <AccountTypeBadge type={user.account_type} />
                </div>
              </TableCell>
              <TableCell>
                <UserStatusBadge status={user.status} />
              </TableCell>
              <TableCell className="tabular-nums">
                <LastAccess lastLogin={user.last_login} />
              </TableCell>
              <TableCell>
                <TestChannelButtons userId={user.id} />
              </TableCell>
              <TableCell>
                <UserRowActions
                  user={user}
                  self={user.id === selfId}
                  confirm={confirm}
                  onEdit={() => {
                    setEditingId(user.id);
                  }}
                />
              </TableCell>
            </TableRow>
          ),
        )}
      </TableBody>
    </Table>
  );
}
