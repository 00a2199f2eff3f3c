import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { clearLocalSession, isFreshLoginDone } from '../storage';
import { SessionContext, type SessionState } from './session-context';
import { fetchWhoami, postLogout } from './session-api';
import { readStoredToken, storeSession, storeUser } from './session-storage';
import type { SessionData } from './session.schema';

/** Waits before asking whoami again when it could not be reached, ms (then every 10 s). */
const WHOAMI_RETRY_MS = [500, 1_000, 2_000, 5_000];

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
    let timer: ReturnType<typeof setTimeout> | undefined;
    const check = (attempt: number) => {
      fetchWhoami(token, controller.signal)
        .catch(() => 'unreachable' as const)
        .then((result) => {
          if (controller.signal.aborted) return;
          if (result === 'unreachable') {
            // No answer is no verdict on the token (a reload aborting the call, a server
            // restarting): ask again, not log out of every tab.
            timer = setTimeout(() => check(attempt + 1), WHOAMI_RETRY_MS[attempt] ?? 10_000);
            return;
          }
          if (result === 'refused') {
            // §4: a refused token, or an answer without a user, ends the session.
            clearLocalSession();
            setState({ status: 'anonymous' });
            return;
          }
          storeUser(result.user);
          setState({ status: 'authenticated', token, user: result.user });
        })
        .catch(() => undefined);
    };
    check(0);
    return () => {
      controller.abort();
      clearTimeout(timer);
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
