import {
  aggregateBars,
  marketMessages,
  type Bar,
  type BridgeEvent,
  type MarketBarsResponse,
} from '@vortex/core';
import { z } from 'zod';
import { pairTestAgent, type TestAgent } from '../../../test/agent-client.js';
import { nextCommand } from '../../../test/bot-scenario.js';
import {
  describe,
  expect,
  it,
  type Requests,
  type TestDatabase,
  type TestUser,
} from '../../../test/fixture.js';
import { waitUntil } from '../../../test/wait.js';
import { oneRow } from '../../db/rows.js';

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
  db: TestDatabase,
  agent: TestAgent,
  user: TestUser,
  symbol: string,
  timeframe: string,
  bars: Bar[],
) {
  agent.send({ type: 'bars', symbol, timeframe, bars });
  // Bars are not acknowledged: wait until they are stored.
  await waitUntil(async () => {
    const { n } = await oneRow(
      db.pool,
      z.object({ n: z.number() }),
      `SELECT count(*)::int AS n FROM bars b JOIN mt5_accounts a ON a.id = b.account_id
       WHERE a.user_id = $1 AND b.symbol = $2 AND b.timeframe = $3`,
      [user.id, symbol, timeframe],
    );
    return n >= bars.length;
  }, `${symbol} ${timeframe} bars not stored`);
}

let markers = 0;

/**
 * Answers the agent's commands and names the bar subscriptions asked for until now: the barrier
 * is a read of a symbol nobody asked for yet, whose own subscription is sent after those of the
 * reads answered before it (each read records and sends its subscriptions before it answers).
 * Their order among themselves is not part of the contract, so they come sorted.
 */
async function answerCommands(api: Requests, agent: TestAgent): Promise<string[]> {
  const marker = `MARK${++markers}`;
  expect((await api.get(`/api/market/bars?symbol=${marker}`)).statusCode).toBe(200);
  const seen: string[] = [];
  for (;;) {
    const m = await nextCommand(agent);
    if (m.command.kind !== 'subscribe_bars') continue;
    if (m.command.symbol === marker) return seen.sort();
    seen.push(`${m.command.symbol} ${m.command.timeframe}`);
  }
}

it.beforeAll(async ({ app, base, db, trader, newUser }) => {
  alice = trader;
  bob = await newUser({ role: 'trader' });
  aliceAgent = await pairTestAgent(app, base, alice, 8_800_001);
  bobAgent = await pairTestAgent(app, base, bob, 8_800_002);
  await sendBars(db, aliceAgent, alice, 'WINZ25', 'M1', aliceBars);
  await sendBars(db, bobAgent, bob, 'WINZ25', 'M1', m1(START, 30, 90_000));
});
it.afterAll(() => {
  aliceAgent.close();
  bobAgent.close();
});

