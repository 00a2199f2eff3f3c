import { BarStreams } from '../agent/bar-streams.js';
import {
  EA_PROTOCOL_VERSION,
  EaErrorSchema,
  EaSyncSchema,
  type EaHello,
  type EaMessage,
} from '../ea/ea-protocol.js';
import { runEaCommand, type EaCommandResult } from './ea-commands.js';
import type { SimMarket } from './sim-market.js';

/** VortexBridge.mq5's DEALS_PER_LINE; the protocol allows up to 1,000. */
export const DEALS_PER_LINE = 200;
/** Stands for the EA's version in hello: this plays protocol 1 of VortexBridge 1.00. */
export const SIM_EA_VERSION = 'sim-1.00';

/** What one line from the agent asks of the connection. */
export type Incoming =
  | { kind: 'reply'; message: EaCommandResult }
  | { kind: 'refused'; error: string }
  | { kind: 'handled' }
  | { kind: 'ignored'; reason: string };

type StateKey = 'account' | 'positions' | 'orders';

export interface EaTerminalOptions {
  /** The EA's InpHeartbeatSec: heartbeat and a full account/positions/orders refresh. */
  beatMs: number;
  now?: () => number;
}

/**
 * VortexBridge.mq5 without the socket: what it says on connecting (hello), how it takes the
 * agent's lines (sync, command, error) and what each timer beat sends (heartbeat, state that
 * changed or all of it on a full beat, the deals above the agent's cursor, closed bars).
 */
export class EaTerminal {
  /** Bar feeds outlive connections, as the EA's do; the agent subscribes again anyway. */
  readonly bars = new BarStreams();
  private synced = false;
  private lastDeal = 0;
  /** The newest done time of the history orders sent, and the tickets sent with exactly it. */
  private ordersSince = 0;
  private sentAtSince = new Set<number>();
  private lastBeat: number | undefined;
  private sent: Record<StateKey, string> = { account: '', positions: '', orders: '' };
  private readonly now: () => number;

  constructor(
    private readonly market: SimMarket,
    private readonly opts: EaTerminalOptions,
  ) {
    this.now = opts.now ?? Date.now;
  }

  /** A new connection: nothing is known about this agent until its sync. */
  connected(): EaHello {
    this.synced = false;
    this.lastBeat = undefined;
    this.sent = { account: '', positions: '', orders: '' };
    return {
      type: 'hello',
      protocol: EA_PROTOCOL_VERSION,
      ea_version: SIM_EA_VERSION,
      ...this.market.source.terminal(),
    };
  }

  async receive(raw: unknown): Promise<Incoming> {
    const type = typeof raw === 'object' && raw !== null && 'type' in raw ? raw.type : undefined;
    switch (type) {
      case 'sync': {
        const sync = EaSyncSchema.safeParse(raw);
        if (!sync.success) return { kind: 'ignored', reason: 'sync sem after_ticket válido' };
        this.lastDeal = sync.data.after_ticket;
        this.ordersSince = sync.data.orders_since_msc ?? 0;
        this.sentAtSince = new Set();
        this.synced = true;
        return { kind: 'handled' };
      }
      case 'command': {
        const message = await runEaCommand(this.market, this.bars, raw);
        return message
          ? { kind: 'reply', message }
          : { kind: 'ignored', reason: 'comando sem command_id' };
      }
      case 'error': {
        const error = EaErrorSchema.safeParse(raw);
        return { kind: 'refused', error: error.success ? error.data.error : '' };
      }
      default:
        return { kind: 'ignored', reason: `tipo desconhecido: ${String(type)}` };
    }
  }

  /** One beat of the EA's OnTimer on a live connection; the market has just been advanced. */
  tick(): EaMessage[] {
    const out: EaMessage[] = [];
    const now = this.now();
    const full = this.lastBeat === undefined || now - this.lastBeat >= this.opts.beatMs;
    const { source } = this.market;
    if (full) {
      this.lastBeat = now;
      out.push({
        type: 'heartbeat',
        terminal_connected: source.alive(),
        trade_allowed: true,
        time: Math.floor(now / 1000),
      });
    }
    if (this.changed('account', source.account(), full)) {
      out.push({ type: 'account', account: source.account() });
    }
    const positions = source.positions().slice(0, 1_000);
    if (this.changed('positions', positions, full)) out.push({ type: 'positions', positions });
    const orders = source.orders().slice(0, 1_000);
    if (this.changed('orders', orders, full)) out.push({ type: 'orders', orders });
    if (this.synced) out.push(...this.dealLines(), ...this.historyOrderLines());
    out.push(...this.bars.collect(source));
    return out;
  }

  // The EA compares each state's JSON text with the one it sent last.
  private changed(key: StateKey, value: unknown, full: boolean): boolean {
    const text = JSON.stringify(value);
    if (!full && text === this.sent[key]) return false;
    this.sent[key] = text;
    return true;
  }

  /** History orders done since the cursor and not sent yet, DEALS_PER_LINE per line. */
  private historyOrderLines(): EaMessage[] {
    const orders = (this.market.source.historyOrders?.(this.ordersSince) ?? []).filter(
      (o) => o.time_done_msc > this.ordersSince || !this.sentAtSince.has(o.ticket),
    );
    const last = orders.at(-1);
    if (!last) return [];
    if (last.time_done_msc > this.ordersSince) this.sentAtSince = new Set();
    this.ordersSince = last.time_done_msc;
    for (const o of orders)
      if (o.time_done_msc === this.ordersSince) this.sentAtSince.add(o.ticket);
    const out: EaMessage[] = [];
    for (let i = 0; i < orders.length; i += DEALS_PER_LINE) {
      out.push({ type: 'history_orders', orders: orders.slice(i, i + DEALS_PER_LINE) });
    }
    return out;
  }

  /** Every deal above the agent's cursor, in ticket order, DEALS_PER_LINE per line. */
  private dealLines(): EaMessage[] {
    const { deals } = this.market;
    let from = deals.length;
    while (from > 0 && (deals[from - 1]?.ticket ?? 0) > this.lastDeal) from--;
    const out: EaMessage[] = [];
    for (let i = from; i < deals.length; i += DEALS_PER_LINE) {
      out.push({ type: 'deals', deals: deals.slice(i, i + DEALS_PER_LINE) });
    }
    if (from < deals.length) this.lastDeal = deals.at(-1)?.ticket ?? this.lastDeal;
    return out;
  }
}
