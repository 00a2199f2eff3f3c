import { PublicUserSchema, roleLabels, type Role } from '@vortex/core';
import { z } from 'zod';

/**
 * The user as login and whoami send it. Lenient (every field optional, extra fields kept) until
 * the auth contract lands in @vortex/core with the server issue; the role stays strict because
 * it decides what the interface shows.
 */
export const SessionUserSchema = PublicUserSchema.partial().loose();
export type SessionUser = z.infer<typeof SessionUserSchema>;

/** GET /api/auth/whoami (access-and-admin.md §7). */
export const WhoamiResponseSchema = z.object({
  success: z.boolean(),
  user: SessionUserSchema.nullish(),
});

export interface SessionData {
  token: string;
  user: SessionUser;
  /** Stored as received: the spec does not say what the list holds. */
  permissions: unknown;
}

export function isAdmin(user: SessionUser | null | undefined): boolean {
  return user?.role === 'admin';
}

/** trading.md §2: the sidebar shows the admin label when the stored user has no role. */
export function roleLabelOf(user: SessionUser | null | undefined): string {
  const role: Role = user?.role ?? 'admin';
  return roleLabels[role];
}

export function displayNameOf(user: SessionUser | null | undefined): string {
  return user?.username || user?.full_name || user?.email || 'Usuário';
}
