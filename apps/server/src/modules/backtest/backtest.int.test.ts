import {
  backtestMessages,
  DEFAULT_BOT_CONFIG,
  symbolSpecMessages,
  type BacktestResponse,
  type Bar,
} from '@vortex/core';
import { type TestUser } from '../../../test/identities.js';
import { describe, expect, it, type Requests } from '../../../test/fixture.js';
import { upsertAccount } from '../bridge/trading-ingest.repo.js';
import { upsertBars } from '../bridge/bars.repo.js';
import { upsertSymbolSpecs } from '../bridge/symbol-specs.repo.js';
import { tradingApiMessages } from '../trading/trading.messages.js';

let trader: TestUser;
let stranger: TestUser;

// Ten days of 10:00–12:59 São Paulo M1 bars: a slide, then a rally, every day, so the DI
// strategies trade; 2025-11-10 onwards.
const FIRST_DAY = Date.UTC(2025, 10, 10, 13) / 1000;
function m1Bars(): Bar[] {
  const bars: Bar[] = [];
  for (let day = 0; day < 10; day++) {
    let price = 120_000;
    for (let i = 0; i < 180; i++) {
      const step = i < 100 ? -20 : 60;
      const open = price;
      const close = price + step;
      bars.push({
        time: FIRST_DAY + 86_400 * day + 60 * i,
        open,
        high: Math.max(open, close) + 10,
        low: Math.min(open, close) - 10,
        close,
        tick_volume: 10,
        volume: 10,
      });
      price = close;
    }
  }
  return bars;
}
const BARS = m1Bars();

const csvOf = (bars: Bar[]) =>
  [
    'time,open,high,low,close',
    ...bars.map((b) => `${b.time},${b.open},${b.high},${b.low},${b.close}`),
  ].join('\n');

it.beforeAll(async ({ db, newUser }) => {
  trader = await newUser({ role: 'trader' });
  stranger = await newUser({ role: 'trader' });
  const accountId = await upsertAccount(db.pool, {
    userId: trader.id,
    accountNumber: 5_500_001,
    server: 'Demo',
    company: '',
    currency: 'BRL',
    marginMode: 'netting',
    tradeMode: 'demo',
  });
  await upsertBars(db.pool, accountId, 'WINZ25', 'M1', BARS);
});

