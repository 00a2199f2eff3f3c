import { roleLabels, type Role } from '@vortex/core';
import { Badge, type BadgeVariant } from '../../../components/ui/badge';
import { usersTexts as t } from '../messages';
import { statusBadgeOf, type StatusBadge } from '../utils/user-status';

const statusVariant: Record<StatusBadge, BadgeVariant> = {
  pending: 'warning',
  active: 'success',
  suspended: 'destructive',
};

export function UserStatusBadge({ status }: { status: string }) {
  const badge = statusBadgeOf(status);
  return <Badge variant={statusVariant[badge]}>{t.badge[badge]}</Badge>;
}

export function AccountTypeBadge({ type }: { type: string }) {
  const upper = type.toUpperCase();
  return <Badge variant={upper === 'REAL' ? 'primary' : 'neutral'}>{upper}</Badge>;
}

export function RoleBadge({ role }: { role: Role }) {
  return <Badge variant={role === 'admin' ? 'primary' : 'neutral'}>{roleLabels[role]}</Badge>;
}
