import type { Role } from './user.schema.js';

/** What each role may do, as the login answer lists it (the server enforces the same rules). */
const BASE = [
  'dashboard:read',
  'trades:read',
  'statistics:read',
  'reports:read',
  'alerts:manage',
  'bridge:pair',
];

const BY_ROLE: Record<Role, readonly string[]> = {
  viewer: ['dashboard:read', 'trades:read', 'statistics:read', 'reports:read'],
  // Each trader configures their own bot; a viewer only reads it.
  user: [...BASE, 'bot:control', 'bot:configure'],
  trader: [...BASE, 'bot:control', 'bot:configure'],
  admin: [
    ...BASE,
    'bot:control',
    'bot:configure',
    'users:manage',
    'communication:send',
    'backup:manage',
    'bridge:admin',
  ],
};

export function permissionsFor(role: Role): string[] {
  return [...BY_ROLE[role]];
}
