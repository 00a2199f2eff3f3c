import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { LiveConnection } from './live-connection';
import { LiveContext } from './live-context';

/** Opens the tab's live channel while a user is logged in, and closes it on the way out. */
export function LiveProvider({ children }: { children: ReactNode }) {
  const [live] = useState(() => new LiveConnection());
  const client = useQueryClient();
  useEffect(() => {
    live.start();
    return () => live.stop();
  }, [live]);
  // Events sent while the channel was down are lost: a reconnect re-reads what is on screen.
  useEffect(() => {
    let status = live.getSnapshot().status;
    let wasOpen = status === 'open';
    return live.subscribe(() => {
      const next = live.getSnapshot().status;
      if (next === status) return;
      status = next;
      if (next !== 'open') return;
      if (wasOpen) void client.invalidateQueries();
      wasOpen = true;
    });
  }, [live, client]);
  return <LiveContext.Provider value={live}>{children}</LiveContext.Provider>;
}
