import { randomUUID } from 'node:crypto';
import net, { type Socket } from 'node:net';
import type {
  Bar,
  Command,
  Mt5Account,
  Mt5Deal,
  Mt5HistoryOrder,
  Mt5Order,
  Mt5Position,
  SymbolSpec,
} from '@vortex/core';
import { commandMessages } from '../agent/messages.js';
import type { CommandOutcome, Mt5Source, TerminalInfo, Timeframe } from '../agent/mt5-source.js';
import {
  EA_MAX_LINE,
  EA_PROTOCOL_VERSION,
  EaMessageSchema,
  toEaCommand,
  type EaHello,
  type EaMessage,
} from './ea-protocol.js';
import { outcomeOf } from './ea-results.js';
import { EaState } from './ea-state.js';
import { readSymbolSpecs } from './ea-symbol-specs.js';
import { readLines } from './line-reader.js';

export interface EaAdapterOptions {
  /** 0 picks a free port (tests); the EA's default is 5555. */
  port: number;
  host?: string;
  /** A command the EA has not answered in this time is reported as unconfirmed. */
  commandTimeoutMs?: number;
  /** The terminal counts as alive while heartbeats are at most this old. */
  staleAfterMs?: number;
  log?: (msg: string) => void;
  now?: () => number;
}

interface Pending {
  socket: Socket;
  command: Command;
  timer: NodeJS.Timeout;
  resolve: (o: CommandOutcome) => void;
}

/**
 * The `ea` adapter: a TCP server on 127.0.0.1 for the VortexBridge Expert Advisor. The EA pushes
 * the terminal's state, which this keeps and serves as an Mt5Source; commands go to the EA and
 * its answers come back by command_id. One EA at a time: a new connection replaces the old one.
 */
export class EaAdapter implements Mt5Source {
  private conn: Socket | undefined;
  private hello: EaHello | undefined;
  /** The hello's symbol specifications that passed their check; undefined from an older EA. */
  private specs: SymbolSpec[] | undefined;
  private heartbeat: { at: number; terminalConnected: boolean } | undefined;
  private readonly state = new EaState();
  private readonly pending = new Map<string, Pending>();
  /** Bar feeds asked for, sent again to an EA that (re)connects. */
  private readonly subscriptions = new Map<string, Command>();
  /** Ids of those replays, whose answers nobody waits for. */
  private readonly replays = new Set<string>();
  private readonly waiters: ((t: TerminalInfo) => void)[] = [];
  private readonly log: (msg: string) => void;
  private readonly now: () => number;

  private constructor(
    private readonly server: net.Server,
    private readonly opts: EaAdapterOptions,
  ) {
    this.log = opts.log ?? ((m) => process.stdout.write(`${m}\n`));
    this.now = opts.now ?? Date.now;
    server.on('connection', (socket) => this.accept(socket));
  }

