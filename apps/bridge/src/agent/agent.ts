import { existsSync, readFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import {
  AGENT_PROTOCOL_VERSION,
  bridgeMessages,
  endpoints,
  ServerMessageSchema,
  type ServerMessage,
} from '@vortex/core';
import WebSocket from 'ws';
import { nextDelay } from './backoff.js';
import { BarStreams } from './bar-streams.js';
import { CommandJournal } from './command-journal.js';
import { CommandRunner, type CommandMessage } from './command-runner.js';
import { ConnectionLog } from './connection-log.js';
import { connectionMessages as msg, describeClose, describeError } from './connection-messages.js';
import { DealWindow } from './deal-window.js';
import type { AgentEnd } from './exit-codes.js';
import { HistoryOrderWindow } from './history-orders.js';
import type { Mt5Source } from './mt5-source.js';
import { privateStateDir, replacePrivateFile } from './private-files.js';

export interface AgentOptions {
  serverUrl: string;
  pairingToken?: string | undefined;
  /** The installer's device key (auto-claim): opens a session on the installer's claim. */
  deviceKey?: string | undefined;
  stateDir: string;
  source: Mt5Source;
  clientVersion: string;
  heartbeatMs?: number;
  /** Deals per batch, at most the protocol's limit. */
  batchSize?: number;
  /** A batch not acknowledged in this time is sent again (the ack, or the batch, was lost). */
  ackTimeoutMs?: number;
  /** A connection not ready (auth, hello, resume) in this time is dropped and retried. */
  handshakeTimeoutMs?: number;
  log?: (msg: string) => void;
  /** The local clock, epoch ms; commands expire by the server's clock, corrected from it. */
  now?: () => number;
}

/** How long a stop waits for the server to answer the close before cutting the socket. */
const CLOSE_GRACE_MS = 2_000;
/** How often the agent looks between beats for a change that cannot wait. */
const WATCH_MS = 1_000;

/**
 * The bridge agent: pairs, then keeps one connection to the server alive, streaming the
 * terminal's state and every deal exactly once (the outbox resends until the server acks).
 * It stops only when told to or when the server refuses it for good: never because the
 * server is away, however long.
 */
export class BridgeAgent {
  private ws: WebSocket | undefined;
  private stopped = false;
  private attempt = 0;
  private ready = false;
  /** The server refused the saved session: it is not offered again. */
  private sessionRefused = false;
  /** ...and the next attempt, pairing with the token or the key, follows at once. */
  private repairNow = false;
  /** Garbage from the server is told once per connection, not once per frame. */
  private toldInvalid = false;
  private seq = 0;
  private lastPositions = '';
  private lastOrders = '';
  private timer: NodeJS.Timeout | undefined;
  /** Between beats: what cannot wait for the next one (MT5 up or down, a bar just closed). */
  private watchTimer: NodeJS.Timeout | undefined;
  private lastAlive: boolean | undefined;
  private retryTimer: NodeJS.Timeout | undefined;
  private handshakeTimer: NodeJS.Timeout | undefined;
  /** Beats since the server last answered a ping: a link that died silently answers none. */
  private unansweredPings = 0;
  /** Why this agent itself ended the connection, when it did. */
  private dropCause: string | undefined;
  private readonly deals: DealWindow;
  private readonly historyOrders: HistoryOrderWindow;
  private readonly commands: CommandRunner;
  private readonly streams = new BarStreams();
  private readonly status: ConnectionLog;
  /** Server clock minus local clock, measured at each auth_ok (network delay ignored). */
  private clockOffset = 0;
  private readonly sessionFile: string;
  private readonly log: (msg: string) => void;
  /** Settles when the agent stops for good: stop(), or the server's refusal. */
  readonly done: Promise<AgentEnd>;
  private finish: (end: AgentEnd) => void = () => undefined;

  constructor(private readonly opts: AgentOptions) {
    this.log = opts.log ?? ((m) => process.stdout.write(`${m}\n`));
    this.deals = new DealWindow({
      stateDir: opts.stateDir,
      batchSize: opts.batchSize,
      ackTimeoutMs: opts.ackTimeoutMs,
      send: (m) => this.send(m),
      log: this.log,
    });
    this.historyOrders = new HistoryOrderWindow({
      file: path.join(opts.stateDir, 'history-orders.json'),
      ackTimeoutMs: opts.ackTimeoutMs,
      send: (m) => this.send(m),
      log: this.log,
    });
    this.sessionFile = path.join(opts.stateDir, 'session.json');
    const now = opts.now ?? Date.now;
    const journal = new CommandJournal(path.join(opts.stateDir, 'commands.json'));
    this.commands = new CommandRunner(journal, opts.source, () => now() + this.clockOffset);
    this.status = new ConnectionLog(opts.serverUrl, this.log);
    this.done = new Promise((resolve) => (this.finish = resolve));
  }

  async start(): Promise<void> {
    // 0700 and 0600 whatever the umask; a folder an older version left 0755/0644 is tightened.
    await privateStateDir(this.opts.stateDir);
    this.connect();
  }

  /** Stops for good; `done` settles once the connection is closed cleanly. */
  stop(reason = 'parado'): void {
    void this.end({ kind: 'stopped', reason });
  }

  get pendingDeals(): number {
    return this.deals.pending;
  }

  get pendingHistoryOrders(): number {
    return this.historyOrders.pending;
  }

  private async end(end: AgentEnd, cleanup: Promise<unknown> = Promise.resolve()): Promise<void> {
    if (this.stopped) {
      await this.done;
      return;
    }
    this.stopped = true;
    this.ready = false;
    clearInterval(this.timer);
    clearInterval(this.watchTimer);
    clearTimeout(this.retryTimer);
    clearTimeout(this.handshakeTimer);
    this.deals.reset();
    this.historyOrders.reset();
    await Promise.all([
      closed(this.ws),
      this.deals.flushed(),
      this.historyOrders.flushed(),
      cleanup.catch(() => undefined),
    ]);
    this.finish(end);
  }

  private savedSession(): string | undefined {
    if (this.sessionRefused || !existsSync(this.sessionFile)) return undefined;
    try {
      return (JSON.parse(readFileSync(this.sessionFile, 'utf8')) as { session_token?: string })
        .session_token;
    } catch {
      // A half-written or hand-edited file: pair again rather than fail at every start.
      return undefined;
    }
  }

  private connect(): void {
    if (this.stopped) return;
    this.status.attempting();
    const url = `${this.opts.serverUrl.replace(/^http/, 'ws').replace(/\/$/, '')}${endpoints.bridge.agent.path}`;
    const ws = new WebSocket(url);
    this.ws = ws;
    this.toldInvalid = false;
    this.unansweredPings = 0;
    this.dropCause = undefined;
    let cause: string | undefined;
    this.handshakeTimer = setTimeout(() => {
      if (this.ready) return;
      cause ??= msg.handshakeTimeout;
      ws.terminate();
    }, this.opts.handshakeTimeoutMs ?? 15_000);
    ws.on('open', () => {
      ws.send(
        JSON.stringify({
          type: 'auth',
          protocol: AGENT_PROTOCOL_VERSION,
          client_version: this.opts.clientVersion,
          ...this.credentials(this.savedSession()),
        }),
      );
    });
    ws.on('message', (data: Buffer, isBinary: boolean) => {
      const m = parseServerMessage(data, isBinary);
      if (!m) {
        if (!this.toldInvalid) this.log(msg.invalidServerMessage);
        this.toldInvalid = true;
        return;
      }
      void this.onMessage(m).catch((err: unknown) => this.log(`Erro: ${String(err)}`));
    });
    ws.on('error', (err: Error) => {
      cause ??= describeError(err);
    });
    ws.on('pong', () => {
      this.unansweredPings = 0;
    });
    ws.on('close', (code: number) => {
      const wasReady = this.ready;
      this.ready = false;
      this.deals.reset();
      this.historyOrders.reset();
      clearInterval(this.timer);
      clearInterval(this.watchTimer);
      clearTimeout(this.handshakeTimer);
      if (this.stopped) return;
      // A refused saved session is followed at once by pairing with the token or the key.
      const repairing = this.repairNow;
      this.repairNow = false;
      this.status.closed(cause ?? this.dropCause ?? describeClose(code), wasReady, repairing);
      const delay = repairing ? 0 : nextDelay(this.attempt++);
      // Ref'd on purpose: while the server is away this timer is what keeps the process alive.
      this.retryTimer = setTimeout(() => this.connect(), delay);
    });
  }

  /** A saved session first; otherwise the pairing token, or the installer's device key. */
  private credentials(session: string | undefined): Record<string, string | undefined> {
    if (session) return { session_token: session };
    if (this.opts.pairingToken) return { pairing_token: this.opts.pairingToken };
    return { device_key: this.opts.deviceKey };
  }

  private send(m: object): void {
    if (this.ws?.readyState === WebSocket.OPEN) this.ws.send(JSON.stringify(m));
  }

  private async onMessage(m: ServerMessage): Promise<void> {
    switch (m.type) {
      case 'auth_ok':
        this.clockOffset = m.server_time - (this.opts.now ?? Date.now)();
        await replacePrivateFile(
          this.sessionFile,
          JSON.stringify({ session_token: m.session_token }),
        );
        this.sessionRefused = false;
        this.send({
          type: 'hello',
          ...this.opts.source.terminal(),
          client_version: this.opts.clientVersion,
        });
        return;
      case 'auth_error':
        await this.onAuthError(m.error);
        return;
      case 'resume':
        this.status.connected(m.account_number, m.last_deal_ticket);
        // Only a connection that got this far resets the backoff: a server that fails right
        // after auth (its database away) is not hammered.
        this.attempt = 0;
        this.ready = true;
        clearTimeout(this.handshakeTimer);
        // A new connection gets the whole picture again, not just what changed.
        this.lastPositions = '';
        this.lastOrders = '';
        this.streams.rewind();
        this.deals.start();
        this.historyOrders.start();
        this.tick();
        this.timer = setInterval(() => this.tick(), this.opts.heartbeatMs ?? 10_000);
        this.watchTimer = setInterval(() => this.watch(), WATCH_MS);
        return;
      case 'deals_ack':
        await this.deals.acked(m.batch_id, m.rejected ?? []);
        return;
      case 'deals_rejected':
        await this.deals.rejected(m.batch_id, m.reason);
        return;
      case 'history_orders_ack':
        await this.historyOrders.settled(m.batch_id);
        return;
      case 'history_orders_rejected':
        await this.historyOrders.settled(m.batch_id, m.reason);
        return;
      case 'command':
        await this.runCommand(m);
        return;
      case 'revoked':
        await this.end(
          { kind: 'refused', reason: msg.revoked(m.reason) },
          rm(this.sessionFile, { force: true }),
        );
        return;
      default:
        return;
    }
  }

  /**
   * The server refuses only for good (a passing fault closes the socket instead): a refused
   * saved session falls back to the token or the device key; anything else ends the agent.
   */
  private async onAuthError(error: string): Promise<void> {
    if (error === bridgeMessages.protocolUnsupported) {
      await this.end({ kind: 'protocol', reason: msg.protocol(error, this.opts.clientVersion) });
      return;
    }
    const fallback = this.opts.pairingToken ?? this.opts.deviceKey;
    if (this.savedSession() && fallback) {
      this.sessionRefused = true;
      this.repairNow = true;
      this.log(msg.sessionRefused(this.opts.pairingToken !== undefined));
      await rm(this.sessionFile, { force: true });
      return;
    }
    await this.end({ kind: 'refused', reason: msg.refused(error) });
  }

  /** One beat: bring the terminal up to date, report what changed, send the next deals. */
  private tick(): void {
    if (!this.ready) return;
    // A link cut without a FIN (a sleeping laptop, a NAT that forgot us) would only be noticed
    // when TCP gives up, many minutes later: two beats without a pong end it now.
    if (this.unansweredPings >= 2) {
      this.dropCause = msg.silentServer;
      this.ws?.terminate();
      return;
    }
    this.unansweredPings++;
    this.ws?.ping();
    const src = this.opts.source;
    void this.deals.add(src.poll(this.deals.lastTicket()));
    if (src.historyOrders) void this.historyOrders.add(src.historyOrders(this.historyOrders.since));
    this.heartbeat();
    this.send({ type: 'account', ts: Date.now(), account: src.account() });
    const positions = JSON.stringify(src.positions());
    if (positions !== this.lastPositions) {
      this.lastPositions = positions;
      this.send({ type: 'positions', ts: Date.now(), positions: JSON.parse(positions) as unknown });
    }
    const orders = JSON.stringify(src.orders());
    if (orders !== this.lastOrders) {
      this.lastOrders = orders;
      this.send({ type: 'orders', ts: Date.now(), orders: JSON.parse(orders) as unknown });
    }
    this.sendBars();
    this.deals.pump();
    this.historyOrders.pump();
  }

  private heartbeat(): void {
    this.lastAlive = this.opts.source.alive();
    this.send({ type: 'heartbeat', seq: this.seq++, mt5_alive: this.lastAlive, ts: Date.now() });
  }

  /**
   * Every second between beats: MT5 coming up or going down is told at once (the bot waits on
   * it), and a bar that just closed goes to the bot now rather than up to a beat late.
   */
  private watch(): void {
    if (!this.ready) return;
    if (this.opts.source.alive() !== this.lastAlive) this.heartbeat();
    this.sendBars();
  }

  private async runCommand(m: CommandMessage): Promise<void> {
    const outcome = await this.commands.run(m);
    const c = m.command;
    this.log(`Comando ${c.kind}: ${outcome.message}`);
    this.send({ type: 'command_result', command_id: m.command_id, ...outcome });
    if (c.kind !== 'subscribe_bars' || !outcome.ok) return;
    this.streams.subscribe(c.symbol, c.timeframe);
    this.sendBars();
  }

  private sendBars(): void {
    if (!this.ready || this.streams.size === 0) return;
    for (const message of this.streams.collect(this.opts.source)) this.send(message);
  }
}

/** A frame that is not JSON or not in the protocol is ignored, never thrown. */
function parseServerMessage(data: Buffer, isBinary: boolean): ServerMessage | undefined {
  if (isBinary) return undefined;
  let json: unknown;
  try {
    json = JSON.parse(data.toString('utf8'));
  } catch {
    return undefined;
  }
  const parsed = ServerMessageSchema.safeParse(json);
  return parsed.success ? parsed.data : undefined;
}

/** Closes the socket (1000) and resolves once it is closed, cutting it if the server is silent. */
function closed(ws: WebSocket | undefined): Promise<void> {
  if (!ws || ws.readyState === WebSocket.CLOSED) return Promise.resolve();
  return new Promise((resolve) => {
    const cut = setTimeout(() => ws.terminate(), CLOSE_GRACE_MS);
    ws.once('close', () => {
      clearTimeout(cut);
      resolve();
    });
    ws.close(1000, 'agente encerrado');
  });
}
