import { magicOf, netProfitOf, STRATEGY_KEYS, type BotToday } from '@vortex/core';
import { positionsOfUser, type TradingReadDeps } from '../trading/statistics.service.js';
import { todayRange } from '../trading/trading-range.js';
import { botConfigOf } from './bot-config.service.js';
import { canceledOrdersSince } from './bot-runs.repo.js';

const mean = (values: number[]) =>
  values.length === 0 ? 0 : values.reduce((a, b) => a + b, 0) / values.length;

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
  // Independent reads, polled every 5 s by the card: side by side, not one after the other.
  const [config, { positions }, canceled] = await Promise.all([
    botConfigOf(deps.pool, userId),
    positionsOfUser(deps, userId, range),
    canceledOrdersSince(deps.pool, userId, new Date(range.from)),
  ]);
  const magics = new Set(STRATEGY_KEYS.map((key) => magicOf(key, config)));
  const nets = positions.filter((p) => magics.has(p.magic)).map(netProfitOf);
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
