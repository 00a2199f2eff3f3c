import {
  PHONE_CODE_DIGITS,
  PHONE_CODE_MAX_TRIES,
  PHONE_CODE_TTL_MS,
  PHONE_CODES_PER_HOUR,
  phoneConfirmationMessages as m,
  type PhoneCodeChannel,
  type PhoneConfirmationState,
} from '@vortex/core';
import { randomInt } from 'node:crypto';
import type pg from 'pg';
import { HttpError } from '../../http/http-error.js';
import { inTransaction } from '../../lib/db-types.js';
import { writeAudit } from '../audit/audit.repo.js';
import { hashPassword, verifyPassword } from '../auth/password.js';
import type { MessageQueue } from '../messaging/message-queue.js';
import type { WhatsAppPort } from '../whatsapp/whatsapp-port.js';
import { samePhone, toWhatsAppNumber } from '../whatsapp/whatsapp-phone.js';
import { isPhoneConfirmed } from './confirmed-phone.js';
import {
  confirmWith,
  insertCode,
  latestCode,
  lockRecentCodes,
  phoneRecord,
  spendTry,
  type CodeRecord,
} from './phone-confirmation.repo.js';

export interface PhoneConfirmationDeps {
  pool: pg.Pool;
  queue: MessageQueue;
  /** The platform's WhatsApp: codes go by WhatsApp while it is linked, by SMS otherwise. */
  whatsapp: Pick<WhatsAppPort, 'state'>;
}

export interface Actor {
  userId: number;
  ip: string;
}

const HOUR_MS = 3_600_000;

async function mustHavePhone(pool: pg.Pool, userId: number) {
  const record = await phoneRecord(pool, userId);
  if (!record?.phone) throw new HttpError(400, m.noPhone);
  return { ...record, phone: record.phone };
}

/** A code that may still be typed for `phone`. */
const isLive = (code: CodeRecord | null, phone: string): code is CodeRecord =>
  code !== null &&
  code.usedAt === null &&
  !code.expired &&
  code.attempts < PHONE_CODE_MAX_TRIES &&
  samePhone(code.phone, phone);

/** The caller's phone, whether it is confirmed, and until when a code sent to it may be typed. */
export async function confirmationState(
  pool: pg.Pool,
  userId: number,
): Promise<PhoneConfirmationState> {
  const record = await phoneRecord(pool, userId);
  const phone = record?.phone ?? null;
  const confirmed = isPhoneConfirmed(phone, record?.confirmedPhone ?? null);
  const code = phone && !confirmed ? await latestCode(pool, userId) : null;
  return {
    phone,
    confirmed,
    confirmed_at: confirmed ? (record?.confirmedAt?.toISOString() ?? null) : null,
    code_expires_at: phone && isLive(code, phone) ? code.expiresAt.toISOString() : null,
  };
}

/**
 * Sends a new code to the account's phone (it replaces any earlier one): by WhatsApp while the
 * platform's WhatsApp is linked, else by SMS, through the message queue. At most
 * PHONE_CODES_PER_HOUR per user, counted in the database so every instance shares the count.
 */
export async function sendCode(
  deps: PhoneConfirmationDeps,
  actor: Actor,
): Promise<{ channel: PhoneCodeChannel; message: string; state: PhoneConfirmationState }> {
  const record = await mustHavePhone(deps.pool, actor.userId);
  if (isPhoneConfirmed(record.phone, record.confirmedPhone))
    throw new HttpError(409, m.alreadyConfirmed);
  const to = toWhatsAppNumber(record.phone);
  if (!to) throw new HttpError(400, m.invalidPhone);
  const channel: PhoneCodeChannel = deps.whatsapp.state().connected ? 'whatsapp' : 'sms';
  const code = String(randomInt(0, 10 ** PHONE_CODE_DIGITS)).padStart(PHONE_CODE_DIGITS, '0');
  // Six digits are few: a fast hash would give them all back to whoever reads the table.
  const codeHash = await hashPassword(code);
  await inTransaction(deps.pool, async (tx) => {
    const recent = await lockRecentCodes(tx, actor.userId);
    const oldest = recent[0];
    if (oldest && recent.length >= PHONE_CODES_PER_HOUR) {
      const minutes = Math.max(1, Math.ceil((oldest.getTime() + HOUR_MS - Date.now()) / 60_000));
      throw new HttpError(429, m.tooManyCodes(minutes));
    }
    await insertCode(tx, {
      userId: actor.userId,
      phone: record.phone,
      codeHash,
      channel,
      ttlMs: PHONE_CODE_TTL_MS,
    });
    // In the same transaction: a code is stored exactly when its message is queued.
    await deps.queue.enqueueIn(tx, [
      { channel, to, body: m.codeBody(code), userId: actor.userId, origin: 'phone_confirmation' },
    ]);
    await writeAudit(tx, {
      actorUserId: actor.userId,
      action: 'phone.confirmation_sent',
      targetUserId: actor.userId,
      ip: actor.ip,
      meta: { channel },
    });
  });
  deps.queue.wake([channel]);
  return {
    channel,
    message: m.sent(channel, to.slice(-4)),
    state: await confirmationState(deps.pool, actor.userId),
  };
}

/** Why no try of the newest code could be spent. */
function refusal(code: CodeRecord | null, phone: string): HttpError {
  if (!code || code.usedAt || !samePhone(code.phone, phone)) return new HttpError(400, m.noCode);
  if (code.expired) return new HttpError(400, m.expired);
  return new HttpError(429, m.triesExhausted);
}

/**
 * Checks a typed code against the newest one sent to the account's current phone. Each check
 * spends one of its tries first (atomically), so parallel guesses get no more than the five.
 */
export async function verifyCode(
  deps: Pick<PhoneConfirmationDeps, 'pool'>,
  actor: Actor,
  typed: string,
): Promise<PhoneConfirmationState> {
  const record = await mustHavePhone(deps.pool, actor.userId);
  const code = await spendTry(deps.pool, actor.userId, PHONE_CODE_MAX_TRIES);
  // A code sent to the phone the account had before proves nothing about the one it has now.
  if (!code || !samePhone(code.phone, record.phone))
    throw refusal(code ?? (await latestCode(deps.pool, actor.userId)), record.phone);
  if (!(await verifyPassword(code.codeHash, typed))) {
    const left = PHONE_CODE_MAX_TRIES - code.attempts;
    throw left > 0 ? new HttpError(400, m.wrongCode(left)) : new HttpError(429, m.triesExhausted);
  }
  await inTransaction(deps.pool, async (tx) => {
    if (!(await confirmWith(tx, actor.userId, code))) return;
    await writeAudit(tx, {
      actorUserId: actor.userId,
      action: 'phone.confirm',
      targetUserId: actor.userId,
      ip: actor.ip,
      meta: { phone_ending: code.phone.replace(/\D/g, '').slice(-4) },
    });
  });
  return confirmationState(deps.pool, actor.userId);
}
