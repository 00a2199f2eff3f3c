import {
  AGENT_PROTOCOL_VERSION,
  bridgeMessages as msg,
  type AgentMessage,
  type Command,
  type ServerMessage,
} from '@vortex/core';
import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import { isDataRejected, isDatabaseUnavailable } from '../../db/db-errors.js';
import { writeAudit } from '../audit/audit.repo.js';
import { accountBlock } from '../auth/account-status.js';
import { findUserById } from '../users/users.repo.js';
import type { EventBus } from '../live/event-bus.js';
import type { AgentHandle, AgentRegistry, CommandReply } from './agent-registry.js';
import { upsertBars } from './bars.repo.js';
import { AccountState } from './account-state.js';
import { setClaimAccount } from './bridge-claims.repo.js';
import {
  markSessionDisconnected,
  sessionEndReason,
  setSessionAccount,
} from './bridge-sessions.repo.js';
import { setTokenAccount } from './bridge-tokens.repo.js';
import { authenticateAgent, BRIDGE_SESSION_TTL_MS, type AgentIdentity } from './agent-auth.js';
import { closeUnlessGreeted } from './agent-auth-timeout.js';
import { parseAgentMessage, type ParsedAgentMessage } from './agent-parse.js';
import type { OutageLog } from './database-outage.js';
import { DealIngest } from './deal-ingest.js';
import { messageText } from './message-text.js';
import { storeHistoryOrders } from './history-orders.js';
import { upsertSymbolDigits } from './history-orders.repo.js';
import { upsertSymbolSpecs } from './symbol-specs.repo.js';
import type { HeartbeatBatch } from './heartbeat-batch.js';
import { databaseComplaint, ingestMessages } from './ingest.messages.js';
import {
  lastDealTicket,
  replaceOpenPositions,
  replacePendingOrders,
  helloAccount,
} from './trading-ingest.repo.js';

/** What we use of a WebSocket; @fastify/websocket hands us a `ws` socket. */
export interface AgentSocket {
  readonly readyState: number;
  readonly OPEN: number;
  send: (data: string) => void;
  close: (code: number, reason: string) => void;
  on: ((event: 'message', listener: (data: Buffer, isBinary: boolean) => void) => unknown) &
    ((event: 'close', listener: () => void) => unknown);
}

export interface AgentDeps {
  pool: pg.Pool;
  log: FastifyBaseLogger;
  bus: EventBus;
  agents: AgentRegistry;
  outage: OutageLog;
  heartbeats: HeartbeatBatch;
}

type StreamMessage = Exclude<AgentMessage, { type: 'deals' }>;

type Handler<T extends StreamMessage['type']> = (
  m: Extract<AgentMessage, { type: T }>,
) => Promise<void>;

/** A message whose handling queried the database: its success ends an outage. */
const touchesDatabase = (p: ParsedAgentMessage) =>
  p.kind === 'deals' ||
  p.kind === 'refused-batch' ||
  (p.kind === 'message' && !['command_result', 'heartbeat', 'account'].includes(p.m.type));

/**
 * One agent connection: authenticate first, then hello, then the stream. Messages are handled
 * one at a time in arrival order, and every deal batch is acknowledged only after its commit.
 * Nothing the agent sends closes an authenticated connection, and neither does the database
 * being away: the writes it misses are skipped (snapshots: the next one replaces them) or left
 * unacknowledged (deals: the agent sends them again).
 */
