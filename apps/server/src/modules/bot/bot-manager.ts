import { botControlMessages as msg, type BridgeEvent } from '@vortex/core';
import { hostname } from 'node:os';
import type pg from 'pg';
import type { AgentRegistry } from '../bridge/agent-registry.js';
import type { EventBus } from '../live/event-bus.js';
import type { PositionsCache } from '../trading/positions-cache.js';
import { currentAccountOf } from '../trading/trading.repo.js';
import { botConfigOf } from './bot-config.service.js';
import { BotRunner } from './bot-runner.js';
import { botTodayOf } from './bot-today.service.js';
import { activeBotUsers, findBotRun, markStarted, markStopped } from './bot-runs.repo.js';

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
 * bus: stored bars drive them, the bridge coming back re-subscribes them. Started bots are
 * rows of bot_runs, so a restart resumes them (resumeAll).
 */
export class BotManager {
  private readonly runners = new Map<number, BotRunner>();
  private unsubscribe: (() => void) | undefined;
  readonly instance = `${hostname()}:${process.pid}`;

  constructor(private readonly deps: BotManagerDeps) {}

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
    if (!(await markStarted(this.deps.pool, userId, this.instance))) {
      // Already marked active (another request or instance won): run it here too only if it
      // is ours to run, which a single instance always is.
      const run = await findBotRun(this.deps.pool, userId);
      if (run?.instance !== this.instance) return msg.alreadyRunning;
    }
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

  /** At start-up: every bot left running resumes here (it waits for its bridge if need be). */
  async resumeAll(): Promise<void> {
    this.listen();
    for (const userId of await activeBotUsers(this.deps.pool)) {
      try {
        const run = await findBotRun(this.deps.pool, userId);
        const runner = await this.runnerFor(userId, run?.started_at ?? new Date());
        this.runners.set(userId, runner);
        await this.deps.pool.query('UPDATE bot_runs SET instance = $2 WHERE user_id = $1', [
          userId,
          this.instance,
        ]);
        await runner.start();
      } catch (err) {
        this.deps.log.warn({ err, userId }, 'bot could not resume');
      }
    }
  }

  /** Stops running here without marking the bots stopped: the next start-up resumes them. */
  close(): void {
    this.unsubscribe?.();
    this.unsubscribe = undefined;
    for (const runner of this.runners.values()) runner.stop();
    this.runners.clear();
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
