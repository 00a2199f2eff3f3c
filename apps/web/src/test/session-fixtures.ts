import type { PublicUser } from '@vortex/core';
import type { SessionUser } from '../lib/session';

/** A user as the API sends it (PublicUserSchema), with the fields a test cares about. */
export function makeUser(overrides: Partial<PublicUser> & Pick<PublicUser, 'id'>): PublicUser {
  const username = overrides.username ?? `user${overrides.id}`;
  return {
    unique_id: `VTX-${String(overrides.id).padStart(6, '0')}`,
    user_id: overrides.id,
    username,
    full_name: `Usuário ${overrides.id}`,
    date_of_birth: '1990-05-17',
    email: `${username}@vortex.com.br`,
    phone: '+55 11 91234-5678',
    role: 'user',
    status: 'active',
    account_type: 'REAL',
    broker: 'XP Investimentos',
    trial_ends_at: null,
    created_at: '2025-01-10T12:00:00.000Z',
    last_login: null,
    ...overrides,
  };
}

export const adminUser: SessionUser = makeUser({
  id: 1,
  username: 'ana.admin',
  full_name: 'Ana Admin',
  role: 'admin',
});
export const traderUser: SessionUser = makeUser({
  id: 2,
  username: 'joao.trader',
  full_name: 'João Trader',
  role: 'user',
});

/** A tab that logged in earlier: stored token and user, fresh_login done. */
export function seedSession(user: SessionUser, token = 'tok-123'): void {
  localStorage.setItem('auth_token', token);
  localStorage.setItem('user_data', JSON.stringify(user));
  localStorage.setItem('user_permissions', '[]');
  sessionStorage.setItem('fresh_login', 'done');
}