  static async listen(opts: EaAdapterOptions): Promise<EaAdapter> {
    const server = net.createServer();
    const adapter = new EaAdapter(server, opts);
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(opts.port, opts.host ?? '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
    return adapter;
  }

  get port(): number {
    const address = this.server.address();
    return typeof address === 'object' && address ? address.port : this.opts.port;
  }

  get eaConnected(): boolean {
    return this.conn !== undefined && this.hello !== undefined;
  }

  /** Resolves with the terminal's identity once an EA has said hello. */
  waitForTerminal(): Promise<TerminalInfo> {
    if (this.hello) return Promise.resolve(this.terminal());
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  async close(): Promise<void> {
    this.conn?.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  // Mt5Source.

  terminal(): TerminalInfo {
    const h = this.hello;
    if (!h) throw new Error('O Expert Advisor ainda não se apresentou.');
    return {
      account_number: h.account_number,
      server: h.server,
      company: h.company,
      currency: h.currency,
      margin_mode: h.margin_mode,
      trade_mode: h.trade_mode,
      ...(h.symbols ? { symbols: h.symbols } : {}),
      ...(h.symbol_digits ? { symbol_digits: h.symbol_digits } : {}),
      ...(this.specs ? { symbol_specs: this.specs } : {}),
    };
  }

  poll(afterTicket: number): Mt5Deal[] {
    return this.state.takeDeals(afterTicket);
  }

  historyOrders(sinceDoneMsc: number): Mt5HistoryOrder[] {
    return this.state.takeHistoryOrders(sinceDoneMsc);
  }

  account(): Mt5Account {
    return this.state.account;
  }

  positions(): Mt5Position[] {
    return this.state.positions;
  }

  orders(): Mt5Order[] {
    return this.state.orders;
  }

  alive(): boolean {
    const beat = this.heartbeat;
    const fresh = beat !== undefined && this.now() - beat.at <= (this.opts.staleAfterMs ?? 20_000);
    return this.conn !== undefined && fresh && beat.terminalConnected;
  }

  bars(symbol: string, timeframe: Timeframe, afterTime: number, limit: number): Bar[] {
    return this.state.barsAfter(symbol, timeframe, afterTime, limit);
  }

  async execute(command: Command, commandId: string): Promise<CommandOutcome> {
    const kind: string = command.kind;
    switch (command.kind) {
      case 'mt5_login':
        return this.checkLogin(command.login);
      case 'subscribe_bars': {
        const outcome = await this.forward(commandId, command);
        if (outcome.ok) this.subscriptions.set(`${command.symbol}|${command.timeframe}`, command);
        return outcome;
      }
      case 'place_order':
      case 'modify_order':
      case 'cancel_order':
      case 'close_position':
        return this.forward(commandId, command);
      default:
        return { ok: false, message: commandMessages.unsupported(kind) };
    }
  }

  // A program cannot switch an MT5 terminal's account: login confirms the one it is on.
  private checkLogin(login: number): CommandOutcome {
    if (!this.hello) return { ok: false, message: commandMessages.eaOffline };
    const { account_number: account, server } = this.hello;
    if (login !== account) {
      return { ok: false, message: commandMessages.loginMismatch(login, account, server) };
    }
    return {
      ok: true,
      message: commandMessages.loginOk(account, server),
      data: { account, server },
    };
  }

  private forward(commandId: string, command: Command): Promise<CommandOutcome> {
    const socket = this.conn;
    if (!socket || !this.hello)
      return Promise.resolve({ ok: false, message: commandMessages.eaOffline });
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.pending.delete(commandId);
        resolve({ ok: false, message: commandMessages.eaTimeout });
      }, this.opts.commandTimeoutMs ?? 15_000);
      this.pending.set(commandId, { socket, command, timer, resolve });
      this.write(socket, toEaCommand(commandId, command));
    });
  }

  private accept(socket: Socket): void {
    if (this.conn) {
      this.log('Nova conexão do Expert Advisor: a anterior foi encerrada.');
      this.conn.destroy();
    }
    this.conn = socket;
    this.heartbeat = undefined;
    socket.setNoDelay(true);
    readLines(
      socket,
      EA_MAX_LINE,
      (line) => this.onLine(socket, line),
      () => {
        this.log('O Expert Advisor enviou uma linha grande demais; conexão encerrada.');
        socket.destroy();
      },
    );
    socket.on('error', () => undefined);
    socket.on('close', () => this.onClose(socket));
  }

  private onClose(socket: Socket): void {
    for (const [id, p] of this.pending) {
      if (p.socket !== socket) continue;
      clearTimeout(p.timer);
      this.pending.delete(id);
      p.resolve({ ok: false, message: commandMessages.eaDropped });
    }
    if (this.conn !== socket) return;
    this.conn = undefined;
    this.heartbeat = undefined;
    this.log('Expert Advisor desconectado; aguardando que ele volte.');
  }

  private onLine(socket: Socket, line: string): void {
    let json: unknown;
    try {
      json = JSON.parse(line);
    } catch {
      this.log(`Linha inválida do Expert Advisor ignorada (não é JSON): ${line.slice(0, 200)}`);
      return;
    }
    const parsed = EaMessageSchema.safeParse(json);
    if (!parsed.success) {
      const issues = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
      this.log(`Mensagem inválida do Expert Advisor ignorada: ${issues.slice(0, 3).join('; ')}`);
      return;
    }
    if (socket === this.conn) this.onMessage(socket, parsed.data);
  }

  private onMessage(socket: Socket, m: EaMessage): void {
    switch (m.type) {
      case 'hello':
        this.onHello(socket, m);
        return;
      case 'heartbeat':
        this.heartbeat = { at: this.now(), terminalConnected: m.terminal_connected };
        return;
      case 'account':
        this.state.account = m.account;
        return;
      case 'positions':
        this.state.positions = m.positions;
        return;
      case 'orders':
        this.state.orders = m.orders;
        return;
      case 'deals':
        for (const reason of this.state.addDeals(m.deals)) {
          this.log(`Deal inválido do Expert Advisor ignorado: ${reason}`);
        }
        return;
      case 'history_orders':
        for (const reason of this.state.addHistoryOrders(m.orders)) {
          this.log(`Ordem do histórico inválida do Expert Advisor ignorada: ${reason}`);
        }
        return;
      case 'bars':
        this.state.addBars(m.symbol, m.timeframe, m.bars);
        return;
      case 'command_result':
        this.onResult(m);
        return;
    }
  }

  private onHello(socket: Socket, m: EaHello): void {
    if (m.protocol !== EA_PROTOCOL_VERSION) {
      this.log(
        `O Expert Advisor fala o protocolo ${m.protocol}, o agente o ${EA_PROTOCOL_VERSION}: atualize o VortexBridge.mq5.`,
      );
      this.write(socket, { type: 'error', error: `protocol ${EA_PROTOCOL_VERSION} expected` });
      socket.end();
      return;
    }
    const before = this.hello;
    if (before && before.account_number !== m.account_number) {
      this.log(
        `O terminal trocou da conta ${before.account_number} para a ${m.account_number}; reinicie o agente para parear a nova conta.`,
      );
    }
    this.hello = m;
    this.specs = undefined;
    if (m.symbol_specs) {
      const { specs, skipped } = readSymbolSpecs(m.symbol_specs);
      this.specs = specs;
      if (skipped.length > 0) {
        this.log(
          `Especificação de ${skipped.length} símbolo(s) ignorada (ainda sem tick no terminal?): ${skipped.slice(0, 5).join(', ')}`,
        );
      }
    }
    this.log(`Expert Advisor ${m.ea_version} conectado: conta ${m.account_number} (${m.server}).`);
    this.write(socket, {
      type: 'sync',
      after_ticket: this.state.dealCursor(),
      orders_since_msc: this.state.ordersCursor(),
    });
    for (const command of this.subscriptions.values()) {
      const id = randomUUID();
      this.replays.add(id);
      this.write(socket, toEaCommand(id, command));
    }
    const info = this.terminal();
    for (const resolve of this.waiters.splice(0)) resolve(info);
  }

  private onResult(m: Extract<EaMessage, { type: 'command_result' }>): void {
    if (this.replays.delete(m.command_id)) return;
    const p = this.pending.get(m.command_id);
    if (!p) {
      this.log(
        `Resposta do Expert Advisor para um comando desconhecido ou expirado: ${m.command_id}`,
      );
      return;
    }
    clearTimeout(p.timer);
    this.pending.delete(m.command_id);
    p.resolve(outcomeOf(m, p.command));
  }

  private write(socket: Socket, message: object): void {
    if (!socket.destroyed) socket.write(`${JSON.stringify(message)}\n`);
  }
}
