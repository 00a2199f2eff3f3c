import { createContext, useContext } from 'react';
import type { SessionData, SessionUser } from './session.schema';

export type SessionState =
  | { status: 'checking' }
  | { status: 'anonymous' }
  | { status: 'authenticated'; token: string; user: SessionUser };

export interface SessionContextValue {
  state: SessionState;
  signIn: (session: SessionData) => void;
  signOut: () => void;
}

export const SessionContext = createContext<SessionContextValue | null>(null);

export function useSession(): SessionContextValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession precisa de <SessionProvider>');
  return value;
}

/** The logged-in user, or null while checking or when logged out. */
export function useCurrentUser(): SessionUser | null {
  const { state } = useSession();
  return state.status === 'authenticated' ? state.user : null;
}