describe('POST /api/bot/backtest', () => {
  const window = { start_date: '2025-11-01', end_date: '2025-11-30' };

  it("runs the configuration over the caller's stored bars", async ({ api }) => {
    const res = await api
      .as(trader)
      .post('/api/bot/backtest', { config: DEFAULT_BOT_CONFIG, ...window });
    expect(res.statusCode).toBe(200);
    const body = res.json<BacktestResponse>();
    expect(body).toMatchObject({ success: true, source: 'stored', bars: BARS.length });
    expect(body.first_bar_time).toBe(BARS[0]?.time);
    expect(body.trades.length).toBeGreaterThan(0);
    expect(body.statistics.total_trades).toBe(body.trades.length);
    // The daily limit of the configuration holds: 10 a day by default.
    const perDay = new Map<number, number>();
    for (const trade of body.trades) {
      const day = Math.floor((trade.open_time / 1000 - FIRST_DAY) / 86_400);
      perDay.set(day, (perDay.get(day) ?? 0) + 1);
    }
    expect(Math.max(...perDay.values())).toBeLessThanOrEqual(10);
    expect(new Set(body.trades.map((tr) => tr.magic)).size).toBeGreaterThan(0);
  });

  it('folds stored M1 bars into the configured timeframe', async ({ api }) => {
    const config = {
      ...DEFAULT_BOT_CONFIG,
      general: { ...DEFAULT_BOT_CONFIG.general, timeframe: 'M5' },
    };
    const body = (
      await api.as(trader).post('/api/bot/backtest', { config, ...window })
    ).json<BacktestResponse>();
    expect(body.bars).toBe(BARS.length / 5);
  });

  it('runs an uploaded CSV and gives the same trades as the same bars stored', async ({ api }) => {
    const stored = (
      await api.as(trader).post('/api/bot/backtest', { config: DEFAULT_BOT_CONFIG, ...window })
    ).json<BacktestResponse>();
    const res = await api.as(stranger).post('/api/bot/backtest', {
      config: DEFAULT_BOT_CONFIG,
      source: 'csv',
      csv: csvOf(BARS),
    });
    expect(res.statusCode).toBe(200);
    const uploaded = res.json<BacktestResponse>();
    expect(uploaded.source).toBe('csv');
    expect(uploaded.trades).toEqual(stored.trades);
  });

  it('answers bad input in pt-BR', async ({ api }) => {
    const noCsv = await api
      .as(trader)
      .post('/api/bot/backtest', { config: DEFAULT_BOT_CONFIG, source: 'csv' });
    expect(noCsv.statusCode).toBe(400);
    expect(noCsv.json<{ error: string }>().error).toBe(
      `Dados inválidos. ${backtestMessages.csvMissing}`,
    );
    const badRow = await api.as(trader).post('/api/bot/backtest', {
      config: DEFAULT_BOT_CONFIG,
      source: 'csv',
      csv: 'time,open,high,low,close\n100,1,2,0.5,1\n50,1,2,0.5,1',
    });
    expect(badRow.statusCode).toBe(400);
    expect(badRow.json()).toMatchObject({ error: backtestMessages.csvOutOfOrder(3) });
    const badConfig = await api.as(trader).post('/api/bot/backtest', {
      config: {
        ...DEFAULT_BOT_CONFIG,
        general: { ...DEFAULT_BOT_CONFIG.general, max_daily_trades: 0 },
      },
    });
    expect(badConfig.statusCode).toBe(400);
  });

  it('says why there is nothing to run over, and refuses anonymous callers', async ({ api }) => {
    const none = await api.as(stranger).post('/api/bot/backtest', { config: DEFAULT_BOT_CONFIG });
    expect(none.statusCode).toBe(409);
    expect(none.json()).toMatchObject({ error: backtestMessages.noAccount });
    const empty = await api.as(trader).post('/api/bot/backtest', {
      config: DEFAULT_BOT_CONFIG,
      start_date: '2024-01-01',
      end_date: '2024-01-31',
    });
    expect(empty.statusCode).toBe(404);
    expect(empty.json()).toMatchObject({ error: backtestMessages.noBars });
    expect(
      (await api.as(null).post('/api/bot/backtest', { config: DEFAULT_BOT_CONFIG })).statusCode,
    ).toBe(401);
  });
});

describe('POST /api/bot/backtest values the traded symbol by its specification', () => {
  const window = { start_date: '2025-11-01', end_date: '2025-11-30' };
  const withSymbol = (symbol: string) => ({
    ...DEFAULT_BOT_CONFIG,
    general: { ...DEFAULT_BOT_CONFIG.general, symbol },
  });
  const run = async (api: Requests, user: TestUser, body: object) => {
    const res = await api.as(user).post('/api/bot/backtest', body);
    expect(res.statusCode).toBe(200);
    return res.json<BacktestResponse>();
  };

  it("takes the money per point the account's terminal stated (tick value / tick size)", async ({
    db,
    api,
    newUser,
  }) => {
    const owner = await newUser({ role: 'trader' });
    const accountId = await upsertAccount(db.pool, {
      userId: owner.id,
      accountNumber: 5_500_003,
      server: 'Demo',
      company: '',
      currency: 'BRL',
      marginMode: 'netting',
      tradeMode: 'demo',
    });
    // The same bars as WIN's, on a symbol whose tick of 5 points is worth R$ 15: R$ 3 a point.
    await upsertBars(db.pool, accountId, 'WINZ25', 'M1', BARS);
    await upsertBars(db.pool, accountId, 'XYZ4', 'M1', BARS);
    await upsertSymbolSpecs(db.pool, accountId, [
      {
        symbol: 'XYZ4',
        tick_size: 5,
        tick_value: 15,
        contract_size: 1,
        volume_min: 1,
        volume_step: 1,
        currency_profit: 'BRL',
        digits: 0,
      },
    ]);
    const win = await run(api, owner, { config: withSymbol('WINZ25'), ...window });
    const xyz = await run(api, owner, { config: withSymbol('XYZ4'), ...window });
    expect(win.instrument).toMatchObject({ tick: 5, point_value: 0.2, source: 'b3' });
    expect(xyz.instrument).toEqual({
      symbol: 'XYZ4',
      tick: 5,
      point_value: 3,
      commission_per_contract: 0,
      source: 'terminal',
    });
    expect(xyz.trades.length).toBe(win.trades.length);
    expect(xyz.trades.length).toBeGreaterThan(0);
    xyz.trades.forEach((t, i) => {
      const w = win.trades[i];
      expect([t.entry_price, t.exit_price]).toEqual([w?.entry_price, w?.exit_price]);
      expect(t.profit).toBeCloseTo((w?.profit ?? 0) * 15, 2);
      expect(t.commission).toBe(0);
    });
  });

  it("values WDO at B3's R$ 10 a point with no specification, and refuses an unknown symbol", async ({
    api,
  }) => {
    // The stranger has no account: a CSV run knows only B3's contracts.
    const csv = csvOf(BARS);
    const wdo = await run(api, stranger, { config: withSymbol('WDOF26'), source: 'csv', csv });
    expect(wdo.instrument).toMatchObject({ symbol: 'WDOF26', tick: 0.5, point_value: 10 });
    expect(wdo.trades.length).toBeGreaterThan(0);
    for (const t of wdo.trades) {
      expect(t.profit).toBeCloseTo(
        (t.type === 'BUY' ? 1 : -1) * (t.exit_price - t.entry_price) * 10 * t.volume,
        2,
      );
    }
    const unknown = await api
      .as(stranger)
      .post('/api/bot/backtest', { config: withSymbol('XYZ4'), source: 'csv', csv });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ error: symbolSpecMessages.unknown('XYZ4') });
  });
});

