import {
  AtrStream,
  botControlMessages as msg,
  contractHint,
  enabledStrategies,
  mt5Messages,
  nextStop,
  resolveBotSymbol,
  resolveInstrument,
  riskOf,
  TIMEFRAME_SECONDS,
  type Bar,
  type BotConfig,
  type InstrumentResolution,
  type RiskBreach,
  type Signal,
  type StrategyLane,
} from '@vortex/core';
import type pg from 'pg';
import { isDatabaseUnavailable } from '../../db/db-errors.js';
import type { AgentRegistry } from '../bridge/agent-registry.js';
import { recentBars } from '../bridge/bars.repo.js';
import { runCommand } from '../bridge/run-command.js';
import { barsBetween } from '../market/market.repo.js';
import type { PositionsCache } from '../trading/positions-cache.js';
import type { EventBus } from '../live/event-bus.js';
import { todayRange } from '../trading/trading-range.js';
import { RiskWatch } from './bot-risk-watch.js';
import { botMagicsOf } from './bot-today.service.js';
import {
  entriesPausedOf,
  entriesSince,
  openPositionsByMagic,
  recordDecision,
  setBotError,
} from './bot-runs.repo.js';

export interface RunnerDeps {
  pool: pg.Pool;
  agents: AgentRegistry;
  positions: PositionsCache;
  /** Tells the trader's app that /bot/status changed (an error, a refused symbol). */
  bus?: EventBus;
}

interface Lane extends StrategyLane {
  /** An entry was sent and its position may not be reported yet: no second one until then. */
  pendingUntil: number;
}

/** Bars read to warm the indicators up before the bot acts on a new one. */
export const WARM_UP_BARS = 500;
/** How long an entry just sent counts as an open position while the agent reports it. */
const PENDING_MS = 15_000;
const MANAGE_ATR_PERIOD = 14;
/** A subscription that could not be sent because the database was away is tried again this often. */
const SUBSCRIBE_RETRY_MS = 5_000;

/**
 * One trader's bot: feeds each closed bar of the configured symbol and timeframe (streamed by
 * the bridge, stored, announced by `bars_added`) to the enabled strategies, in order and once;
 * sends their entries as market orders with the strategy's magic, within the rules (daily
 * limit, one position per strategy, entries not paused); moves advanced_di's stops; logs
 * every decision; watches the risk limits. Bars before the start only warm the indicators up.
 */
export class BotRunner {
  private lanes: Lane[] = [];
  private lastBarTime = 0;
  private queue: Promise<void> = Promise.resolve();
  private readonly atr = new AtrStream(MANAGE_ATR_PERIOD);
  private readonly risks = new Map<number, number>();
  private stopped = false;
  private resubscribe: NodeJS.Timeout | undefined;
  private entriesSent = { day: '', count: 0 };
  lastError: string | null = null;
  /** The terminal's refusal of the symbol (not offered, an expired series), while it stands. */
  symbolRefused: string | null = null;
  /** The symbol traded: the configuration's, or the current WIN series for 'série vigente'. */
  symbol: string;
  /** The magics of all seven strategies: the positions that are the bot's. */
  readonly magics: Set<number>;
  readonly risk: RiskWatch;
  /** The traded symbol's price step, from its specification (stops land on it). */
  private readonly tick: number;
  /**
   * Why the symbol cannot be traded: no specification from the terminal and not a contract the
   * bot knows (WIN, WDO). Such a runner has no lanes: it never values a point as another's.
   */
  readonly instrumentRefusal: string | null;

  constructor(
    private readonly deps: RunnerDeps,
    readonly userId: number,
    readonly account: { id: number; account_number: number },
    readonly config: BotConfig,
    readonly startedAt: Date,
    onRiskBreach: (breach: RiskBreach) => void = () => undefined,
    /** The symbol's instrument (BotManager reads the stored specification); B3's by default. */
    instrument?: InstrumentResolution,
  ) {
    this.symbol = resolveBotSymbol(
      config.general.symbol,
      Date.now(),
      deps.agents.of(userId)?.symbols,
    );
    const resolved = instrument ?? resolveInstrument(this.symbol);
    this.instrumentRefusal = resolved.ok ? null : resolved.error;
    this.tick = resolved.ok ? resolved.instrument.tick : 0;
    this.lanes = resolved.ok
      ? enabledStrategies(config, resolved.instrument).map((lane) => ({
          ...lane,
          pendingUntil: 0,
        }))
      : [];
    this.magics = botMagicsOf(config);
    this.risk = new RiskWatch(deps, userId, account.id, riskOf(config), this.magics, (b) => {
      if (!this.stopped) onRiskBreach(b);
    });
  }

