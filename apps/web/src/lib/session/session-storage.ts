import { readLocal, storageKeys, writeLocal, markFreshLoginDone } from '../storage';
import { SessionUserSchema, type SessionData, type SessionUser } from './session.schema';

export function readStoredToken(): string | null {
  return readLocal(storageKeys.authToken) || null;
}

export function readStoredUser(): SessionUser | null {
  const raw = readLocal(storageKeys.userData);
  if (!raw) return null;
  try {
    const parsed = SessionUserSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function storeUser(user: SessionUser): void {
  writeLocal(storageKeys.userData, JSON.stringify(user));
}

/** After a login: token, user and permissions, then fresh_login = done (§4). */
export function storeSession(session: SessionData): void {
  writeLocal(storageKeys.authToken, session.token);
  storeUser(session.user);
  writeLocal(storageKeys.userPermissions, JSON.stringify(session.permissions ?? []));
  markFreshLoginDone();
}
