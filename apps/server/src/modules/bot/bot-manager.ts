import { botControlMessages as msg, type BridgeEvent } from '@vortex/core';
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type pg from 'pg';
import type { AgentRegistry } from '../bridge/agent-registry.js';
import type { EventBus } from '../live/event-bus.js';
import type { PositionsCache } from '../trading/positions-cache.js';
import { currentAccountOf } from '../trading/trading.repo.js';
import { botConfigOf } from './bot-config.service.js';
import { BotRunner } from './bot-runner.js';
import { botTodayOf } from './bot-today.service.js';
import {
  BOT_LEASE_MS,
  claimLapsedBots,
  findBotRun,
  markStarted,
  markStopped,
  releaseLeases,
  renewLeases,
} from './bot-runs.repo.js';

export interface BotManagerDeps {
  pool: pg.Pool;
  agents: AgentRegistry;
  bus: EventBus;
  /** The trading screens' positions, shared: the card's counters read the same copy. */
  positions: PositionsCache;
  log: { warn: (obj: object, msg: string) => void };
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
  }

  async start(userId: number): Promise<string> {
    if (this.runners.has(userId)) return msg.alreadyRunning;
    const agent = this.deps.agents.of(userId);
    if (!agent?.mt5Alive) throw new BotControlError(409, msg.mt5Required);
    const runner = await this.runnerFor(userId, new Date());
    // Already running (started by another request, or held by another instance).
    if (!(await markStarted(this.deps.pool, userId, this.instance))) return msg.alreadyRunning;
    this.runners.set(userId, runner);
    await runner.start();
    return msg.started;
  }

  async stop(userId: number): Promise<string> {
    const runner = this.runners.get(userId);
    runner?.stop();
    this.runners.delete(userId);
    const was = await markStopped(this.deps.pool, userId);
    return was || runner ? msg.stopped : msg.notRunning;
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
      error: run?.last_error ?? runner?.lastError ?? null,
      today: await botTodayOf(this.deps, userId),
    };
  }

  /** At start-up, then every third of a lease: renews ours, takes over the lapsed ones. */
  async resumeAll(): Promise<void> {
    this.listen();
    await this.tend();
    this.timer ??= setInterval(() => {
      this.tend().catch((err: unknown) => this.deps.log.warn({ err }, 'bot leases not tended'));
    }, BOT_LEASE_MS / 3);
    this.timer.unref();
  }

  /** One round of lease keeping (public for tests, which do not wait for the timer). */
  async tend(): Promise<void> {
    const held = await renewLeases(this.deps.pool, this.instance, [...this.runners.keys()]);
    for (const [userId, runner] of this.runners) {
      if (held.has(userId)) continue;
      runner.stop();
      this.runners.delete(userId);
    }
    for (const run of await claimLapsedBots(this.deps.pool, this.instance)) {
      try {
        const runner = await this.runnerFor(run.user_id, run.started_at ?? new Date());
        this.runners.set(run.user_id, runner);
        await runner.start();
      } catch (err) {
        this.deps.log.warn({ err, userId: run.user_id }, 'bot could not resume');
      }
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
    await releaseLeases(this.deps.pool, this.instance);
  }

  private async runnerFor(userId: number, startedAt: Date): Promise<BotRunner> {
    const config = await botConfigOf(this.deps.pool, userId);
    if (!Object.values(config).some((s) => 'enabled' in s && s.enabled)) {
      throw new BotControlError(400, msg.noStrategy);
    }
    const account = await currentAccountOf(this.deps.pool, userId);
    if (!account) throw new BotControlError(409, msg.mt5Required);
    return new BotRunner(this.deps, userId, account.id, config, startedAt);
  }
}
