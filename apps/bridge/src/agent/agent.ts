import { existsSync, readFileSync } from 'node:fs';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  AGENT_PROTOCOL_VERSION,
  MAX_DEALS_PER_BATCH,
  ServerMessageSchema,
  type ServerMessage,
} from '@vortex/core';
import WebSocket from 'ws';
import { nextDelay } from './backoff.js';
import { BarStreams } from './bar-streams.js';
import { CommandJournal } from './command-journal.js';
import { CommandRunner, type CommandMessage } from './command-runner.js';
import type { Mt5Source } from './mt5-source.js';
import { DealOutbox } from './outbox.js';

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

/**
 * The bridge agent: pairs, then keeps one connection to the server alive, streaming the
 * terminal's state and every deal exactly once (the outbox resends until the server acks).
 */
/** Two batches in flight: the server parses one while it stores the other. */
const BATCHES_IN_FLIGHT = 2;

export class BridgeAgent {
  private ws: WebSocket | undefined;
  private stopped = false;
  private attempt = 0;
  private ready = false;
  /** Batches sent and not yet acknowledged, oldest first (at most WINDOW). */
  private inFlight: { id: string; last: number; acked: boolean }[] = [];
  private seq = 0;
  private batches = 0;
  private lastPositions = '';
  private lastOrders = '';
  private timer: NodeJS.Timeout | undefined;
  private ackTimer: NodeJS.Timeout | undefined;
  private handshakeTimer: NodeJS.Timeout | undefined;
  private readonly outbox: DealOutbox;
  private readonly commands: CommandRunner;
  private readonly streams = new BarStreams();
  /** Server clock minus local clock, measured at each auth_ok (network delay ignored). */
  private clockOffset = 0;
  private readonly sessionFile: string;
  private readonly log: (msg: string) => void;
  /** Settles when the agent stops for good (stop(), or a refusal that needs a new token). */
  readonly done: Promise<string>;
  private finish: (reason: string) => void = () => undefined;

  constructor(private readonly opts: AgentOptions) {
    this.outbox = new DealOutbox(path.join(opts.stateDir, 'outbox.json'));
    this.sessionFile = path.join(opts.stateDir, 'session.json');
    const now = opts.now ?? Date.now;
    const journal = new CommandJournal(path.join(opts.stateDir, 'commands.json'));
    this.commands = new CommandRunner(journal, opts.source, () => now() + this.clockOffset);
    this.log = opts.log ?? ((m) => process.stdout.write(`${m}\n`));
    this.done = new Promise((resolve) => (this.finish = resolve));
  }

  async start(): Promise<void> {
    await mkdir(this.opts.stateDir, { recursive: true });
    this.connect();
  }

  stop(reason = 'parado'): void {
    this.stopped = true;
    clearInterval(this.timer);
    clearTimeout(this.ackTimer);
    clearTimeout(this.handshakeTimer);
    this.ws?.close();
    this.finish(reason);
  }

  get pendingDeals(): number {
    return this.outbox.size;
  }

  private savedSession(): string | undefined {
    if (!existsSync(this.sessionFile)) return undefined;
    return (JSON.parse(readFileSync(this.sessionFile, 'utf8')) as { session_token?: string })
      .session_token;
  }

