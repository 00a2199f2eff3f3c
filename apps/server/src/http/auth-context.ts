import type { PublicUser } from '@vortex/core';

/** Who is calling a non-public route: the kernel's authorization hook puts it on the request. */
export interface AuthContext {
  user: PublicUser;
  sessionId: number;
  expiresAt: Date;
  idleExpiresAt: Date;
}
