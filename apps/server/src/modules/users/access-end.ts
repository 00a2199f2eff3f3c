import { permissionsFor, type PublicUser, type Role } from '@vortex/core';
import type { Queryable } from '../../lib/db-types.js';
import type { BotManager } from '../bot/bot-manager.js';
import { stopWithReason } from '../bot/bot-runs.repo.js';
import type { AgentRegistry } from '../bridge/agent-registry.js';
import { endSessions, revokePendingTokensOf } from '../bridge/bridge-admin.repo.js';
import type { EventBus } from '../live/event-bus.js';
import { accessEndMessages as msg } from './access-end.messages.js';
import { isActive } from './activation.js';

/** What reaches the user's running things: the bots, the agents and the events of every instance. */
export interface AccessRuntime {
  bots: Pick<BotManager, 'recheckLeases'>;
  agents: Pick<AgentRegistry, 'endWhere'>;
  bus: Pick<EventBus, 'publish'>;
}

/**
 * What an administrator's change takes from a user at once. Their live channels need nothing
 * here: every instance rechecks them when the user's row changes (live-hub.ts).
 */
export interface AccessEnd {
  userId: number;
  /** The bot stops with this reason as its error; null when the account is gone with it. */
  botReason: string | null;
  /** The account may not be used at all: the agent's bridge sessions end too. */
  bridge: boolean;
}

/** The revocation code the agent is sent, the one the admin's revoke uses (the agent words it). */
const REVOKE_REASON = 'admin_revoke';

const runsBot = (role: Role) => permissionsFor(role).includes('bot:control');

/** What a change from `before` to `after` (null: deleted) ends, if anything. */
export function accessEnded(before: PublicUser, after: PublicUser | null): AccessEnd | null {
  const userId = before.id;
  if (!after) return { userId, botReason: null, bridge: true };
  if (isActive(before) && !isActive(after)) {
    const status = after.status as keyof typeof msg.blocked;
    return { userId, botReason: msg.blocked[status], bridge: true };
  }
  if (runsBot(before.role) && !runsBot(after.role)) {
    return { userId, botReason: msg.roleChanged(after.role), bridge: false };
  }
  return null;
}

/**
 * In the change's own transaction, so no instance sees the one without the other: the bot is
 * stopped with its reason, the bridge sessions ended and unused pairing tokens revoked. What
 * was ended, for the audit log.
 */
export async function endAccessIn(
  tx: Queryable,
  end: AccessEnd,
): Promise<{ bot_stopped: boolean; bridge_sessions: number }> {
  const botStopped =
    end.botReason !== null && (await stopWithReason(tx, end.userId, end.botReason));
  let sessions = 0;
  if (end.bridge) {
    sessions = await endSessions(tx, { userId: end.userId }, 'revoked', REVOKE_REASON);
    await revokePendingTokensOf(tx, end.userId);
  }
  return { bot_stopped: botStopped, bridge_sessions: sessions };
}

/**
 * After the commit: a runner of this instance stops now (the others hear the user's row change
 * and do the same), and the agent, on whichever instance it is connected, is told `revoked` and
 * closed, as the admin's revoke does.
 */
export async function endAccessNow(runtime: AccessRuntime, end: AccessEnd): Promise<void> {
  await runtime.bots.recheckLeases([end.userId]);
  if (!end.bridge) return;
  runtime.agents.endWhere((h) => h.userId === end.userId, REVOKE_REASON);
  runtime.bus.publish({ type: 'bridge_revoked', user_id: end.userId });
}
