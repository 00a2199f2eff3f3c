import { useEffect, useState, type ReactNode } from 'react';
import { LiveConnection } from './live-connection';
import { LiveContext } from './live-context';

/** Opens the tab's live channel while a user is logged in, and closes it on the way out. */
export function LiveProvider({ children }: { children: ReactNode }) {
  const [live] = useState(() => new LiveConnection());
  useEffect(() => {
    live.start();
    return () => live.stop();
  }, [live]);
  return <LiveContext.Provider value={live}>{children}</LiveContext.Provider>;
}