  private connect(): void {
    if (this.stopped) return;
    const url = `${this.opts.serverUrl.replace(/^http/, 'ws').replace(/\/$/, '')}/bridge/agent`;
    const ws = new WebSocket(url);
    this.ws = ws;
    this.handshakeTimer = setTimeout(() => {
      if (!this.ready) ws.terminate();
    }, this.opts.handshakeTimeoutMs ?? 15_000);
    ws.on('open', () => {
      const session = this.savedSession();
      ws.send(
        JSON.stringify({
          type: 'auth',
          protocol: AGENT_PROTOCOL_VERSION,
          client_version: this.opts.clientVersion,
          ...this.credentials(session),
        }),
      );
    });
    ws.on('message', (data: Buffer) => {
      const parsed = ServerMessageSchema.safeParse(JSON.parse(data.toString()));
      if (parsed.success)
        void this.onMessage(parsed.data).catch((err: unknown) => this.log(`Erro: ${String(err)}`));
    });
    ws.on('error', () => undefined);
    ws.on('close', () => {
      this.ready = false;
      this.inFlight = [];
      clearInterval(this.timer);
      clearTimeout(this.ackTimer);
      clearTimeout(this.handshakeTimer);
      if (this.stopped) return;
      const delay = nextDelay(this.attempt++);
      setTimeout(() => this.connect(), delay).unref();
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
        this.attempt = 0;
        this.clockOffset = m.server_time - (this.opts.now ?? Date.now)();
        await writeFile(this.sessionFile, JSON.stringify({ session_token: m.session_token }), {
          mode: 0o600,
        });
        this.send({
          type: 'hello',
          ...this.opts.source.terminal(),
          client_version: this.opts.clientVersion,
        });
        return;
      case 'auth_error':
        if (this.savedSession() && (this.opts.pairingToken ?? this.opts.deviceKey)) {
          // The saved session is gone (expired or revoked): pair again with the token or key.
          await rm(this.sessionFile, { force: true });
          return;
        }
        this.log(`Pareamento recusado: ${m.error}`);
        this.stop(m.error);
        return;
      case 'resume':
        this.log(
          `Conectado: conta ${m.account_number}; o servidor tem até o deal ${m.last_deal_ticket}.`,
        );
        this.ready = true;
        clearTimeout(this.handshakeTimer);
        // A new connection gets the whole picture again, not just what changed.
        this.lastPositions = '';
        this.lastOrders = '';
        this.streams.rewind();
        this.tick();
        this.timer = setInterval(() => this.tick(), this.opts.heartbeatMs ?? 10_000);
        return;
      case 'deals_ack':
        await this.onAck(m.batch_id);
        return;
      case 'command':
        await this.runCommand(m);
        return;
      case 'revoked':
        this.log('Sessão revogada no servidor. Gere um novo token de pareamento.');
        await rm(this.sessionFile, { force: true });
        this.stop('revogada');
        return;
      default:
        return;
    }
  }

  /** One beat: bring the terminal up to date, report what changed, send the next deals. */
  private tick(): void {
    if (!this.ready) return;
    const src = this.opts.source;
    void this.outbox.add(src.poll(this.outbox.lastTicket()));
    this.send({ type: 'heartbeat', seq: this.seq++, mt5_alive: src.alive(), ts: Date.now() });
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
    this.pump();
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

  /**
   * The server acks a batch only after its commit, but with two batches in flight an earlier one
   * may have been lost on the way: the outbox may forget deals only up to the end of the oldest
   * run of acknowledged batches. A lost batch is sent again when its ack does not come.
   */
  private async onAck(batchId: string): Promise<void> {
    const batch = this.inFlight.find((b) => b.id === batchId);
    if (!batch) return;
    batch.acked = true;
    let upTo = 0;
    while (this.inFlight[0]?.acked) upTo = this.inFlight.shift()?.last ?? upTo;
    if (upTo === 0) return;
    clearTimeout(this.ackTimer);
    this.armAckTimer();
    await this.outbox.ack(upTo);
    this.pump();
  }

  private armAckTimer(): void {
    const oldest = this.inFlight[0];
    if (!oldest) return;
    this.ackTimer = setTimeout(() => {
      if (this.inFlight[0] !== oldest) return;
      // Unanswered: resend everything not acknowledged, from the outbox's start.
      this.inFlight = [];
      this.pump();
    }, this.opts.ackTimeoutMs ?? 15_000);
  }

  private pump(): void {
    const size = Math.min(this.opts.batchSize ?? MAX_DEALS_PER_BATCH, MAX_DEALS_PER_BATCH);
    while (this.ready && this.inFlight.length < BATCHES_IN_FLIGHT) {
      const after = this.inFlight.at(-1)?.last ?? 0;
      const batch = after === 0 ? this.outbox.next(size) : this.outbox.nextAfter(after, size);
      const last = batch.at(-1)?.ticket;
      if (last === undefined) return;
      const id = `b${Date.now().toString(36)}-${this.batches++}`;
      this.inFlight.push({ id, last, acked: false });
      this.send({ type: 'deals', batch_id: id, deals: batch });
      if (this.inFlight.length === 1) this.armAckTimer();
    }
  }
}
