import { liveMessages } from '@vortex/core';
import type pg from 'pg';
import { HttpError } from '../../app/http-error.js';
import { accountBlock } from '../auth/account-status.js';
import { authenticate } from '../auth/session.service.js';
import { findUserById } from '../users/users.repo.js';
import { spendLiveTicket } from './live-tickets.repo.js';

export interface LiveIdentity {
  userId: number;
  isAdmin: boolean;
}

/** Who opens a live channel with this ticket; a spent, expired or unknown ticket gets 401. */
export async function identityForTicket(pool: pg.Pool, ticket: string): Promise<LiveIdentity> {
  const userId = await spendLiveTicket(pool, ticket);
  const user = userId === undefined ? undefined : await findUserById(pool, userId);
  if (!user || accountBlock(user, new Date())) throw new HttpError(401, liveMessages.ticketInvalid);
  return { userId: user.id, isAdmin: user.role === 'admin' };
}

/** The spec's WebSocket sends the bearer token in its first message (never in the URL). */
export async function identityForToken(pool: pg.Pool, token: string): Promise<LiveIdentity> {
  const { user } = await authenticate(pool, token);
  return { userId: user.id, isAdmin: user.role === 'admin' };
}
