import type { PublicUser } from '@vortex/core';
import { usersTexts as t } from '../messages';

/** Who the row is about: name, username, email, phone and unique id. */
export function UserIdentity({ user, self = false }: { user: PublicUser; self?: boolean }) {
  return (
    <div className="min-w-48 space-y-0.5">
      <p className="font-semibold">
        {user.full_name || user.username}
        {self && (
          <span className="ml-1.5 text-xs font-normal text-muted-foreground">({t.you})</span>
        )}
      </p>
      <p className="text-xs text-muted-foreground">@{user.username}</p>
      <p className="text-xs break-all">{user.email}</p>
      {user.phone && <p className="text-xs text-muted-foreground">{user.phone}</p>}
      <p className="font-mono text-[11px] text-muted-foreground">
        {t.uniqueId}: {user.unique_id}
      </p>
    </div>
  );
}
