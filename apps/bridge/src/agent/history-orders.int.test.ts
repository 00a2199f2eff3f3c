import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { vi } from 'vitest';
import { z } from 'zod';
import { describe, expect, it } from '../../../server/test/fixture.js';
import { rowsOf } from '../../../server/src/db/rows.js';
import { BridgeAgent } from './agent.js';
import { createSimSource } from './sim-source.js';

describe('the agent reports what the statement needs from the simulated terminal', () => {
  it('streams every history order once, with its levels, and the symbol digits and contract on hello', async ({
    base,
    db,
    api,
    newUser,
  }) => {
    const trader = await newUser({ role: 'trader' });
    const token = (await api.as(trader).post('/bridge/token/create')).json<{ token: string }>()
      .token;
    const fixedNow = Date.parse('2025-11-19T17:00:00Z');
    const source = () =>
      createSimSource({ seed: 'orders-test', historyDays: 5, speed: 1, now: () => fixedNow });
    const expected = source().historyOrders?.(0) ?? [];
    expect(expected.length).toBeGreaterThan(10);
    const agent = new BridgeAgent({
      serverUrl: base,
      pairingToken: token,
      stateDir: await mkdtemp(path.join(os.tmpdir(), 'vortex-orders-')),
      source: source(),
      clientVersion: '0.2.0',
      heartbeatMs: 200,
      log: () => undefined,
    });
    await agent.start();
    const stored = async () =>
      rowsOf(
        db.pool,
        z.object({ ticket: z.number(), sl: z.number(), tp: z.number(), time_done_msc: z.number() }),
        `SELECT o.ticket, o.sl, o.tp, o.time_done_msc FROM mt5_history_orders o
         JOIN mt5_accounts a ON a.id = o.account_id WHERE a.user_id = $1 ORDER BY o.ticket`,
        [trader.id],
      );
    await vi.waitFor(
      async () => {
        expect((await stored()).length).toBe(expected.length);
        expect(agent.pendingHistoryOrders).toBe(0);
      },
      { timeout: 20_000, interval: 100 },
    );
    const byTicket = [...expected].sort((a, b) => a.ticket - b.ticket);
    expect(await stored()).toEqual(
      byTicket.map((o) => ({
        ticket: o.ticket,
        sl: o.sl,
        tp: o.tp,
        time_done_msc: o.time_done_msc,
      })),
    );
    // The reference trader sets its stops: the orders carry them.
    expect(byTicket.some((o) => o.sl > 0 && o.tp > 0)).toBe(true);
    const digits = await rowsOf(
      db.pool,
      z.object({ symbol: z.string(), digits: z.number() }),
      `SELECT d.symbol, d.digits FROM mt5_symbol_digits d JOIN mt5_accounts a ON a.id = d.account_id
       WHERE a.user_id = $1`,
      [trader.id],
    );
    expect(digits).toEqual([{ symbol: expected[0]?.symbol, digits: 0 }]);
    // And its contract, as the simulator's instrument states it: WIN's R$ 1 a tick of 5 points.
    const specs = await rowsOf(
      db.pool,
      z.object({ symbol: z.string(), tick_size: z.number(), tick_value: z.number() }),
      `SELECT s.symbol, s.tick_size, s.tick_value FROM mt5_symbol_specs s
       JOIN mt5_accounts a ON a.id = s.account_id WHERE a.user_id = $1`,
      [trader.id],
    );
    expect(specs).toEqual([{ symbol: expected[0]?.symbol, tick_size: 5, tick_value: 1 }]);
    agent.stop();
    await agent.done;
  });
});
