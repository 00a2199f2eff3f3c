import {
  botControlMessages as msg,
  resolveBotSymbol,
  resolveInstrument,
  riskBreachMessage,
  type BridgeEvent,
  type RiskBreach,
} from '@vortex/core';
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type pg from 'pg';
import { OutageLog, type OutageLogger } from '../../lib/outage-log.js';
import type { AuthChange } from '../auth/auth-invalidation.js';
import type { AgentRegistry } from '../bridge/agent-registry.js';
import { findSymbolSpec } from '../bridge/symbol-specs.repo.js';
import type { EventBus } from '../live/event-bus.js';
import type { PositionsCache } from '../trading/positions-cache.js';
import { liveAccountOf } from '../trading/trading.repo.js';
import { botConfigOf } from './bot-config.service.js';
import { BotRunner } from './bot-runner.js';
import { botTodayOf } from './bot-today.service.js';
import {
  BOT_LEASE_MS,
  claimLapsedBots,
  findBotRun,
  markStarted,
  markStopped,
  openPositionsByMagic,
  recordDecision,
  releaseLeases,
  releaseLeasesOfProcess,
  renewLeases,
  setBotError,
  setEntriesPaused,
} from './bot-runs.repo.js';
import { closePositions } from './close-positions.js';

export interface BotManagerDeps {
  pool: pg.Pool;
  agents: AgentRegistry;
  bus: EventBus;
  /** The trading screens' positions, shared: the card's counters read the same copy. */
  positions: PositionsCache;
  log: OutageLogger;
  /** A server process on this machine known dead (the instance lock took over from it). */
  deadProcess?: number | undefined;
}

/** A refusal of start/stop, with its pt-BR reason and status. */
export class BotControlError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
  }
}

/**
 * The bots this instance runs, one per trader who started theirs. Runners follow the event
 * bus: stored bars drive them, the bridge coming back re-subscribes them. A started bot is a
 * row of bot_runs leased to exactly one instance: the holder renews the lease every 10 s and
 * drops a runner whose row it no longer holds (stopped, or taken over); every instance takes
 * over the active bots whose lease lapsed, so a restart or a dead instance resumes them.
 */
