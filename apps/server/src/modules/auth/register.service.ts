import {
  deriveUsername,
  registerMessages,
  RegisterPayloadSchema,
  type PublicUser,
} from '@vortex/core';
import type pg from 'pg';
import type { z } from 'zod';
import { HttpError } from '../../http/http-error.js';
import { findUserByEmail, freeUsername, insertUser } from '../users/users.repo.js';
import { hashPassword } from './password.js';
import { takeSlot } from './rate-events.repo.js';

export const REGISTER_WINDOW_S = 60 * 60;
export const REGISTER_MAX_PER_IP = 5;

type Payload = z.output<typeof RegisterPayloadSchema>;

const isUniqueViolation = (err: unknown, constraint: string) =>
  (err as { code?: string; constraint?: string }).code === '23505' &&
  (err as { constraint?: string }).constraint === constraint;

/**
 * Counts a registration attempt from this address before anything else is done with it, whatever
 * it will answer (a taken email, a refused payload): 429 past 5 in the hour. Otherwise one
 * address could check known emails one after another.
 */
export async function countRegistrationAttempt(pool: pg.Pool, ip: string): Promise<void> {
  if (!(await takeSlot(pool, 'register_ip', ip, REGISTER_WINDOW_S, REGISTER_MAX_PER_IP))) {
    throw new HttpError(429, registerMessages.tooMany);
  }
}

/**
 * Creates a pending account; an administrator approves it before it can log in. The attempt
 * was counted already (countRegistrationAttempt).
 */
export async function register(pool: pg.Pool, input: Payload, ip: string): Promise<PublicUser> {
  if (await findUserByEmail(pool, input.email))
    throw new HttpError(409, registerMessages.emailTaken);
  const passwordHash = await hashPassword(input.password);
  const base = deriveUsername(input.email) || 'usuario';
  // Two registrations may race for one username; the unique index decides and we retry.
  for (let attempt = 0; attempt < 5; attempt++) {
    try {
      const user = await insertUser(pool, {
        username: await freeUsername(pool, base),
        fullName: input.full_name,
        email: input.email,
        phone: input.phone,
        dateOfBirth: input.date_of_birth,
        role: 'user',
        status: 'pending',
        accountType: input.account_type,
        usesMt5: input.uses_mt5,
        broker: input.broker,
        passwordHash,
        registrationIp: ip,
      });
      return user;
    } catch (err) {
      if (isUniqueViolation(err, 'users_email_lower_key'))
        throw new HttpError(409, registerMessages.emailTaken);
      if (!isUniqueViolation(err, 'users_username_key')) throw err;
    }
  }
  throw new HttpError(409, registerMessages.emailTaken);
}