describe('POST /api/bot/backtest with the default symbol, série vigente', () => {
  it('reads each day the WIN series current that day, across an expiry', async ({
    db,
    api,
    newUser,
  }) => {
    const roller = await newUser({ role: 'trader' });
    const accountId = await upsertAccount(db.pool, {
      userId: roller.id,
      accountNumber: 5_500_002,
      server: 'Demo',
      company: '',
      currency: 'BRL',
      marginMode: 'netting',
      tradeMode: 'demo',
    });
    // WINZ25 expires on Wednesday 2025-12-17; WING26 is current from the 18th.
    const shift = (bars: Bar[], days: number) =>
      bars.map((b) => ({ ...b, time: b.time + days * 86_400 }));
    const z25 = shift(BARS.slice(0, 3 * 180), 35); // Dec 15–17
    const g26 = shift(BARS.slice(0, 6 * 180), 38); // Dec 18–23
    await upsertBars(db.pool, accountId, 'WINZ25', 'M1', z25);
    await upsertBars(db.pool, accountId, 'WING26', 'M1', g26);
    // WING26 already trades before WINZ25 expires; those days still read WINZ25.
    await upsertBars(db.pool, accountId, 'WING26', 'M1', shift(BARS.slice(0, 180), 35));
    const res = await api.as(roller).post('/api/bot/backtest', {
      config: DEFAULT_BOT_CONFIG,
      start_date: '2025-12-15',
      end_date: '2025-12-23',
    });
    expect(res.statusCode).toBe(200);
    const body = res.json<BacktestResponse>();
    expect(body.bars).toBe(z25.length + g26.length);
    expect(body.first_bar_time).toBe(z25[0]?.time);
    expect(body.last_bar_time).toBe(g26.at(-1)?.time);
    expect(body.trades.length).toBeGreaterThan(0);
  });
});

