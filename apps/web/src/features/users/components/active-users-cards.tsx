import type { PublicUser } from '@vortex/core';
import { Inbox } from 'lucide-react';
import { Table, TableBody } from '../../../components/ui/table';
import type { Confirm } from '../hooks/use-confirm';
import { usersTexts as t } from '../messages';
import { LastAccess } from './last-access';
import { TestChannelButtons } from './test-channel-buttons';
import { AccountTypeBadge, RoleBadge, UserStatusBadge } from './user-badges';
import { UserEditRow } from './user-edit-row';
import { UserIdentity } from './user-identity';
import { UserRowActions } from './user-row-actions';

interface ActiveUsersCardsProps {
  users: PublicUser[];
  selfId: number | undefined;
  confirm: Confirm;
  editingId: number | null;
  setEditingId: (id: number | null) => void;
}

/** On a phone the six columns become one card per user: nothing needs sideways scrolling. */
export function ActiveUsersCards(props: ActiveUsersCardsProps) {
  const { users, selfId, confirm, editingId, setEditingId } = props;
  if (users.length === 0)
    return (
      <p className="py-12 text-center text-sm text-muted-foreground">
        <Inbox aria-hidden className="mx-auto mb-2 size-6 opacity-60" />
        {t.emptyActive}
      </p>
    );
  return (
    <ul aria-label={t.tabActive} className="divide-y divide-border">
      {users.map((user) =>
        user.id === editingId ? (
          <li key={user.id}>
            <Table>
              <TableBody>
                <UserEditRow
                  user={user}
                  colSpan={1}
                  onDone={() => {
                    setEditingId(null);
                  }}
                />
              </TableBody>
            </Table>
          </li>
        ) : (
          <li key={user.id} data-testid={`user-row-${user.id}`} className="space-y-3 px-4 py-4">
            <UserIdentity user={user} self={user.id === selfId} />
            <div className="flex flex-wrap items-center gap-1.5">
              <RoleBadge role={user.role} />
              <AccountTypeBadge type={user.account_type} />
              <UserStatusBadge status={user.status} />
            </div>
            <p className="text-xs text-muted-foreground">
              {t.columns.lastAccess}:{' '}
              <span className="text-foreground tabular-nums">
                <LastAccess lastLogin={user.last_login} inline />
              </span>
            </p>
            <div className="flex flex-wrap items-center justify-between gap-2">
              <TestChannelButtons userId={user.id} />
              <UserRowActions
                user={user}
                self={user.id === selfId}
                confirm={confirm}
                onEdit={() => {
                  setEditingId(user.id);
                }}
              />
            </div>
          </li>
        ),
      )}
    </ul>
  );
}
