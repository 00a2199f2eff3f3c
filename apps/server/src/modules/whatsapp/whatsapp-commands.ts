import {
  apiErrorMessages,
  phoneConfirmationMessages,
  whatsappLinkMessages as msg,
  type Role,
} from '@vortex/core';
import type pg from 'pg';
import { writeAudit } from '../audit/audit.repo.js';
import type { BotManager } from '../bot/bot-manager.js';
import type { WhatsAppPort } from './whatsapp-port.js';
import { usersByPhone } from './whatsapp-users.repo.js';

export type WhatsAppCommand = 'status' | 'parar';

// As over HTTP (/api/bot/stop): a viewer reads the bot's state but does not stop it.
const MAY_STOP: readonly Role[] = ['admin', 'user', 'trader'];

/** 'Status', ' PARAR ', 'párar' all count: case, accents and surrounding spaces do not matter. */
export function parseCommand(text: string): WhatsAppCommand | null {
  const word = text.normalize('NFD').replace(/\p{M}/gu, '').trim().toLowerCase();
  return word === 'status' || word === 'parar' ? word : null;
}

export interface WhatsAppCommandDeps {
  pool: pg.Pool;
  whatsapp: WhatsAppPort;
  bots: Pick<BotManager, 'status' | 'stop'>;
  log: { warn: (obj: object, msg: string) => void };
}

/**
 * Traders text the platform's WhatsApp from their registered phone: 'status' answers their
 * bot's state and today's counters, 'parar' stops it. Unknown senders get nothing back; a phone
 * no owner confirmed yet is told to confirm it in the app and nothing runs; other texts get a
 * short help. Returns the unsubscribe.
 */
export function installWhatsAppCommands(deps: WhatsAppCommandDeps): () => void {
  return deps.whatsapp.onInbound((phone, text) => {
    handle(deps, phone, text).catch((err: unknown) => {
      deps.log.warn({ err }, 'whatsapp command failed');
    });
  });
}

/** Handles one inbound text (exported for the tests, which await it). */
export async function handle(deps: WhatsAppCommandDeps, phone: string, text: string) {
  const registered = await usersByPhone(deps.pool, phone);
  if (registered.length === 0) return;
  // Anyone may type any number on their account: only a confirmed one speaks for it.
  const owners = registered.filter((o) => o.confirmed);
  if (owners.length === 0) {
    await deps.whatsapp.send(phone, phoneConfirmationMessages.whatsappUnconfirmed);
    return;
  }
  const command = parseCommand(text);
  if (!command) {
    await deps.whatsapp.send(phone, msg.help);
    return;
  }
  // A phone may belong to several accounts (a DEMO and a REAL one): each answers.
  for (const owner of owners) {
    let reply: string;
    try {
      if (command === 'status') reply = msg.botStatus(await deps.bots.status(owner.id));
      else if (MAY_STOP.includes(owner.role)) reply = await deps.bots.stop(owner.id);
      else reply = apiErrorMessages.forbidden;
    } catch (err) {
      deps.log.warn({ err, userId: owner.id }, 'whatsapp command not executed');
      reply = msg.commandFailed;
    }
    await writeAudit(deps.pool, {
      actorUserId: owner.id,
      action: `whatsapp_${command}`,
      targetUserId: owner.id,
      meta: { phone, reply },
    });
    await deps.whatsapp.send(phone, owners.length > 1 ? `@${owner.username}: ${reply}` : reply);
  }
}