export class BotManager {
  private readonly runners = new Map<number, BotRunner>();
  private unsubscribe: (() => void) | undefined;
  private timer: NodeJS.Timeout | undefined;
  /** host:pid and a random tag: two managers in one process never share a lease. */
  readonly instance = `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;

  constructor(private readonly deps: BotManagerDeps) {}

  /** Whether this instance runs the user's bot now. */
  isRunning(userId: number): boolean {
    return this.runners.has(userId);
  }

  listen(): void {
    this.unsubscribe ??= this.deps.bus.subscribe((event) => this.onEvent(event));
  }

  private onEvent(event: BridgeEvent): void {
    const runner = this.runners.get(event.user_id);
    if (!runner) return;
    if (
      event.type === 'bars_added' &&
      event.symbol === runner.symbol &&
      event.timeframe === runner.timeframe
    ) {
      void runner.onBars();
    }
    if (event.type === 'bridge_status' && event.connected) {
      void runner.subscribe();
    }
    if (!('account_number' in event) || event.account_number !== runner.account.account_number) {
      return;
    }
    if (event.type === 'account_snapshot') runner.risk.onEquity(event.account.equity);
    else if (event.type === 'positions_snapshot') runner.risk.onPositions(event.positions);
    else if (event.type === 'deals_added') {
      runner.risk.refreshClosed().catch((err: unknown) => {
        this.deps.log.warn({ err, userId: event.user_id }, 'bot risk not refreshed');
      });
    }
  }

  /**
   * A risk limit was reached: the bot stops at once (status and error say why), closes the
   * positions it opened, logs the decision and tells the trader's app.
   */
  private async riskStop(userId: number, runner: BotRunner, breach: RiskBreach): Promise<void> {
    if (this.runners.get(userId) !== runner) return;
    runner.stop();
    this.runners.delete(userId);
    const { pool } = this.deps;
    const message = riskBreachMessage(breach);
    await markStopped(pool, userId);
    await setBotError(pool, userId, message);
    const open = await openPositionsByMagic(pool, runner.accountId);
    const tickets = open.filter((p) => runner.magics.has(p.magic)).map((p) => p.ticket);
    const result = await closePositions(this.deps, userId, tickets);
    await recordDecision(pool, userId, 'risk', 'risk_stop', { ...breach, ...result });
    this.deps.bus.publish({
      type: 'bot_risk_stop',
      user_id: userId,
      reason: breach.kind,
      message,
      closed: result.closed,
    });
  }

  /** 'Pause entries' and back: the running bot keeps managing what it holds. */
  async setEntriesPaused(userId: number, paused: boolean): Promise<string> {
    if (!(await setEntriesPaused(this.deps.pool, userId, paused))) {
      throw new BotControlError(409, msg.entriesNotRunning);
    }
    this.changed(userId, true);
    return paused ? msg.entriesPaused : msg.entriesResumed;
  }

  /** Closes every open position of the trader's current account, the bot's and their own. */
  async closeAll(userId: number): Promise<string> {
    if (!this.deps.agents.of(userId)?.mt5Alive) throw new BotControlError(409, msg.mt5Required);
    const account = await liveAccountOf(this.deps.pool, userId);
    if (!account) throw new BotControlError(409, msg.mt5Required);
    const open = await openPositionsByMagic(this.deps.pool, account.id);
    if (open.length === 0) return msg.noOpenPositions;
    const result = await closePositions(
      this.deps,
      userId,
      open.map((p) => p.ticket),
    );
    await recordDecision(this.deps.pool, userId, 'manual', 'close_all', result);
    return msg.closeAllSent(result.closed, result.refused);
  }

  async start(userId: number): Promise<string> {
    if (this.runners.has(userId)) return msg.alreadyRunning;
    const agent = this.deps.agents.of(userId);
    if (!agent?.mt5Alive) throw new BotControlError(409, msg.mt5Required);
    const runner = await this.runnerFor(userId, new Date());
    // A symbol the terminal does not offer is refused before the bot counts as started.
    const refusal = runner.checkSymbol();
    if (refusal) throw new BotControlError(409, refusal);
    // Already running (started by another request, or held by another instance).
    if (!(await markStarted(this.deps.pool, userId, this.instance))) return msg.alreadyRunning;
    this.runners.set(userId, runner);
    await runner.start();
    this.changed(userId, true);
    // A limit already reached today (a day lost before the start) stops it at once.
    if (runner.risk.breach) throw new BotControlError(409, riskBreachMessage(runner.risk.breach));
    return msg.started;
  }

  async stop(userId: number): Promise<string> {
    const runner = this.runners.get(userId);
    runner?.stop();
    this.runners.delete(userId);
    const was = await markStopped(this.deps.pool, userId);
    if (!was && !runner) return msg.notRunning;
    this.changed(userId, false);
    return msg.stopped;
  }

  async status(userId: number) {
    const run = await findBotRun(this.deps.pool, userId);
    const runner = this.runners.get(userId);
    const active = Boolean(run?.active);
    return {
      bot_active: active,
      process_id: active ? (run?.instance ?? null) : null,
      start_time: active ? (run?.started_at?.toISOString() ?? null) : null,
      paused: active && (runner ? runner.paused : true),
      entries_paused: active && Boolean(run?.entries_paused),
      error: run?.last_error ?? runner?.lastError ?? null,
      // Active but unable to trade: the card shows this instead of 'Bot ativo'.
      blocked: active ? (runner?.blockedReason ?? null) : null,
      today: await botTodayOf(this.deps, userId),
    };
  }

  /** At start-up, then every third of a lease: renews ours, takes over the lapsed ones. */
  async resumeAll(): Promise<void> {
    this.listen();
    if (this.deps.deadProcess !== undefined) {
      const freed = await releaseLeasesOfProcess(this.deps.pool, hostname(), this.deps.deadProcess);
      if (freed) this.deps.log.info({ freed }, 'bots of the previous server process resumed');
    }
    await this.tend();
    // The runners keep running through an outage; their leases are renewed once it ends.
    const outage = new OutageLog(this.deps.log, 'bot leases not tended');
    this.timer ??= setInterval(() => {
      this.tend().then(
        () => outage.succeeded(),
        (err: unknown) => outage.failed(err),
      );
    }, BOT_LEASE_MS / 3);
    this.timer.unref();
  }

  /** One round of lease keeping (public for tests, which do not wait for the timer). */
  async tend(): Promise<void> {
    await this.recheckLeases([...this.runners.keys()]);
    // 'Série vigente' rolls on the day after the expiry: the bot moves to the new series' bars.
    const now = Date.now();
    for (const runner of this.runners.values())
      if (runner.followSeries(now)) void runner.subscribe();
    for (const run of await claimLapsedBots(this.deps.pool, this.instance)) {
      try {
        const runner = await this.runnerFor(run.user_id, run.started_at ?? new Date());
        this.runners.set(run.user_id, runner);
        await runner.start();
        this.changed(run.user_id, true);
      } catch (err) {
        this.deps.log.warn({ err, userId: run.user_id }, 'bot could not resume');
      }
    }
  }

  /**
   * A user's row changed (the auth notifications reach every instance): a bot of theirs that
   * runs here and was stopped meanwhile (the account suspended, deleted or demoted) stops now,
   * not at the next lease renewal. 'all': whatever was missed, every runner is checked.
   */
  followAuth(change: AuthChange): void {
    const ids =
      change.kind === 'all'
        ? [...this.runners.keys()]
        : change.kind === 'user' && this.runners.has(change.id)
          ? [change.id]
          : [];
    this.recheckLeases(ids).catch((err: unknown) =>
      this.deps.log.warn({ err, ids }, 'bot leases not rechecked'),
    );
  }

  /** Renews the leases of these users' runners and stops each runner whose lease is gone. */
  async recheckLeases(userIds: number[]): Promise<void> {
    if (userIds.length === 0) return;
    const asked = new Map(userIds.map((id) => [id, this.runners.get(id)]));
    const held = await renewLeases(this.deps.pool, this.instance, userIds);
    for (const [userId, runner] of asked) {
      // A runner started while the leases were read is not the one they speak of.
      if (!runner || held.has(userId) || this.runners.get(userId) !== runner) continue;
      runner.stop();
      this.runners.delete(userId);
      this.changed(userId, false);
    }
  }

  /**
   * Stops running here without marking the bots stopped, and lets go of their leases: the next
   * instance to tend its leases resumes them.
   */
  async close(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    this.unsubscribe?.();
    this.unsubscribe = undefined;
    for (const runner of this.runners.values()) runner.stop();
    this.runners.clear();
    // With the database away the leases lapse on their own, a lease period later.
    await releaseLeases(this.deps.pool, this.instance).catch((err: unknown) =>
      this.deps.log.warn({ err }, 'bot leases not released'),
    );
  }

  /** The trader's open screens re-read /bot/status instead of polling it. */
  private changed(userId: number, active: boolean): void {
    this.deps.bus.publish({ type: 'bot_status', user_id: userId, bot_active: active });
  }

  private async runnerFor(userId: number, startedAt: Date): Promise<BotRunner> {
    const config = await botConfigOf(this.deps.pool, userId);
    if (!Object.values(config).some((s) => 'enabled' in s && s.enabled)) {
      throw new BotControlError(400, msg.noStrategy);
    }
    const account = await liveAccountOf(this.deps.pool, userId);
    if (!account) throw new BotControlError(409, msg.mt5Required);
    // Stops and targets land on the tick the account's terminal states for the symbol.
    const symbol = resolveBotSymbol(
      config.general.symbol,
      Date.now(),
      this.deps.agents.of(userId)?.symbols,
    );
    const spec = await findSymbolSpec(this.deps.pool, account.id, symbol);
    const runner: BotRunner = new BotRunner(
      this.deps,
      userId,
      account,
      config,
      startedAt,
      (b) => {
        this.riskStop(userId, runner, b).catch((err: unknown) => {
          this.deps.log.warn({ err, userId }, 'bot risk stop failed');
        });
      },
      resolveInstrument(symbol, spec),
    );
    return runner;
  }
}