describe('GET /api/market/bars', () => {
  it('answers the newest stored M1 bars of the caller’s own account, oldest first', async ({
    api,
  }) => {
    const as = api.as(alice);
    const res = await as.get('/api/market/bars?symbol=WINZ25&limit=50');
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

  it('never shows another trader’s bars', async ({ api, newUser }) => {
    const mine = (
      await api.as(bob).get('/api/market/bars?symbol=WINZ25')
    ).json<MarketBarsResponse>();
    expect(mine.bars).toHaveLength(30);
    expect(mine.bars.every((b) => b.open < 100_000)).toBe(true);
    // A user with no MT5 account sees nothing and nothing is asked of anyone.
    const stranger = await newUser({ role: 'trader' });
    const none = await api.as(stranger).get('/api/market/bars?symbol=WINZ25');
    expect(none.json()).toMatchObject({ bars: [], source: null, bars_requested: false });
  });

  it('folds M1 into M5, M15 and H1 with core’s aggregation, within from/to', async ({ api }) => {
    const as = api.as(alice);
    for (const tf of ['M5', 'M15', 'H1'] as const) {
      const body = (
        await as.get(`/api/market/bars?symbol=WINZ25&timeframe=${tf}`)
      ).json<MarketBarsResponse>();
      expect(body.source).toBe('M1');
      expect(body.bars).toEqual(aggregateBars(aliceBars, tf));
      expect(body.bars_requested).toBe(true);
    }
    // M1 is fresh; each longer timeframe is asked for once, for its longer history.
    expect(await answerCommands(as, aliceAgent)).toEqual(['WINZ25 H1', 'WINZ25 M15', 'WINZ25 M5']);
    const from = START + 3600;
    const to = START + 7200 - 1;
    const hour = (
      await as.get(`/api/market/bars?symbol=WINZ25&timeframe=M15&from=${from}&to=${to}`)
    ).json<MarketBarsResponse>();
    expect(hour.bars.map((b) => b.time)).toEqual([0, 1, 2, 3].map((i) => from + i * 900));
  });

  it('keeps the newest `limit` whole bars when the M1 read is capped', async ({ api }) => {
    const as = api.as(alice);
    const body = (
      await as.get('/api/market/bars?symbol=WINZ25&timeframe=M15&limit=3')
    ).json<MarketBarsResponse>();
    expect(body.bars).toEqual(aggregateBars(aliceBars, 'M15').slice(-3));
    // An unaligned read: the M1 rows start mid-bucket, and that cut-short bucket is never shown.
    const to = START + 3 * 900 + 7 * 60 - 1;
    const cut = (
      await as.get(`/api/market/bars?symbol=WINZ25&timeframe=M15&limit=2&to=${to}`)
    ).json<MarketBarsResponse>();
    expect(cut.bars).toEqual(
      aggregateBars(
        aliceBars.filter((b) => b.time <= to),
        'M15',
      ).slice(-2),
    );
  });

  it('prefers bars stored in the timeframe asked', async ({ db, api }) => {
    const as = api.as(alice);
    const m5 = aggregateBars(aliceBars, 'M5').map((b) => ({ ...b, close: b.close + 1 }));
    await sendBars(db, aliceAgent, alice, 'WINZ25', 'M5', m5);
    const body = (
      await as.get('/api/market/bars?symbol=WINZ25&timeframe=M5')
    ).json<MarketBarsResponse>();
    expect(body).toMatchObject({ source: 'M5', bars: m5 });
  });

  it('asks the connected agent for a symbol with no recent bars, once, and says so', async ({
    api,
  }) => {
    const as = api.as(alice);
    const first = await as.get('/api/market/bars?symbol=WDOZ25&timeframe=M5');
    expect(first.json()).toMatchObject({ bars: [], source: null, bars_requested: true });
    expect(await answerCommands(as, aliceAgent)).toEqual(['WDOZ25 M1', 'WDOZ25 M5']);
    // The chart polls: the request stays pending instead of being sent again.
    const again = await as.get('/api/market/bars?symbol=WDOZ25&timeframe=M5');
    expect(again.json()).toMatchObject({ bars_requested: true });
    expect(await answerCommands(as, aliceAgent)).toEqual([]);
  });

  it('announces stored bars to their trader’s live channel, so charts reload', async ({ app }) => {
    const events: BridgeEvent[] = [];
    const stop = app.bridgeRuntime.bus.subscribe((e) => events.push(e));
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

  it('asks nothing when the agent is offline', async ({ app, base, api, newUser }) => {
    const carol = await newUser({ role: 'trader' });
    const agent = await pairTestAgent(app, base, carol, 8_800_003);
    agent.close();
    await agent.waitClosed();
    // The server has forgotten the agent: from here on nobody could be asked.
    await waitUntil(
      () => app.bridgeRuntime.agents.of(carol.id) === undefined,
      'the server still holds the closed agent',
    );
    const res = await api.as(carol).get('/api/market/bars?symbol=WINZ25');
    expect(res.json()).toMatchObject({ bars: [], bars_requested: false });
  });

  it('refuses bad input with a pt-BR message and anonymous callers with 401', async ({ api }) => {
    const as = api.as(alice);
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
      const res = await as.get(`/api/market/bars?${qs}`);
      expect(res.statusCode, qs).toBe(400);
      expect(res.json<{ error: string }>().error, qs).toContain(message);
    }
    expect((await api.get('/api/market/bars?symbol=WINZ25')).statusCode).toBe(401);
  });
});
