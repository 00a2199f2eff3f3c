import type { SessionUser } from '../lib/session';

export const adminUser: SessionUser = { id: 1, username: 'ana.admin', role: 'admin' };
export const traderUser: SessionUser = { id: 2, username: 'joao.trader', role: 'user' };

/** A tab that logged in earlier: stored token and user, fresh_login done. */
export function seedSession(user: SessionUser, token = 'tok-123'): void {
  localStorage.setItem('auth_token', token);
  localStorage.setItem('user_data', JSON.stringify(user));
  localStorage.setItem('user_permissions', '[]');
  sessionStorage.setItem('fresh_login', 'done');
}
