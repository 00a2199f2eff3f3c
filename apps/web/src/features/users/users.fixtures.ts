import type { PublicUser } from '@vortex/core';
import { fireEvent, screen, within } from '@testing-library/react';
import { fakeApi, json, type FakeCall } from '../../test/fake-api';
import { renderApp } from '../../test/render-app';
import { adminUser, makeUser, seedSession } from '../../test/session-fixtures';

const today = new Date().toISOString();

/** The admin (id 1, logged in today), two pending accounts and three others. */
export const listedUsers: PublicUser[] = [
  { ...adminUser, status: 'active', last_login: today },
  makeUser({
    id: 10,
    username: 'paula_p',
    full_name: 'Paula Pendente',
    status: 'pending',
    account_type: 'DEMO',
    date_of_birth: '1995-03-08',
  }),
  makeUser({ id: 11, username: 'rui_r', full_name: 'Rui Real', status: 'pending' }),
  makeUser({
    id: 20,
    username: 'carlos_a',
    full_name: 'Carlos Ativo',
    role: 'trader',
    status: 'approved',
    last_login: '2025-02-03T13:45:00.000Z',
  }),
  makeUser({
    id: 21,
    username: 'sofia_s',
    full_name: 'Sófia Suspensa',
    role: 'viewer',
    status: 'suspended',
    account_type: 'DEMO',
  }),
  makeUser({ id: 22, username: 'bia_r', full_name: 'Bia Rejeitada', status: 'rejected' }),
];

type Handlers = Record<string, (call: FakeCall) => Response | Promise<Response>>;

/** Logged in as the admin, with GET /users answering `users` unless a handler says otherwise. */
export function usersApi(handlers: Handlers = {}, users: PublicUser[] = listedUsers) {
  seedSession(adminUser);
  return fakeApi({
    'GET /api/auth/whoami': () => json({ success: true, user: adminUser }),
    'GET /users': () => json({ success: true, users, data: users }),
    ...handlers,
  });
}

export const ok = (message: string) => () => json({ success: true, message });

export async function openUsers(tab: 'pending' | 'active') {
  renderApp('/users');
  await screen.findByText('Paula Pendente');
  if (tab === 'active') {
    fireEvent.mouseDown(screen.getByRole('tab', { name: /Usuários ativos/ }));
    await screen.findByText('Carlos Ativo');
  }
}

export const rowOf = (name: string) => screen.getByText(name).closest('tr') as HTMLElement;
export const click = (row: HTMLElement, name: string) => {
  fireEvent.click(within(row).getByRole('button', { name }));
};
export const dialog = () => screen.getByRole('alertdialog');
