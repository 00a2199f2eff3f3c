import {
  CURRENT_SERIES_SYMBOL,
  currentWinSymbol,
  defaultBotConfig,
  STRATEGY_KEYS,
} from '@vortex/core';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { AgentRegistry } from '../bridge/agent-registry.js';
import { PositionsCache } from '../trading/positions-cache.js';
import { BotRunner } from './bot-runner.js';

// Never connected: the runner touches the database only once started.
const pool = new pg.Pool({ connectionString: 'postgres://127.0.0.1:1/none' });
afterAll(() => pool.end());

const runner = (symbol: string) => {
  const config = defaultBotConfig();
  config.general.symbol = symbol;
  const deps = { pool, agents: new AgentRegistry(), positions: new PositionsCache(pool) };
  return new BotRunner(deps, 1, { id: 1, account_number: 1 }, config, new Date());
};

describe("a running bot on 'série vigente'", () => {
  it('moves to the next series the day after the expiry, and a fixed symbol never moves', () => {
    const following = runner(CURRENT_SERIES_SYMBOL);
    expect(following.symbol).toBe(currentWinSymbol(Date.now()));
    // WINZ26 expires on Wednesday 2026-12-16 (São Paulo); it is current through that evening.
    const before = following.symbol;
    expect(following.followSeries(Date.parse('2026-12-16T20:00:00-03:00'))).toBe(
      before !== 'WINZ26',
    );
    expect(following.symbol).toBe('WINZ26');
    expect(following.followSeries(Date.parse('2026-12-17T09:00:00-03:00'))).toBe(true);
    expect(following.symbol).toBe('WING27');
    expect(following.followSeries(Date.parse('2026-12-18T09:00:00-03:00'))).toBe(false);

    const fixed = runner('WINZ25');
    expect(fixed.followSeries(Date.parse('2026-12-17T09:00:00-03:00'))).toBe(false);
    expect(fixed.symbol).toBe('WINZ25');
  });

  it("says why it cannot trade with no strategy enabled, so the card never shows 'Bot ativo'", () => {
    const bot = runner(CURRENT_SERIES_SYMBOL);
    expect(bot.blockedReason).toBe(null);
    const config = defaultBotConfig();
    for (const key of STRATEGY_KEYS) config[key].enabled = false;
    const deps = { pool, agents: new AgentRegistry(), positions: new PositionsCache(pool) };
    const idle = new BotRunner(deps, 2, { id: 2, account_number: 2 }, config, new Date());
    expect(idle.blockedReason).toBe(
      'Nenhuma estratégia ativa: ative ao menos uma na Parametrização VórtexBot.',
    );
  });
});
