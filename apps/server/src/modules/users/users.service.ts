import {
  communicationMessages as comm,
  userAdminMessages as msg,
  type PublicUser,
  type Role,
  type UserTestResponse,
  type UserUpdate,
} from '@vortex/core';
import type pg from 'pg';
import { HttpError } from '../../http/http-error.js';
import { inTransaction, type Queryable } from '../../lib/db-types.js';
import { writeAudit } from '../audit/audit.repo.js';
import { revokeUserSessions } from '../auth/sessions.repo.js';
import type { Mailer } from '../mail/mailer.js';
import { accountApprovedMail, channelTestMail } from '../mail/templates.js';
import type { MessageQueue, OutgoingMessage } from '../messaging/message-queue.js';
import { toWhatsAppNumber } from '../whatsapp/whatsapp-phone.js';
import { accessEnded, endAccessIn, endAccessNow, type AccessRuntime } from './access-end.js';
import { activation, isActive } from './activation.js';
import { countAdmins, deleteUser, findUserById, listUsers, updateUser } from './users.repo.js';
/** The longest a per-user SMS or WhatsApp test waits for its one attempt before answering. */
const QUEUED_TEST_WAIT_MS = 8_000;

export interface UsersDeps {
  pool: pg.Pool;
  mailer: Mailer;
  appUrl: string;
  /** SMS and WhatsApp tests go through it; without one they are reported as not configured. */
  queue?: MessageQueue;
  /** Where an ended access acts at once: the user's bot, agent and events. */
  access: AccessRuntime;
  log: { error: (obj: object, msg: string) => void };
}

export interface Actor {
  user: PublicUser;
  ip: string;
}

const PERSONAL_FIELDS = new Set(['full_name', 'date_of_birth', 'phone']);

async function mustFind(db: Queryable, id: number): Promise<PublicUser> {
  const user = await findUserById(db, id);
  if (!user) throw new HttpError(404, msg.notFound);
  return user;
}

/** The last active administrator may not be demoted, suspended or deleted. */
async function guardLastAdmin(
  db: Queryable,
  target: PublicUser,
  after: Partial<PublicUser> | null,
) {
  if (target.role !== 'admin' || !isActive(target)) return;
  const stillAdmin =
    after !== null &&
    (after.role ?? target.role) === 'admin' &&
    isActive({ status: after.status ?? target.status });
  if (stillAdmin) return;
  if ((await countAdmins(db, { activeOnly: true })) <= 1) throw new HttpError(400, msg.lastAdmin);
}

const uniqueViolation = (err: unknown): string | undefined =>
  (err as { code?: string }).code === '23505'
    ? (err as { constraint?: string }).constraint
    : undefined;

/** Every user, newest first, for the admin's list. */
export async function listAllUsers(deps: Pick<UsersDeps, 'pool'>): Promise<PublicUser[]> {
  return listUsers(deps.pool);
}

export async function editUser(
  deps: UsersDeps,
  actor: Actor,
  id: number,
  patch: UserUpdate,
): Promise<PublicUser> {
  const isAdmin = actor.user.role === 'admin';
  // A user reads and changes only their own personal data; everything else is the admin's.
  if (
    !isAdmin &&
    (id !== actor.user.id || Object.keys(patch).some((k) => !PERSONAL_FIELDS.has(k)))
  ) {
    throw new HttpError(403, msg.ownFieldsOnly);
  }
  const now = new Date();
  const done = await inTransaction(deps.pool, async (tx) => {
    const target = await mustFind(tx, id);
    await guardLastAdmin(tx, target, patch);
    // Activating a pending DEMO account here is an approval: its trial starts as with /approve.
    const activated = activation(target, patch, actor.user.id, now);
    let updated: PublicUser | undefined;
    try {
      updated = await updateUser(tx, id, { ...patch, ...activated.patch });
    } catch (err) {
      const c = uniqueViolation(err);
      if (c === 'users_email_lower_key') throw new HttpError(409, msg.emailTaken);
      if (c === 'users_username_key') throw new HttpError(409, msg.usernameTaken);
      throw err;
    }
    if (!updated) throw new HttpError(404, msg.notFound);
    const changed = Object.keys(patch).filter(
      (k) => patch[k as keyof UserUpdate] !== target[k as keyof PublicUser],
    );
    const end = accessEnded(target, updated);
    const ended = end && (await endAccessIn(tx, end));
    await writeAudit(tx, {
      actorUserId: actor.user.id,
      action: 'user.update',
      targetUserId: id,
      ip: actor.ip,
      meta: ended ? { changed, access_ended: ended } : { changed },
    });
    if (activated.approved) await auditApproval(tx, actor, updated);
    return { updated, end, approved: activated.approved };
  });
  if (done.end) await endAccessNow(deps.access, done.end);
  if (done.approved) announceApproval(deps, done.updated);
  return done.updated;
}

export async function changeRole(
  deps: UsersDeps,
  actor: Actor,
  id: number,
  role: Role,
): Promise<PublicUser> {
  const done = await inTransaction(deps.pool, async (tx) => {
    const target = await mustFind(tx, id);
    await guardLastAdmin(tx, target, { role });
    const updated = await updateUser(tx, id, { role });
    if (!updated) throw new HttpError(404, msg.notFound);
    const end = accessEnded(target, updated);
    const ended = end && (await endAccessIn(tx, end));
    await writeAudit(tx, {
      actorUserId: actor.user.id,
      action: 'user.role',
      targetUserId: id,
      ip: actor.ip,
      meta: { from: target.role, to: role, ...(ended && { access_ended: ended }) },
    });
    return { updated, end };
  });
  if (done.end) await endAccessNow(deps.access, done.end);
  return done.updated;
}

