import {
  magicOf,
  netProfitOf,
  STRATEGY_KEYS,
  type BotConfig,
  type BotToday,
  type ClosedPosition,
} from '@vortex/core';
import { positionsOfUser, type TradingReadDeps } from '../trading/statistics.service.js';
import { todayRange } from '../trading/trading-range.js';
import { botConfigOf } from './bot-config.service.js';
import { canceledOrdersSince } from './bot-runs.repo.js';

const mean = (values: number[]) =>
  values.length === 0 ? 0 : values.reduce((a, b) => a + b, 0) / values.length;

/** The magics of all seven strategies: the bot's positions, enabled now or not. */
export const botMagicsOf = (config: BotConfig): Set<number> =>
  new Set(STRATEGY_KEYS.map((key) => magicOf(key, config)));

/** Today's (São Paulo day) closed positions carrying one of `magics`. */
export async function botPositionsToday(
  deps: TradingReadDeps,
  userId: number,
  magics: Set<number>,
  now = Date.now(),
): Promise<ClosedPosition[]> {
  const { positions } = await positionsOfUser(deps, userId, todayRange(now));
  return positions.filter((p) => magics.has(p.magic));
}

/**
 * The bot card's counters: today's closed positions of the current account carrying one of
 * the bot's magics (whether or not the bot runs now), and today's orders the terminal refused.
 */
export async function botTodayOf(
  deps: TradingReadDeps,
  userId: number,
  now = Date.now(),
): Promise<BotToday> {
  const range = todayRange(now);
  const config = await botConfigOf(deps.pool, userId);
  // Independent reads, polled every 5 s by the card: side by side, not one after the other.
  const [positions, canceled] = await Promise.all([
    botPositionsToday(deps, userId, botMagicsOf(config), now),
    canceledOrdersSince(deps.pool, userId, new Date(range.from)),
  ]);
  const nets = positions.map(netProfitOf);
  const wins = nets.filter((n) => n > 0);
  const losses = nets.filter((n) => n < 0);
  return {
    trades: nets.length,
    winners: wins.length,
    average_win: mean(wins),
    losers: losses.length,
    average_loss: mean(losses),
    canceled,
  };
}
