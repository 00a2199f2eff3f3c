import {
  aggregateBars,
  marketMessages,
  type Bar,
  type BridgeEvent,
  type MarketBarsResponse,
} from '@vortex/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pairTestAgent, type TestAgent } from '../../../test/agent-client.js';
import { bearer, makeUser, type TestUser } from '../../../test/identities.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { createTestDatabase, type TestDatabase } from '../../../test/test-database.js';
import { waitUntil } from '../../../test/wait.js';

let db: TestDatabase;
let t: TestApp;
let base: string;
let alice: TestUser;
let bob: TestUser;
let aliceAgent: TestAgent;
let bobAgent: TestAgent;

// M1 bars from two whole hours ago up to the last minute: recent, so nothing is re-requested.
const NOW_S = Math.floor(Date.now() / 1000);
const START = Math.floor(NOW_S / 3600) * 3600 - 2 * 3600;

function m1(from: number, count: number, basePrice: number): Bar[] {
  return Array.from({ length: count }, (_, i) => {
    const open = basePrice + ((i * 37) % 50);
    return {
      time: from + i * 60,
      open,
      high: open + 15,
      low: open - 10,
      close: open + ((i * 13) % 20) - 10,
      tick_volume: 10 + i,
      volume: 1 + (i % 3),
    };
  });
}

const aliceBars = m1(START, Math.floor((NOW_S - START) / 60), 125_000);