export async function removeUser(deps: UsersDeps, actor: Actor, id: number): Promise<void> {
  if (id === actor.user.id) throw new HttpError(400, msg.cannotDeleteSelf);
  const target = await inTransaction(deps.pool, async (tx) => {
    const found = await mustFind(tx, id);
    await guardLastAdmin(tx, found, null);
    // The bot's row and the bridge sessions go with the user (ON DELETE CASCADE).
    await deleteUser(tx, id);
    await writeAudit(tx, {
      actorUserId: actor.user.id,
      action: 'user.delete',
      targetUserId: id,
      ip: actor.ip,
      meta: { email: found.email, username: found.username },
    });
    return found;
  });
  const end = accessEnded(target, null);
  if (end) await endAccessNow(deps.access, end);
}

/** Approval activates the account; a DEMO account's 7-day trial starts now (activation.ts). */
export async function approveUser(deps: UsersDeps, actor: Actor, id: number): Promise<PublicUser> {
  const now = new Date();
  const approved = await inTransaction(deps.pool, async (tx) => {
    const target = await mustFind(tx, id);
    if (target.status !== 'pending') throw new HttpError(409, msg.notPending);
    const activated = activation(target, { status: 'active' }, actor.user.id, now);
    const updated = await updateUser(tx, id, { status: 'active', ...activated.patch });
    if (!updated) throw new HttpError(404, msg.notFound);
    await auditApproval(tx, actor, updated);
    return updated;
  });
  announceApproval(deps, approved);
  return approved;
}

async function auditApproval(tx: Queryable, actor: Actor, user: PublicUser): Promise<void> {
  await writeAudit(tx, {
    actorUserId: actor.user.id,
    action: 'user.approve',
    targetUserId: user.id,
    ip: actor.ip,
    meta: { account_type: user.account_type },
  });
}

/** Tells the trader their account may be used, with the trial's last day for a DEMO one. */
function announceApproval(deps: UsersDeps, user: PublicUser): void {
  const trialEnds = user.trial_ends_at
    ? new Date(user.trial_ends_at).toLocaleDateString('pt-BR', {
        timeZone: 'America/Sao_Paulo',
      })
    : null;
  void deps.mailer
    .send(
      accountApprovedMail(
        user.email,
        user.full_name || user.username,
        `${deps.appUrl}/login`,
        trialEnds,
      ),
    )
    .catch((err: unknown) => deps.log.error({ err, userId: user.id }, 'approval mail failed'));
}

export async function rejectUser(deps: UsersDeps, actor: Actor, id: number): Promise<void> {
  await inTransaction(deps.pool, async (tx) => {
    const target = await mustFind(tx, id);
    if (target.status !== 'pending') throw new HttpError(409, msg.notPending);
    await updateUser(tx, id, { status: 'rejected' });
    await revokeUserSessions(tx, id, 'rejected');
    await writeAudit(tx, {
      actorUserId: actor.user.id,
      action: 'user.reject',
      targetUserId: id,
      ip: actor.ip,
    });
  });
}

/**
 * Sends a test per channel: email at once, SMS and WhatsApp to the user's phone through the
 * queue, tried once. A channel that cannot send now (no phone, WhatsApp disconnected) is
 * answered at once as unavailable, without queuing anything for it.
 */
export async function testChannels(
  deps: UsersDeps,
  actor: Actor,
  id: number,
  channels: readonly ('email' | 'sms' | 'whatsapp')[],
): Promise<UserTestResponse> {
  const target = await mustFind(deps.pool, id);
  const results: UserTestResponse['results'] = {};
  const phone = target.phone ? toWhatsAppNumber(target.phone) : null;
  const unavailable = (error: string) => ({
    success: false,
    status: 'unavailable' as const,
    error,
  });
  const queued: { channel: 'sms' | 'whatsapp'; message: OutgoingMessage }[] = [];
  for (const channel of channels) {
    if (channel !== 'email') {
      const why = !deps.queue
        ? msg.channelNotConfigured
        : !phone
          ? comm.noAddress[channel]
          : deps.queue.unavailable(channel);
      if (why || !phone) results[channel] = unavailable(why ?? comm.noAddress[channel]);
      else
        queued.push({
          channel,
          message: {
            channel,
            to: phone,
            body: comm.testBody(channel === 'sms' ? 'SMS' : 'WhatsApp'),
            userId: id,
            origin: 'user_test',
          },
        });
      continue;
    }
    try {
      await deps.mailer.send(channelTestMail(target.email, target.full_name || target.username));
      results.email = { success: true, status: 'sent' };
    } catch (err) {
      deps.log.error({ err, userId: id }, 'test mail failed');
      results.email = {
        success: false,
        status: 'failed',
        error: 'Falha ao enviar o email de teste.',
      };
    }
  }
  if (deps.queue && queued.length > 0) {
    const ids = await deps.queue.enqueue(queued.map((q) => q.message));
    const settled = await deps.queue.settled(ids, QUEUED_TEST_WAIT_MS);
    for (const r of settled) {
      if (r.channel === 'email') continue;
      results[r.channel] =
        r.status === 'sent'
          ? { success: true, status: 'sent' }
          : { success: false, status: r.status, error: r.error ?? comm.stillQueued };
    }
  }
  await writeAudit(deps.pool, {
    actorUserId: actor.user.id,
    action: 'user.test',
    targetUserId: id,
    ip: actor.ip,
    meta: { channels, results },
  });
  const ok = Object.values(results).some((r) => r.success);
  return { success: ok, message: ok ? 'Teste enviado.' : comm.testSummary([]), results };
}
