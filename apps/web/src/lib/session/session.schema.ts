import {
  PublicUserSchema,
  roleLabels,
  WhoamiResponseSchema,
  type PublicUser,
  type Role,
} from '@vortex/core';

/** The user as login and whoami send it: the contract's public user, checked at run time. */
export const SessionUserSchema = PublicUserSchema;
export type SessionUser = PublicUser;

/**
 * GET /api/auth/whoami (access-and-admin.md §7). Only the fields the session uses are parsed: a
 * change to the session-expiry block must not log everyone out.
 */
export const WhoamiAnswerSchema = WhoamiResponseSchema.pick({ success: true, user: true });

export interface SessionData {
  token: string;
  user: SessionUser;
  /** Stored as received: the spec does not say what the list holds. */
  permissions: unknown;
}

export function isAdmin(user: SessionUser | null | undefined): boolean {
  return user?.role === 'admin';
}

/** trading.md §2: the sidebar shows the admin label when there is no user role to show. */
export function roleLabelOf(user: SessionUser | null | undefined): string {
  const role: Role = user?.role ?? 'admin';
  return roleLabels[role];
}

export function displayNameOf(user: SessionUser | null | undefined): string {
  return user?.username || user?.full_name || user?.email || 'Usuário';
}
