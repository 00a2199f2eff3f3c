import type { PublicUser } from '@vortex/core';
import type { ReactNode } from 'react';
import { CircleAlert, RotateCw } from 'lucide-react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Spinner } from '../../../components/ui/spinner';
import { paths } from '../../../config/paths';
import { useCurrentUser } from '../../../lib/session';
import { useUsers } from '../api/get-users';
import { useConfirm } from '../hooks/use-confirm';
import { useUserLists } from '../hooks/use-user-lists';
import { usersTexts as t } from '../messages';
import { CommunicationOverlay } from './communication-overlay';
import { UserStatsCards } from './user-stats-cards';
import { UsersTabs } from './users-tabs';

const NO_USERS: PublicUser[] = [];

/**
 * /users (access-and-admin.md §2): statistics, pending and active users, admin actions; the
 * communication centre, given by the route, opens over it.
 */
export function UsersScreen({ communication }: { communication?: ReactNode }) {
  const query = useUsers();
  const lists = useUserLists(query.data ?? NO_USERS);
  const me = useCurrentUser();
  const dialog = useConfirm();
  const refetch = () => void query.refetch();

  const placeholder = query.isPending ? (
    <div role="status" className="flex items-center justify-center gap-3 py-16">
      <Spinner className="text-primary" />
      <span className="text-sm text-muted-foreground">{t.loading}</span>
    </div>
  ) : null;

  return (
    <section className="mx-auto w-full max-w-7xl space-y-6">
      <title>{`${paths.users.title} · Vórtex`}</title>
      <header className="flex flex-wrap items-start justify-between gap-4">
        <div className="space-y-1">
          <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">{paths.users.title}</h1>
          <p className="text-sm text-muted-foreground">{t.subtitle}</p>
        </div>
        <CommunicationOverlay>{communication}</CommunicationOverlay>
      </header>
      <UserStatsCards stats={query.data ? lists.stats : null} />
      {query.isError && (
        <Alert variant="error" className="items-center">
          <CircleAlert aria-hidden />
          <span className="flex-1">{query.error.message}</span>
          <Button variant="outline" size="sm" onClick={refetch} disabled={query.isFetching}>
            <RotateCw />
            {t.retry}
          </Button>
        </Alert>
      )}
      <UsersTabs
        lists={lists}
        loaded={query.data !== undefined}
        placeholder={placeholder}
        refreshing={query.isFetching}
        onRefresh={refetch}
        selfId={me?.id}
        confirm={dialog.confirm}
      />
      <ConfirmDialog request={dialog.request} onClose={dialog.close} />
    </section>
  );
}
