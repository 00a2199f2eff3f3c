import { TriangleAlert } from 'lucide-react';
import { useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { useHasOwnBridge, useSessions } from '../api/sessions';
import { bridgeAdminTexts as t } from '../messages';
import { CleanupButton } from './cleanup-button';
import { LiveCounter } from './live-counter';
import { Panel, PanelError, RefreshButton } from './panel';
import { SessionsTable } from './sessions-table';

/** §5: the user_id box counts only when it holds a number; otherwise it means everyone. */
const userIdOf = (text: string) =>
  /^\d{1,15}$/.test(text.trim()) ? Number(text.trim()) : undefined;

/** §2 'Sessões Bridge': polled every 15 s and refreshed by live events. */
export function SessionsPanel() {
  const [userText, setUserText] = useState('');
  const userId = userIdOf(userText);
  const query = useSessions(userId);
  const hasOwnBridge = useHasOwnBridge();
  const refetch = () => void query.refetch();

  return (
    <Panel
      id="sessions"
      title={t.sessions.title}
      description={
        <span className="flex flex-wrap items-center gap-x-3 gap-y-1.5">
          {t.sessions.description}
          <LiveCounter />
        </span>
      }
      toolbar={
        <>
          <div className="space-y-1.5">
            <Label htmlFor="sessions-user">{t.sessions.userId}</Label>
            <Input
              id="sessions-user"
              inputMode="numeric"
              autoComplete="off"
              className="w-40"
              placeholder={t.sessions.userIdPlaceholder}
              value={userText}
              onChange={(event) => {
                setUserText(event.target.value);
              }}
            />
          </div>
          <RefreshButton onClick={refetch} busy={query.isFetching} />
          <CleanupButton userId={userId} />
        </>
      }
    >
      {hasOwnBridge === false && (
        <div className="p-4 sm:px-5">
          <Alert className="border-amber-500/40 bg-amber-500/10 [&_svg]:text-amber-600 dark:[&_svg]:text-amber-300">
            <TriangleAlert aria-hidden />
            <span>{t.sessions.noOwnBridge}</span>
          </Alert>
        </div>
      )}
      {query.isError && <PanelError error={query.error} onRetry={refetch} />}
      <SessionsTable
        sessions={query.data?.items ?? []}
        receivedAt={query.data?.receivedAt ?? 0}
        pending={query.isPending}
        failed={query.isError}
      />
    </Panel>
  );
}
