import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import {
  describe,
  expect,
  it,
  type TestDatabase,
  type TestUser,
} from '../../../server/test/fixture.js';
import { oneRow, rowsOf } from '../../../server/src/db/rows.js';
import { waitUntil } from '../../../server/test/wait.js';
import type { SimAccountProfile } from '../sim/index.js';
import { BridgeAgent } from './agent.js';
import type { Mt5Source } from './mt5-source.js';
import { createSimSource } from './sim-source.js';

const HEDGING_USD: SimAccountProfile = {
  marginMode: 'hedging',
  currency: 'USD',
  feePerContract: 0.1,
  operations: [
    { day: 2, amount: 5_000 },
    { day: 4, amount: -3_000 },
  ],
};

const Stored = z.object({
  ticket: z.number(),
  symbol: z.string(),
  type: z.number(),
  entry: z.number(),
  position_id: z.number(),
  profit: z.number(),
  fee: z.number(),
});
const storedDeals = async (db: TestDatabase, trader: TestUser) =>
  rowsOf(
    db.pool,
    Stored,
    `SELECT d.ticket, d.symbol, d.type, d.entry, d.position_id, d.profit, d.fee
     FROM deals d JOIN mt5_accounts a ON a.id = d.account_id WHERE a.user_id = $1 ORDER BY d.ticket`,
    [trader.id],
  );

describe('balance operations through the agent, from a hedging USD simulator', () => {
  it('stores the deposits and the withdrawal once each, across a reconnect, as MT5 writes them', async ({
    base,
    db,
    api,
    trader,
  }) => {
    const token = (await api.as(trader).post('/bridge/token/create')).json<{ token: string }>()
      .token;
    const stateDir = await mkdtemp(path.join(os.tmpdir(), 'vortex-agent-balance-'));
    const fixedNow = Date.parse('2025-11-19T17:00:00Z');
    const source = () =>
      createSimSource({
        seed: 'agent-balance',
        historyDays: 6,
        speed: 1,
        now: () => fixedNow,
        account: HEDGING_USD,
      });
    const history = source().poll(0);
    const cash = history.filter((d) => d.type === 2);
    expect(cash.map((d) => d.profit)).toEqual([10_000, 5_000, -3_000]);
    // The first connection sees the terminal up to the deposit only; the withdrawal comes after.
    const [, deposit, withdrawal] = cash;
    if (!deposit || !withdrawal) throw new Error('the schedule made no deposit and withdrawal');
    const early = source();
    const fullPoll = early.poll.bind(early);
    const partial: Mt5Source = {
      ...early,
      poll: (after) => fullPoll(after).filter((d) => d.ticket <= deposit.ticket),
    };
    const agent = (src: Mt5Source, pairingToken?: string) =>
      new BridgeAgent({
        serverUrl: base,
        ...(pairingToken ? { pairingToken } : {}),
        stateDir,
        source: src,
        clientVersion: '0.1.0',
        heartbeatMs: 200,
        log: () => undefined,
      });

    const first = agent(partial, token);
    await first.start();
    await waitUntil(
      async () =>
        (await storedDeals(db, trader)).length === deposit.ticket && first.pendingDeals === 0,
      'the history up to the deposit never stored',
    );
    first.stop();

    const second = agent(source());
    await second.start();
    await waitUntil(
      async () =>
        (await storedDeals(db, trader)).length === history.length && second.pendingDeals === 0,
      'the rest of the history never stored',
    );
    second.stop();

    const stored = await storedDeals(db, trader);
    expect(stored.map((d) => d.ticket)).toEqual(history.map((d) => d.ticket));
    expect(stored.filter((d) => d.type !== 0 && d.type !== 1)).toEqual(
      cash.map((d) => ({
        ticket: d.ticket,
        symbol: '',
        type: 2,
        entry: 0,
        position_id: 0,
        profit: d.profit,
        fee: 0,
      })),
    );
    expect(stored.filter((d) => d.type <= 1).every((d) => d.fee < 0)).toBe(true);
    const account = await oneRow(
      db.pool,
      z.object({ id: z.number(), margin_mode: z.string(), currency: z.string() }),
      'SELECT id, margin_mode, currency FROM mt5_accounts WHERE user_id = $1',
      [trader.id],
    );
    expect(account).toMatchObject({ margin_mode: 'hedging', currency: 'USD' });

    // The positions built from these deals count trades only: one per hedging position id.
    const positionIds = new Set(history.filter((d) => d.type <= 1).map((d) => d.position_id));
    const closed = async () =>
      rowsOf(
        db.pool,
        z.object({ position_id: z.string(), symbol: z.string() }),
        'SELECT position_id, symbol FROM closed_positions WHERE account_id = $1',
        [account.id],
      );
    await waitUntil(
      async () => (await closed()).length === positionIds.size,
      'the closed positions never matched the trades',
    );
    const rows = await closed();
    expect(new Set(rows.map((r) => Number(r.position_id)))).toEqual(positionIds);
    expect(rows.every((r) => r.symbol !== '')).toBe(true);
  });
});