describe('POST /api/bot/backtest over the simulator', () => {
  const march = { source: 'simulator', start_date: '2025-03-01', end_date: '2025-03-31' };
  const error = async (api: Requests, body: object) => {
    const res = await api
      .as(stranger)
      .post('/api/bot/backtest', { config: DEFAULT_BOT_CONFIG, ...body });
    return { status: res.statusCode, error: res.json<{ error: string }>().error };
  };

  it('runs the configuration over the simulated market of the dates, no account needed', async ({
    api,
  }) => {
    const res = await api
      .as(stranger)
      .post('/api/bot/backtest', { config: DEFAULT_BOT_CONFIG, ...march, seed: 7 });
    expect(res.statusCode).toBe(200);
    const body = res.json<BacktestResponse>();
    // 21 weekdays in March 2025 less Carnaval (3rd, 4th), 09:00–18:25 São Paulo: 565 M1 bars each.
    expect(body).toMatchObject({ success: true, source: 'simulator', seed: 7, bars: 19 * 565 });
    expect(body.first_bar_time).toBe(Date.parse('2025-03-05T09:00:00-03:00') / 1000);
    expect(body.last_bar_time).toBe(Date.parse('2025-03-31T18:24:00-03:00') / 1000);
    expect(body.trades.length).toBeGreaterThan(0);
    expect(body.statistics.total_trades).toBe(body.trades.length);
  });

  it('runs the same market for the same seed, another for another, seed 1 by default', async ({
    api,
  }) => {
    const run = async (seed?: number) =>
      (
        await api.as(trader).post('/api/bot/backtest', {
          config: DEFAULT_BOT_CONFIG,
          ...march,
          ...(seed === undefined ? {} : { seed }),
        })
      ).json<BacktestResponse>();
    const [a, b, c, fallback] = [await run(7), await run(7), await run(8), await run()];
    expect(b).toEqual(a);
    expect(c.trades).not.toEqual(a.trades);
    expect(fallback.seed).toBe(1);
    expect(fallback).toEqual(await run(1));
  });

  it('folds the simulated M1 bars into the configured timeframe', async ({ api }) => {
    const config = {
      ...DEFAULT_BOT_CONFIG,
      general: { ...DEFAULT_BOT_CONFIG.general, timeframe: 'M5' },
    };
    const body = (
      await api.as(trader).post('/api/bot/backtest', { config, ...march })
    ).json<BacktestResponse>();
    expect(body.bars).toBe(19 * 113); // 565 minutes = 113 five-minute bars
  });

  it('answers bad ranges and seeds with a 400 in pt-BR', async ({ api }) => {
    expect(await error(api, { source: 'simulator', start_date: '2025-03-01' })).toEqual({
      status: 400,
      error: `Dados inválidos. ${backtestMessages.simulatorRangeMissing}`,
    });
    expect(await error(api, { ...march, start_date: '2025-04-01' })).toEqual({
      status: 400,
      error: tradingApiMessages.startAfterEnd,
    });
    expect(await error(api, { ...march, start_date: '2025-02-30' })).toEqual({
      status: 400,
      error: tradingApiMessages.invalidStart,
    });
    expect(
      await error(api, { ...march, start_date: '2025-03-08', end_date: '2025-03-09' }),
    ).toEqual({
      status: 400,
      error: backtestMessages.simulatorNoSessions,
    });
    for (const end_date of ['2026-06-30', '2125-01-01']) {
      expect(await error(api, { ...march, start_date: '2025-01-01', end_date })).toEqual({
        status: 400,
        error: backtestMessages.simulatorTooManyBars(200_000),
      });
    }
    for (const seed of [1.5, -1, 2 ** 31, '7']) {
      expect(await error(api, { ...march, seed })).toEqual({
        status: 400,
        error: `Dados inválidos. ${backtestMessages.invalidSeed}`,
      });
    }
  });

  it('keeps answering other requests while a year-long backtest runs', async ({ app, api }) => {
    const order: string[] = [];
    const year = api
      .as(trader)
      .post('/api/bot/backtest', {
        config: DEFAULT_BOT_CONFIG,
        source: 'simulator',
        start_date: '2025-01-01',
        end_date: '2025-12-31',
      })
      .then((res) => {
        order.push(`backtest ${res.statusCode}`);
        return res;
      });
    // Sent after the backtest, one after the other: each needs the event loop to answer.
    for (let i = 0; i < 5; i++) {
      const res = await app.inject({ method: 'GET', url: '/health' });
      order.push(`health ${res.statusCode}`);
    }
    const body = (await year).json<BacktestResponse>();
    expect(order).toEqual([...Array<string>(5).fill('health 200'), 'backtest 200']);
    expect(body.bars).toBeGreaterThan(140_000);
  });
});