  get accountId(): number {
    return this.account.id;
  }

  get timeframe() {
    return this.config.general.timeframe;
  }

  /** Whether the bridge and MT5 are there to trade through. */
  get paused(): boolean {
    return !this.deps.agents.of(this.userId)?.mt5Alive;
  }

  /** Why this bot cannot trade while it runs, in pt-BR; null when it can. */
  get blockedReason(): string | null {
    if (this.instrumentRefusal) return this.instrumentRefusal;
    if (this.lanes.length === 0) return msg.noStrategy;
    return this.symbolRefused;
  }

  /**
   * 'Série vigente' rolls by itself: when the current WIN series is another than the one traded,
   * the bot switches to it (and the caller re-subscribes). True when it switched.
   */
  followSeries(now: number): boolean {
    const next = resolveBotSymbol(
      this.config.general.symbol,
      now,
      this.deps.agents.of(this.userId)?.symbols,
    );
    if (next === this.symbol) return false;
    this.symbol = next;
    this.symbolRefused = null;
    return true;
  }

  /**
   * Before the bot counts as started: the refusal, in pt-BR with the current series named, when
   * the terminal said which symbols it offers (hello) and this is not one; the refusal of a
   * symbol with no specification the bot can value; else null. A terminal
   * that does not say is asked for the bars, and its refusal blocks the bot (see blockedReason).
   */
  checkSymbol(): string | null {
    const offered = this.deps.agents.of(this.userId)?.symbols;
    if (offered && !offered.includes(this.symbol)) {
      return this.refusalOf(msg.symbolNotOffered(this.symbol));
    }
    return this.instrumentRefusal;
  }

  private subscription() {
    return { kind: 'subscribe_bars' as const, symbol: this.symbol, timeframe: this.timeframe };
  }

  private refusalOf(message: string): string {
    // An expired WIN contract is the usual reason: the error names the current one.
    const hint = contractHint(this.symbol, Date.now());
    return hint ? `${message} ${hint}` : message;
  }

  /** Warms the strategies up on the stored bars, then asks the agent for the live ones. */
  async start(): Promise<void> {
    const history = await recentBars(
      this.deps.pool,
      this.accountId,
      this.symbol,
      this.timeframe,
      WARM_UP_BARS,
    );
    for (const bar of history) this.step(bar, false);
    await this.risk.load();
    // In the background: the agent answers in its own time, and the start answers now.
    void this.subscribe();
  }

  /** (Re)subscribes to the bars: at start and whenever the bridge comes back. Never rejects. */
  async subscribe(): Promise<void> {
    clearTimeout(this.resubscribe);
    if (this.stopped || !this.deps.agents.of(this.userId)) return;
    try {
      const reply = await runCommand(this.deps, this.userId, this.subscription());
      if (reply.ok) {
        if (this.symbolRefused !== null) this.changed();
        this.symbolRefused = null;
      } else {
        const refusal = this.refusalOf(reply.message);
        if (!reply.offline && reply.message !== mt5Messages.timeout) this.symbolRefused = refusal;
        await this.fail(refusal);
      }
    } catch (err) {
      if (!isDatabaseUnavailable(err)) {
        await this.fail(err instanceof Error ? err.message : String(err));
        return;
      }
      // The command could not be recorded: the bot waits for its bars and asks again.
      this.resubscribe = setTimeout(() => void this.subscribe(), SUBSCRIBE_RETRY_MS);
      this.resubscribe.unref();
    }
  }

  /** New bars are stored: process those after the last one seen, once each, in order. */
  onBars(): Promise<void> {
    this.queue = this.queue
      .then(() => this.processNew())
      .catch(async (err: unknown) => {
        // A database away is no fault of the bot: the next bars read on from the last one seen.
        if (!isDatabaseUnavailable(err))
          await this.fail(err instanceof Error ? err.message : String(err));
      });
    return this.queue;
  }

  stop(): void {
    this.stopped = true;
    clearTimeout(this.resubscribe);
  }

  private async processNew(): Promise<void> {
    if (this.stopped) return;
    const bars = await barsBetween(this.deps.pool, this.accountId, this.symbol, this.timeframe, {
      from: this.lastBarTime + 1,
      to: Number.MAX_SAFE_INTEGER,
      limit: WARM_UP_BARS,
    });
    // A bar that closed after the start is acted on; an older one (history) only warms up.
    const liveFrom = this.startedAt.getTime() / 1000 - TIMEFRAME_SECONDS[this.timeframe];
    for (const bar of bars) {
      const signals = this.step(bar, bar.time >= liveFrom);
      for (const [lane, signal] of signals) await this.enter(lane, signal, bar);
      if (bar.time >= liveFrom) await this.manageStops(bar);
    }
    // Each bar may open a new São Paulo day: today's closed result starts again from zero.
    if (bars.length > 0) await this.risk.refreshClosed();
  }

