import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { clearLocalSession, isFreshLoginDone } from '../storage';
import { SessionContext, type SessionState } from './session-context';
import { fetchWhoami, postLogout } from './session-api';
import { readStoredToken, storeSession, storeUser } from './session-storage';
import type { SessionData } from './session.schema';

/**
 * access-and-admin.md §4: a tab that has not logged in (fresh_login ≠ 'done') is logged out
 * without asking the server; otherwise the stored token must pass whoami.
 */
function initialState(): SessionState {
  if (!isFreshLoginDone() || !readStoredToken()) return { status: 'anonymous' };
  return { status: 'checking' };
}

export function SessionProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [state, setState] = useState<SessionState>(initialState);
  const needsCheck = state.status === 'checking';

  useEffect(() => {
    if (!needsCheck) return;
    const token = readStoredToken();
    if (!token) return;
    const controller = new AbortController();
    fetchWhoami(token, controller.signal)
      .catch(() => null)
      .then((user) => {
        if (controller.signal.aborted) return;
        if (!user) {
          // §4: a failed check (refused token, no user, server unreachable) ends the session.
          clearLocalSession();
          setState({ status: 'anonymous' });
          return;
        }
        storeUser(user);
        setState({ status: 'authenticated', token, user });
      })
      .catch(() => undefined);
    return () => {
      controller.abort();
    };
  }, [needsCheck]);

  const signIn = useCallback((session: SessionData) => {
    storeSession(session);
    setState({ status: 'authenticated', token: session.token, user: session.user });
  }, []);

  const signOut = useCallback(() => {
    const token = readStoredToken();
    if (token) postLogout(token);
    clearLocalSession();
    // Cached answers belong to the user who just left.
    queryClient.clear();
    setState({ status: 'anonymous' });
  }, [queryClient]);

  const value = useMemo(() => ({ state, signIn, signOut }), [state, signIn, signOut]);
  return <SessionContext value={value}>{children}</SessionContext>;
}