export function serveAgent(socket: AgentSocket, ip: string, deps: AgentDeps): void {
  let identity: AgentIdentity | undefined;
  let agent: AgentHandle | undefined;
  let unregister: (() => void) | undefined;
  let accountId: number | undefined;
  let deals: DealIngest | undefined;
  const accountState = new AccountState();
  let queue = Promise.resolve();
  const pending = new Map<string, { kind: Command['kind']; resolve: (r: CommandReply) => void }>();
  const send = (m: ServerMessage) => {
    if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(m));
  };
  const refuse = (error: string) => {
    send({ type: 'auth_error', error });
    socket.close(4401, 'unauthorized');
  };
  const publishStatus = (open: boolean) => {
    if (!identity || !agent) return;
    // Every change of account or MT5 state passes here: other instances learn it too.
    deps.agents.changed(agent);
    // Connected as /mt5/status says it: after the hello on this connection, not at auth.
    const connected = open && agent.accountNumber !== undefined;
    deps.bus.publish({
      type: 'bridge_status',
      user_id: identity.userId,
      connected,
      mt5_alive: connected && agent.mt5Alive,
      account_number: agent.accountNumber ?? null,
    });
  };

  function register(id: AgentIdentity): void {
    agent = {
      userId: id.userId,
      sessionId: id.sessionId,
      claimId: id.claimId,
      accountNumber: undefined,
      server: undefined,
      mt5Alive: false,
      connectedAt: Date.now(),
      command: (commandId: string, command: Command, expiresAt: number) =>
        new Promise<CommandReply>((resolve, reject) => {
          if (socket.readyState !== socket.OPEN) {
            reject(new Error('agent gone'));
            return;
          }
          pending.set(commandId, { kind: command.kind, resolve });
          send({ type: 'command', command_id: commandId, expires_at: expiresAt, command });
        }),
      end: (reason: string) => {
        send({ type: 'revoked', reason });
        socket.close(4403, 'revoked');
      },
    };
    unregister = deps.agents.add(agent);
  }

  const greeted = closeUnlessGreeted(socket);
  socket.on('close', () => {
    greeted();
    unregister?.();
    if (identity) {
      const sessionId = identity.sessionId;
      // After the queue: a late heartbeat must not mark the session connected again.
      queue = queue
        .then(() => deps.heartbeats.settle(sessionId, accountId))
        .catch((err: unknown) => {
          deps.heartbeats.forget(sessionId);
          throw err;
        })
        .then(() => markSessionDisconnected(deps.pool, sessionId))
        .catch((err: unknown) => deps.log.warn({ err }, 'could not mark the agent offline'));
    }
    for (const p of pending.values()) p.resolve({ ok: false, message: msg.agentGone });
    pending.clear();
    publishStatus(false);
  });

  const stream: { [T in StreamMessage['type']]?: Handler<T> } = {
    hello: async (m) => {
      if (!identity) return;
      const account = await helloAccount(deps.pool, {
        userId: identity.userId,
        accountNumber: m.account_number,
        server: m.server,
        company: m.company,
        currency: m.currency,
        marginMode: m.margin_mode,
        tradeMode: m.trade_mode,
      });
      accountId = account.id;
      await setSessionAccount(deps.pool, identity.sessionId, {
        accountNumber: m.account_number,
        server: m.server,
        clientVersion: m.client_version,
      });
      const claim = await setClaimAccount(deps.pool, identity.claimId, m.account_number);
      if (claim.mismatch) {
        deps.bus.publish({
          type: 'bridge_claim_mismatch',
          user_id: identity.userId,
          claim_id: identity.claimId,
          account_number: m.account_number,
        });
        send({ type: 'revoked', reason: msg.accountMismatch });
        socket.close(4409, 'account mismatch');
        return;
      }
      if (identity.tokenId) await setTokenAccount(deps.pool, identity.tokenId, m.account_number);
      if (m.symbol_digits) await upsertSymbolDigits(deps.pool, accountId, m.symbol_digits);
      if (m.symbol_specs) await upsertSymbolSpecs(deps.pool, accountId, m.symbol_specs);
      if (agent) {
        agent.accountNumber = m.account_number;
        agent.server = m.server;
        agent.symbols = m.symbols;
      }
      // The agent resumes after the last deal it had acknowledged, not after the highest stored:
      // an import may hold later tickets than the agent sent (an account only imported so far
      // resumes from 0), and what the imports already hold is skipped by ticket. Batches above
      // the highest stored need no conflict check.
      const resumeFrom = account.agentDealTicket;
      const storedUpTo = await lastDealTicket(deps.pool, accountId);
      deals = new DealIngest(
        deps,
        {
          userId: identity.userId,
          sessionId: identity.sessionId,
          accountId,
          accountNumber: m.account_number,
          currency: m.currency,
        },
        send,
        storedUpTo,
      );
      send({ type: 'resume', account_number: m.account_number, last_deal_ticket: resumeFrom });
      // After the resume: the connected event sets off commands (the bot's bar subscription),
      // and the agent hears where to resume before any of them.
      publishStatus(true);
    },
    // Written with every other agent's of the last 50 ms in one statement (heartbeat-batch.ts).
    heartbeat: (m) => {
      if (!identity) return Promise.resolve();
      const { userId, claimId, sessionId } = identity;
      deps.heartbeats.ping({
        sessionId: identity.sessionId,
        claimId,
        mt5Alive: m.mt5_alive,
        expiresAt: new Date(Date.now() + BRIDGE_SESSION_TTL_MS),
        // A revoked or ended session stops the agent at its next heartbeat, told why: an
        // admin's revocation on another instance may reach it this way before its own event.
        onInactive: () => {
          void sessionEndReason(deps.pool, sessionId)
            .catch(() => 'session_ended')
            .then((reason) => {
              send({ type: 'revoked', reason });
              socket.close(4403, 'revoked');
            });
        },
        onActivated: () =>
          deps.bus.publish({
            type: 'bridge_claim_active',
            user_id: userId,
            claim_id: claimId,
            account_number: agent?.accountNumber ?? null,
          }),
      });
      if (agent && agent.mt5Alive !== m.mt5_alive) {
        agent.mt5Alive = m.mt5_alive;
        publishStatus(true);
      }
      return Promise.resolve();
    },
    account: (m) => {
      if (!accountId || !identity || !agent?.accountNumber) return Promise.resolve();
      const { publish, snapshot } = accountState.observe(m.account, Date.now());
      deps.heartbeats.account({ accountId, ts: new Date(m.ts), account: m.account }, snapshot);
      if (publish) {
        deps.bus.publish({
          type: 'account_snapshot',
          user_id: identity.userId,
          account_number: agent.accountNumber,
          account: m.account,
        });
      }
      return Promise.resolve();
    },
    positions: async (m) => {
      if (!accountId || !identity || !agent?.accountNumber) return;
      await replaceOpenPositions(deps.pool, accountId, m.positions);
      deps.bus.publish({
        type: 'positions_snapshot',
        user_id: identity.userId,
        account_number: agent.accountNumber,
        positions: m.positions,
      });
    },
    orders: async (m) => {
      if (accountId) await replacePendingOrders(deps.pool, accountId, m.orders);
    },
    history_orders: async (m) => {
      if (accountId) await storeHistoryOrders(deps.pool, accountId, m, send);
    },
    bars: async (m) => {
      if (!accountId) return;
      await upsertBars(deps.pool, accountId, m.symbol, m.timeframe, m.bars);
      if (identity && agent?.accountNumber) {
        deps.bus.publish({
          type: 'bars_added',
          user_id: identity.userId,
          account_number: agent.accountNumber,
          symbol: m.symbol,
          timeframe: m.timeframe,
          count: m.bars.length,
          last_time: m.bars.at(-1)?.time ?? 0,
        });
      }
    },
    command_result: (m) => {
      const p = pending.get(m.command_id);
      pending.delete(m.command_id);
      // A login or logout that worked changes the terminal now, not at the next heartbeat.
      if (p && m.ok && agent && (p.kind === 'mt5_login' || p.kind === 'mt5_logout')) {
        agent.mt5Alive = p.kind === 'mt5_login';
        publishStatus(true);
      }
      p?.resolve({ ok: m.ok, retcode: m.retcode, message: m.message, data: m.data });
      return Promise.resolve();
    },
  };

  async function authenticate(m: AgentMessage): Promise<void> {
    if (m.type !== 'auth') {
      refuse(msg.authFirst);
      return;
    }
    if (m.protocol !== AGENT_PROTOCOL_VERSION) {
      refuse(msg.protocolUnsupported);
      return;
    }
    const result = await authenticateAgent(deps.pool, m, ip);
    if ('error' in result) {
      refuse(result.error);
      return;
    }
    const user = await findUserById(deps.pool, result.identity.userId);
    if (!user || accountBlock(user, new Date())) {
      refuse(msg.accountBlocked);
      return;
    }
    // Gone while its auth was checked: registering it would leave a ghost that looks connected.
    if (socket.readyState !== socket.OPEN) {
      await markSessionDisconnected(deps.pool, result.identity.sessionId);
      return;
    }
    identity = result.identity;
    register(identity);
    send({
      type: 'auth_ok',
      protocol: AGENT_PROTOCOL_VERSION,
      session_token: result.sessionToken,
      expires_at: result.expiresAt.toISOString(),
      server_time: Date.now(),
    });
    deps.bus.publish({
      type: result.paired ? 'bridge_paired' : 'bridge_refreshed',
      user_id: user.id,
      claim_id: identity.claimId,
      session_id: identity.sessionId,
      expires_at: result.expiresAt.toISOString(),
      account_number: null,
    });
    publishStatus(true);
    if (result.paired) {
      await writeAudit(deps.pool, {
        actorUserId: user.id,
        action: 'bridge_paired',
        targetUserId: user.id,
        ip,
        meta: { claim_id: identity.claimId },
      });
    }
  }

  async function handle(parsed: ParsedAgentMessage): Promise<void> {
    if (parsed.kind === 'invalid') {
      send({ type: 'error', error: parsed.error });
      if (!identity) socket.close(4400, 'invalid');
      return;
    }
    if (!identity) {
      if (parsed.kind === 'message') await authenticate(parsed.m);
      else refuse(msg.authFirst);
      return;
    }
    if (parsed.kind === 'refused-orders') {
      send({ type: 'history_orders_rejected', batch_id: parsed.batchId, reason: parsed.reason });
      return;
    }
    if (parsed.kind !== 'message') {
      if (!deals) send({ type: 'error', error: msg.helloFirst, ref: 'deals' });
      else if (parsed.kind === 'deals') {
        // An ack says all sent before it is stored, the batched heartbeat and account too.
        await deps.heartbeats.settle(identity.sessionId, accountId);
        await deals.store(parsed.batch);
      } else await deals.refuse(parsed.batchId, parsed.reason, parsed.raw);
      return;
    }
    const m = parsed.m;
    if (m.type === 'auth') return;
    if (
      m.type !== 'hello' &&
      m.type !== 'heartbeat' &&
      m.type !== 'command_result' &&
      accountId === undefined
    ) {
      send({ type: 'error', error: msg.helloFirst, ref: m.type });
      return;
    }
    const handler = stream[m.type] as Handler<typeof m.type> | undefined;
    if (!handler) {
      send({
        type: 'error',
        error: `${msg.invalidMessage}: ${m.type} não é aceito agora.`,
        ref: m.type,
      });
      return;
    }
    await handler(m);
  }

  /** What a failed message costs: skipped, refused or, when truly unexpected, the connection. */
  function failed(parsed: ParsedAgentMessage, err: unknown): void {
    if (isDatabaseUnavailable(err)) {
      deps.outage.failed(err);
      // Without a stream set up there is nothing to skip: the agent comes back later (never
      // auth_error, on which it gives up). Within the stream the message is skipped, and a deal
      // batch goes unacknowledged: the agent sends it again after its ack timeout.
      const handshake = !identity || (parsed.kind === 'message' && parsed.m.type === 'hello');
      if (handshake) socket.close(1013, 'try again later');
      return;
    }
    if (identity && parsed.kind !== 'invalid' && isDataRejected(err)) {
      const complaint = databaseComplaint(err);
      if (parsed.kind === 'message') {
        const error = ingestMessages.databaseRefusedMessage(complaint);
        send({ type: 'error', error, ref: parsed.m.type });
      } else {
        const batchId = parsed.kind === 'deals' ? parsed.batch.batchId : parsed.batchId;
        send({
          type: 'deals_rejected',
          batch_id: batchId,
          reason: ingestMessages.databaseRefusedBatch(complaint),
        });
      }
      return;
    }
    deps.log.error({ err }, 'agent message failed');
    socket.close(1011, 'server error');
  }

  socket.on('message', (data: Buffer, isBinary: boolean) => {
    greeted();
    const parsed = parseAgentMessage(isBinary ? '' : messageText(data));
    queue = queue
      .then(() => handle(parsed))
      .then(
        () => {
          if (touchesDatabase(parsed)) deps.outage.succeeded();
        },
        (err: unknown) => failed(parsed, err),
      );
  });
}