  /** Feeds one bar to every strategy; the signals to act on when `live`. */
  private step(bar: Bar, live: boolean): [Lane, Signal][] {
    if (bar.time <= this.lastBarTime) return [];
    this.lastBarTime = bar.time;
    this.atr.next(bar.high, bar.low, bar.close);
    const out: [Lane, Signal][] = [];
    for (const lane of this.lanes) {
      const signal = lane.strategy.next(lane.state, bar);
      if (signal && live) out.push([lane, signal]);
    }
    return out;
  }

  private async enter(lane: Lane, signal: Signal, bar: Bar): Promise<void> {
    const { pool } = this.deps;
    const detail = { bar_time: bar.time, ...signal };
    await recordDecision(pool, this.userId, lane.key, 'signal', detail);
    if (this.paused) {
      await recordDecision(pool, this.userId, lane.key, 'skip', { reason: 'paused' });
      return;
    }
    if (await entriesPausedOf(pool, this.userId)) {
      await recordDecision(pool, this.userId, lane.key, 'skip', {
        reason: msg.entriesPausedSkip,
      });
      return;
    }
    const today = todayRange();
    const dayKey = String(today.from);
    if (this.entriesSent.day !== dayKey) this.entriesSent = { day: dayKey, count: 0 };
    const magics = this.lanes.map((l) => l.magic);
    const stored = await entriesSince(pool, this.accountId, magics, today.from);
    const max = this.config.general.max_daily_trades;
    if (Math.max(stored, this.entriesSent.count) >= max) {
      await recordDecision(pool, this.userId, lane.key, 'skip', { reason: msg.dailyLimit(max) });
      return;
    }
    const open = await openPositionsByMagic(pool, this.accountId);
    if (open.some((p) => p.magic === lane.magic) || lane.pendingUntil > Date.now()) {
      await recordDecision(pool, this.userId, lane.key, 'skip', { reason: msg.positionOpen });
      return;
    }
    const reply = await runCommand(this.deps, this.userId, {
      kind: 'place_order',
      symbol: this.symbol,
      side: signal.side === 'BUY' ? 'buy' : 'sell',
      order_type: 'market',
      volume: lane.volume,
      sl: signal.stopLoss,
      tp: signal.takeProfit,
      magic: lane.magic,
      comment: `vortex:${lane.key}`.slice(0, 31),
    });
    await recordDecision(pool, this.userId, lane.key, 'order', { ...reply });
    if (reply.ok) {
      this.entriesSent.count++;
      lane.pendingUntil = Date.now() + PENDING_MS;
    } else await this.fail(msg.orderFailed(reply.message));
  }

  /** advanced_di's breakeven and trailing, on its open positions, at each live close. */
  private async manageStops(bar: Bar): Promise<void> {
    const lane = this.lanes.find((l) => l.key === 'advanced_di');
    const rules = this.config.advanced_di;
    if (!lane || (!rules.enable_breakeven && !rules.enable_trailing) || this.paused) return;
    const atr = this.atr.value;
    for (const p of await openPositionsByMagic(this.deps.pool, this.accountId)) {
      if (p.magic !== lane.magic || !(p.sl > 0)) continue;
      // The first stop seen is the position's 1R.
      const risk = this.risks.get(p.ticket) ?? Math.abs(p.price_open - p.sl);
      this.risks.set(p.ticket, risk);
      const position = {
        side: p.type === 0 ? ('BUY' as const) : ('SELL' as const),
        entry: p.price_open,
        stopLoss: p.sl,
        initialRisk: risk,
      };
      const stop = nextStop(position, bar.close, atr, rules, this.tick);
      if (stop === null) continue;
      const reply = await runCommand(this.deps, this.userId, {
        kind: 'modify_order',
        ticket: p.ticket,
        sl: stop,
      });
      await recordDecision(this.deps.pool, this.userId, lane.key, 'stop_move', {
        ticket: p.ticket,
        from: p.sl,
        to: stop,
        ok: reply.ok,
        message: reply.message,
      });
    }
  }

  /** Never rejects: while the database is away the error is kept here, where status reads it. */
  private async fail(message: string): Promise<void> {
    this.lastError = message;
    await setBotError(this.deps.pool, this.userId, message).catch(() => undefined);
    this.changed();
  }

  private changed(): void {
    this.deps.bus?.publish({ type: 'bot_status', user_id: this.userId, bot_active: !this.stopped });
  }
}
