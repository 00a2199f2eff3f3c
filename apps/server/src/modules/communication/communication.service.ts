import {
  communicationMessages as m,
  type DeliveryDetail,
  type MessageType,
  type SendManual,
  type SendManualResponse,
  type TestChannels,
  type TestChannelsResponse,
} from '@vortex/core';
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { HttpError } from '../../http/http-error.js';
import { writeAudit } from '../audit/audit.repo.js';
import type { DeliveryResult, MessageQueue, OutgoingMessage } from '../messaging/message-queue.js';
import { toWhatsAppNumber } from '../whatsapp/whatsapp-phone.js';
import { findRecipients, type Recipient } from './recipients.repo.js';

export interface CommunicationDeps {
  pool: pg.Pool;
  queue: MessageQueue;
  /** How long a call waits for its messages before answering the rest as still queued. */
  settleMs: number;
}

export interface Actor {
  userId: number;
  ip: string;
}

const CHANNEL_LABEL: Record<MessageType, string> = {
  email: 'Email',
  sms: 'SMS',
  whatsapp: 'WhatsApp',
};

function addressOf(user: Recipient, type: MessageType): string | null {
  if (type === 'email') return user.email || null;
  return user.phone ? toWhatsAppNumber(user.phone) : null;
}

/** One result as the screen reads it: pending still counts as not (yet) delivered. */
function detailOf(
  r: DeliveryResult,
  who: { userId: number | null; username: string | null },
): DeliveryDetail {
  return {
    success: r.status === 'sent',
    status: r.status,
    channel: r.channel,
    user_id: who.userId,
    username: who.username,
    contact: r.to,
    error: r.status === 'sent' ? null : (r.error ?? m.stillQueued),
  };
}

/** POST /communication/send-manual: one message per recipient through the queue. */
export async function sendManual(
  deps: CommunicationDeps,
  actor: Actor,
  input: SendManual,
): Promise<SendManualResponse> {
  const users = await findRecipients(deps.pool, input.recipients);
  if (input.recipients !== 'all' && users.length !== new Set(input.recipients).size)
    throw new HttpError(400, m.unknownRecipients);
  if (users.length === 0) throw new HttpError(400, m.noUsers);
  const batchId = randomUUID();
  const skipped: DeliveryDetail[] = [];
  const queued: { user: Recipient; message: OutgoingMessage }[] = [];
  for (const user of users) {
    const to = addressOf(user, input.type);
    if (!to) {
      skipped.push({
        success: false,
        status: 'skipped',
        channel: input.type,
        user_id: user.id,
        username: user.username,
        contact: user.phone ?? '',
        error: m.noAddress[input.type],
      });
      continue;
    }
    queued.push({
      user,
      message: {
        channel: input.type,
        to,
        ...(input.type === 'email' && input.subject ? { subject: input.subject } : {}),
        body: input.message,
        userId: user.id,
        origin: 'manual',
        batchId,
      },
    });
  }
  const ids = await deps.queue.enqueue(queued.map((q) => q.message));
  await writeAudit(deps.pool, {
    actorUserId: actor.userId,
    action: 'communication.send',
    targetUserId: null,
    ip: actor.ip,
    meta: { type: input.type, batch: batchId, queued: ids.length, skipped: skipped.length },
  });
  const results = await deps.queue.settled(ids, deps.settleMs);
  const byUser = new Map(queued.map((q) => [q.user.id, q.user.username]));
  const details = [
    ...results.map((r) =>
      detailOf(r, { userId: r.userId, username: byUser.get(r.userId ?? -1) ?? null }),
    ),
    ...skipped,
  ];
  const sent = details.filter((d) => d.success).length;
  return {
    success: sent > 0 && details.every((d) => d.status === 'sent' || d.status === 'pending'),
    message: m.sendSummary(sent, details.length),
    details,
  };
}

/**
 * POST /communication/test-channels: a test through each channel the given contacts reach. A
 * channel that cannot send now (WhatsApp disconnected) is answered at once as unavailable and
 * nothing is queued for it; the others are tried once and answered as sent or failed.
 */
export async function testChannels(
  deps: CommunicationDeps,
  actor: Actor,
  input: TestChannels,
): Promise<TestChannelsResponse> {
  const phone = input.phone ? toWhatsAppNumber(input.phone) : null;
  if (input.phone && !phone) throw new HttpError(400, m.phoneInvalid);
  const email = input.email ?? null;
  const targets: [MessageType, string | null][] = [
    ['email', email],
    ['sms', phone],
    ['whatsapp', phone],
  ];
  const unavailable = new Map(
    targets.flatMap(([channel, to]) => {
      const why = to ? deps.queue.unavailable(channel) : null;
      return why ? [[channel, why] as const] : [];
    }),
  );
  const messages = targets.flatMap(([channel, to]): OutgoingMessage[] =>
    to && !unavailable.has(channel)
      ? [
          {
            channel,
            to,
            ...(channel === 'email' ? { subject: m.testSubject } : {}),
            body: m.testBody(CHANNEL_LABEL[channel]),
            origin: 'channel_test',
          },
        ]
      : [],
  );
  const ids = await deps.queue.enqueue(messages);
  await writeAudit(deps.pool, {
    actorUserId: actor.userId,
    action: 'communication.test',
    targetUserId: null,
    ip: actor.ip,
    meta: { channels: messages.map((x) => x.channel), unavailable: [...unavailable.keys()] },
  });
  const results = await deps.queue.settled(ids, deps.settleMs);
  const details = targets.map(([channel, to]): DeliveryDetail => {
    const r = results.find((x) => x.channel === channel);
    if (r) return detailOf(r, { userId: null, username: null });
    const why = unavailable.get(channel);
    if (why)
      return {
        success: false,
        status: 'unavailable',
        channel,
        user_id: null,
        username: null,
        contact: to ?? '',
        error: why,
      };
    return {
      success: false,
      status: 'skipped',
      channel,
      user_id: null,
      username: null,
      contact: to ?? '',
      error: m.notTested[channel],
    };
  });
  const ok = (c: MessageType) => details.some((d) => d.channel === c && d.success);
  const okLabels = targets.filter(([c]) => ok(c)).map(([c]) => CHANNEL_LABEL[c]);
  return {
    success: okLabels.length > 0,
    message: m.testSummary(okLabels),
    results: { email: ok('email'), sms: ok('sms'), whatsapp: ok('whatsapp') },
    details,
  };
}
