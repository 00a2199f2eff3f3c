import { ROLES, roleLabels, type PublicUser, type Role } from '@vortex/core';
import { Pencil, ShieldMinus, ShieldPlus, Trash2 } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { NativeSelect } from '../../../components/ui/native-select';
import { useChangeRole } from '../api/change-role';
import { useDeleteUser } from '../api/delete-user';
import type { Confirm } from '../hooks/use-confirm';
import { usersTexts as t } from '../messages';

interface UserRowActionsProps {
  user: PublicUser;
  /** The admin's own row: no delete, no demotion (the server refuses them too). */
  self: boolean;
  onEdit: () => void;
  confirm: Confirm;
}

/** §2's active-tab actions: edit, promote or demote, change role, delete. */
export function UserRowActions({ user, self, onEdit, confirm }: UserRowActionsProps) {
  const changeRole = useChangeRole();
  const remove = useDeleteUser();
  const busy = changeRole.isPending || remove.isPending;

  const askRole = (role: Role) => {
    confirm({
      title: t.confirm.roleTitle,
      // The spec's sentence with the role's pt-BR label, never its key ('viewer').
      description: t.confirm.role(roleLabels[role]),
      confirmLabel: t.confirm.confirmRole,
      onConfirm: () => {
        changeRole.mutate({ id: user.id, role });
      },
    });
  };
  const askDelete = () => {
    confirm({
      title: t.confirm.deleteTitle,
      description: t.confirm.delete(user.username),
      confirmLabel: t.confirm.confirmDelete,
      destructive: true,
      onConfirm: () => {
        remove.mutate(user.id);
      },
    });
  };

  const isAdmin = user.role === 'admin';
  return (
    <div className="flex items-center justify-end gap-1">
      <Button variant="ghost" size="icon" aria-label={t.edit} title={t.edit} onClick={onEdit}>
        <Pencil />
      </Button>
      {!(self && isAdmin) && (
        <Button
          variant="ghost"
          size="icon"
          aria-label={isAdmin ? t.demote : t.promote}
          title={isAdmin ? t.demote : t.promote}
          disabled={busy}
          onClick={() => {
            askRole(isAdmin ? 'user' : 'admin');
          }}
        >
          {isAdmin ? <ShieldMinus /> : <ShieldPlus />}
        </Button>
      )}
      <NativeSelect
        compact
        className="w-36"
        aria-label={t.changeRole}
        value={user.role}
        disabled={busy || self}
        onChange={(event) => {
          askRole(event.target.value as Role);
        }}
      >
        {ROLES.map((role) => (
          <option key={role} value={role}>
            {roleLabels[role]}
          </option>
        ))}
      </NativeSelect>
      {!self && (
        <Button
          variant="ghost"
          size="icon"
          className="text-destructive hover:bg-destructive/10 hover:text-destructive"
          aria-label={t.delete}
          title={t.delete}
          disabled={busy}
          onClick={askDelete}
        >
          <Trash2 />
        </Button>
      )}
    </div>
  );
}