async function sendBars(
  agent: TestAgent,
  user: TestUser,
  symbol: string,
  timeframe: string,
  bars: Bar[],
) {
  agent.send({ type: 'bars', symbol, timeframe, bars });
  // Bars are not acknowledged: wait until they are stored.
  await waitUntil(async () => {
    const { rows } = await db.pool.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM bars b JOIN mt5_accounts a ON a.id = b.account_id
       WHERE a.user_id = $1 AND b.symbol = $2 AND b.timeframe = $3`,
      [user.id, symbol, timeframe],
    );
    return (rows[0]?.n ?? 0) >= bars.length;
  }, `${symbol} ${timeframe} bars not stored`);
}

/** The commands the agent got until it has been quiet a while, each answered ok. */
/**
 * Answers the agent's commands and names the bar subscriptions among them: waits (up to 10 s,
 * the subscription is sent in the background) until `expected` have come, then until 300 ms
 * pass without another.
 */
async function answerCommands(agent: TestAgent, expected = 0): Promise<string[]> {
  const seen: string[] = [];
  for (;;) {
    const m = await agent.next(seen.length < expected ? 10_000 : 300).catch(() => null);
    // Each subscription is its own command, sent as soon as it is recorded: their order on the
    // wire is not part of the contract, so callers compare them sorted.
    if (!m) return seen.sort();
    if (m.type !== 'command') continue;
    if (m.command.kind === 'subscribe_bars') {
      seen.push(`${m.command.symbol} ${m.command.timeframe}`);
    }
    agent.send({ type: 'command_result', command_id: m.command_id, ok: true, message: 'ok' });
  }
}

const get = (url: string, user: TestUser | null = alice) =>
  t.app.inject({ url, headers: user ? bearer(user.token) : {} });

beforeAll(async () => {
  db = await createTestDatabase();
  t = await createTestApp(db);
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  alice = await makeUser(db.pool, { role: 'trader' });
  bob = await makeUser(db.pool, { role: 'trader' });
  aliceAgent = await pairTestAgent(t.app, base, alice, 8_800_001);
  bobAgent = await pairTestAgent(t.app, base, bob, 8_800_002);
  await sendBars(aliceAgent, alice, 'WINZ25', 'M1', aliceBars);
  await sendBars(bobAgent, bob, 'WINZ25', 'M1', m1(START, 30, 90_000));
});
afterAll(async () => {
  aliceAgent.close();
  bobAgent.close();
  await t.close();
  await db.drop();
});

describe('GET /api/market/bars', () => {
  it('answers the newest stored M1 bars of the caller’s own account, oldest first', async () => {
    const res = await get('/api/market/bars?symbol=WINZ25&limit=50');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      symbol: 'WINZ25',
      timeframe: 'M1',
      bars: aliceBars.slice(-50),
      source: 'M1',
      bars_requested: false,
    });
  });

  it('never shows another trader’s bars', async () => {
    const mine = (await get('/api/market/bars?symbol=WINZ25', bob)).json<MarketBarsResponse>();
    expect(mine.bars).toHaveLength(30);
    expect(mine.bars.every((b) => b.open < 100_000)).toBe(true);
    // A user with no MT5 account sees nothing and nothing is asked of anyone.
    const stranger = await makeUser(db.pool, { role: 'trader' });
    const none = await get('/api/market/bars?symbol=WINZ25', stranger);
    expect(none.json()).toMatchObject({ bars: [], source: null, bars_requested: false });
  });

  it('folds M1 into M5, M15 and H1 with core’s aggregation, within from/to', async () => {
    for (const tf of ['M5', 'M15', 'H1'] as const) {
      const body = (
        await get(`/api/market/bars?symbol=WINZ25&timeframe=${tf}`)
      ).json<MarketBarsResponse>();
      expect(body.source).toBe('M1');
      expect(body.bars).toEqual(aggregateBars(aliceBars, tf));
      expect(body.bars_requested).toBe(true);
    }
    // M1 is fresh; each longer timeframe is asked for once, for its longer history.
    expect(await answerCommands(aliceAgent, 3)).toEqual(['WINZ25 H1', 'WINZ25 M15', 'WINZ25 M5']);
    const from = START + 3600;
    const to = START + 7200 - 1;
    const hour = (
      await get(`/api/market/bars?symbol=WINZ25&timeframe=M15&from=${from}&to=${to}`)
    ).json<MarketBarsResponse>();
    expect(hour.bars.map((b) => b.time)).toEqual([0, 1, 2, 3].map((i) => from + i * 900));
  });

  it('keeps the newest `limit` whole bars when the M1 read is capped', async () => {
    const body = (
      await get('/api/market/bars?symbol=WINZ25&timeframe=M15&limit=3')
    ).json<MarketBarsResponse>();
    expect(body.bars).toEqual(aggregateBars(aliceBars, 'M15').slice(-3));
    // An unaligned read: the M1 rows start mid-bucket, and that cut-short bucket is never shown.
    const to = START + 3 * 900 + 7 * 60 - 1;
    const cut = (
      await get(`/api/market/bars?symbol=WINZ25&timeframe=M15&limit=2&to=${to}`)
    ).json<MarketBarsResponse>();
    expect(cut.bars).toEqual(
      aggregateBars(
        aliceBars.filter((b) => b.time <= to),
        'M15',
      ).slice(-2),
    );
  });

  it('prefers bars stored in the timeframe asked', async () => {
    const m5 = aggregateBars(aliceBars, 'M5').map((b) => ({ ...b, close: b.close + 1 }));
    await sendBars(aliceAgent, alice, 'WINZ25', 'M5', m5);
    const body = (
      await get('/api/market/bars?symbol=WINZ25&timeframe=M5')
    ).json<MarketBarsResponse>();
    expect(body).toMatchObject({ source: 'M5', bars: m5 });
  });

  it('asks the connected agent for a symbol with no recent bars, once, and says so', async () => {
    const first = await get('/api/market/bars?symbol=WDOZ25&timeframe=M5');
    expect(first.json()).toMatchObject({ bars: [], source: null, bars_requested: true });
    expect(await answerCommands(aliceAgent, 2)).toEqual(['WDOZ25 M1', 'WDOZ25 M5']);
    // The chart polls: the request stays pending instead of being sent again.
    const again = await get('/api/market/bars?symbol=WDOZ25&timeframe=M5');
    expect(again.json()).toMatchObject({ bars_requested: true });
    expect(await answerCommands(aliceAgent)).toEqual([]);
  });

  it('announces stored bars to their trader’s live channel, so charts reload', async () => {
    const events: BridgeEvent[] = [];
    const stop = t.app.bridgeRuntime.bus.subscribe((e) => events.push(e));
    aliceAgent.send({ type: 'bars', symbol: 'WINZ25', timeframe: 'M1', bars: aliceBars.slice(-2) });
    await waitUntil(() => events.some((e) => e.type === 'bars_added'), 'no bars_added event');
    stop();
    expect(events.find((e) => e.type === 'bars_added')).toMatchObject({
      user_id: alice.id,
      account_number: 8_800_001,
      symbol: 'WINZ25',
      timeframe: 'M1',
      count: 2,
    });
  });

  it('asks nothing when the agent is offline', async () => {
    const carol = await makeUser(db.pool, { role: 'trader' });
    const agent = await pairTestAgent(t.app, base, carol, 8_800_003);
    agent.close();
    await agent.waitClosed();
    // The server has forgotten the agent: from here on nobody could be asked.
    await waitUntil(
      () => t.app.bridgeRuntime.agents.of(carol.id) === undefined,
      'the server still holds the closed agent',
    );
    const res = await get('/api/market/bars?symbol=WINZ25', carol);
    expect(res.json()).toMatchObject({ bars: [], bars_requested: false });
  });

  it('refuses bad input with a pt-BR message and anonymous callers with 401', async () => {
    const cases: [string, string][] = [
      ['symbol=WIN%20Z25', marketMessages.invalidSymbol],
      ['symbol=', marketMessages.invalidSymbol],
      ['timeframe=M1', marketMessages.invalidSymbol],
      ['symbol=WINZ25&timeframe=D1', marketMessages.invalidTimeframe],
      ['symbol=WINZ25&from=ontem', marketMessages.invalidFrom],
      ['symbol=WINZ25&to=-5', marketMessages.invalidTo],
      ['symbol=WINZ25&limit=0', marketMessages.invalidLimit],
      ['symbol=WINZ25&limit=100000', marketMessages.invalidLimit],
      ['symbol=WINZ25&from=200&to=100', marketMessages.fromAfterTo],
    ];
    for (const [qs, message] of cases) {
      const res = await get(`/api/market/bars?${qs}`);
      expect(res.statusCode, qs).toBe(400);
      expect(res.json<{ error: string }>().error, qs).toContain(message);
    }
    expect((await get('/api/market/bars?symbol=WINZ25', null)).statusCode).toBe(401);
  });
});
