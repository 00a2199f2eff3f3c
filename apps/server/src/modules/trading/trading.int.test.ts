import {
  DealSchema,
  dailyStats,
  dailyStatsRecord,
  dealsToPositions,
  equityCurve,
  INITIAL_BALANCE,
  DASHBOARD_BASE_BALANCE,
  lastDaysWindow,
  MS_PER_DAY,
  sharpeOfPositions,
  statisticsRecord,
  type ClosedPosition,
  type ServerMessage,
} from '@vortex/core';
import { describe, expect, it } from '../../../test/fixture.js';
import { pairTestAgent, type TestAgent } from '../../../test/agent-client.js';
import { waitUntil } from '../../../test/wait.js';
import { localDateKey, localMidnight } from './trading-range.js';

let agent: TestAgent;
const NOW = Date.now();
const MINUTE = 60_000;
const ACCOUNT = 7_700_001;

let ticket = 0;
const seeded: ReturnType<typeof deal>[] = [];

function deal(o: {
  position: number;
  type: 0 | 1;
  entry: 0 | 1;
  at: number;
  profit?: number;
  reason?: number;
  magic?: number;
}) {
  ticket += 1;
  const ms = Math.floor(o.at);
  return {
    ticket,
    order: ticket,
    position_id: o.position,
    symbol: o.position % 3 === 0 ? 'WDOZ25' : 'WINZ25',
    type: o.type,
    entry: o.entry,
    volume: 1,
    price: 125_000 + ticket,
    profit: o.profit ?? 0,
    commission: -0.5,
    swap: 0,
    magic: o.magic ?? 135_000,
    reason: o.reason ?? 3,
    comment: '',
    time: Math.floor(ms / 1000),
    time_msc: ms,
  };
}

/** A round trip: opening at `openAt`, closing `minutes` later with `profit`. */
function trip(
  position: number,
  openAt: number,
  profit: number,
  extra: Partial<Parameters<typeof deal>[0]> = {},
) {
  const side = position % 2 === 0 ? 0 : 1;
  const closeSide = side === 0 ? 1 : 0;
  return [
    deal({ position, type: side, entry: 0, at: openAt, ...extra }),
    deal({ position, type: closeSide, entry: 1, at: openAt + 20 * MINUTE, profit, ...extra }),
  ];
}

async function send(deals: ReturnType<typeof deal>[]): Promise<void> {
  seeded.push(...deals);
  agent.send({ type: 'deals', batch_id: `b${ticket}`, deals });
  const ack = (await agent.next()) as Extract<ServerMessage, { type: 'deals_ack' }>;
  expect(ack).toMatchObject({ type: 'deals_ack', stored: deals.length });
}

/** Core's positions from the seeded deals, closed in [from, to] (and of the magic). */
function expectedPositions(from: number, to: number, magic?: number): ClosedPosition[] {
  const deals = seeded.map((d) => DealSchema.parse({ ...d, time: d.time_msc }));
  return dealsToPositions(deals).filter(
    (p) => p.close_time >= from && p.close_time <= to && (magic === undefined || p.magic === magic),
  );
}

it.beforeAll(async ({ app, base, trader }) => {
  agent = await pairTestAgent(app, base, trader, ACCOUNT);
  const nets = [120, -40, 35, -80, 0, 60, 15, -25, 90, -10, 45, 5];
  const deals = nets.flatMap((net, i) =>
    // One trip every ~13 hours over the last 7 days, the last one closing 40 minutes ago.
    trip(2000 + i, NOW - 60 * MINUTE - (nets.length - 1 - i) * 13 * 60 * MINUTE, net, {
      reason: i % 3 === 0 ? 5 : i % 3 === 1 ? 4 : 3,
      magic: i % 4 === 0 ? 136_000 : 135_000,
    }),
  );
  // Older history: 40 days ago, outside every 30-day range.
  deals.push(...trip(1000, NOW - 40 * MS_PER_DAY, 500));
  await send(deals);
});
it.afterAll(() => {
  agent.close();
});

describe('/dashboard/stats', () => {
  it('is core’s statistics record of the positions closed in the range, with daily stats', async ({
    api,
    trader,
  }) => {
    const res = await api.as(trader).get('/dashboard/stats?days=7');
    expect(res.statusCode).toBe(200);
    const body = res.json<{ success: true; data: Record<string, unknown> }>();
    // Seven São Paulo calendar days, today included; no balance reported yet: an estimate.
    const positions = expectedPositions(lastDaysWindow(7, NOW).from, NOW + MINUTE);
    expect(positions.length).toBeGreaterThan(8);
    expect(body.data).toEqual({
      ...statisticsRecord(positions, { initialBalance: INITIAL_BALANCE }),
      // the screens serve the Sharpe ratio MT5 prints (issue 26), core's §9 ratio aside
      sharpe_ratio: sharpeOfPositions(positions, INITIAL_BALANCE),
      daily_stats: dailyStats(positions).map(dailyStatsRecord),
      balance_basis: { source: 'estimate', initial_balance: INITIAL_BALANCE },
    });
  });

  it('filters by magic and by start/end dates (the end date includes its whole day)', async ({
    api,
    trader,
  }) => {
    const magic = await api.as(trader).get('/dashboard/stats?days=30&magic=136000');
    const only = expectedPositions(lastDaysWindow(30, NOW).from, NOW + MINUTE, 136_000);
    expect(magic.json<{ data: { total_trades: number } }>().data.total_trades).toBe(only.length);

    const today = localDateKey(NOW);
    const weekAgo = localDateKey(NOW - 6 * MS_PER_DAY);
    const res = await api.as(trader).get(`/dashboard/stats?start=${weekAgo}&end=${today}`);
    const [y, m, d] = weekAgo.split('-').map(Number);
    const from = localMidnight(y ?? 0, m ?? 0, d ?? 0);
    const positions = expectedPositions(from, NOW + MS_PER_DAY);
    expect(res.json<{ data: { profit: number } }>().data.profit).toBe(
      statisticsRecord(positions).profit,
    );
  });

  it('a range without trades is the empty statistics', async ({ api, trader }) => {
    const res = await api.as(trader).get('/dashboard/stats?start=2020-01-01&end=2020-01-31');
    expect(res.json()).toMatchObject({
      success: true,
      data: { total_trades: 0, balance: 10_000, profit_factor: 0, daily_stats: [] },
    });
  });
});

describe('the same range agrees on every screen', () => {
  it('/dashboard/stats, the overview’s statistics and the reports summary', async ({
    api,
    trader,
  }) => {
    const [stats, overview, report] = await Promise.all([
      api.as(trader).get('/dashboard/stats?days=7'),
      api.as(trader).get('/dashboard/overview?days=7'),
      api.as(trader).get('/api/reports/summary?range=7d'),
    ]);
    const s = stats.json<{ data: Record<string, unknown> }>().data;
    const o = overview.json<{
      data: {
        statistics: Record<string, unknown>;
        last_7_days: { total_profit: number; days: { trades: number }[] };
        hourly: { hour: number; trades: number }[];
      };
    }>().data;
    const r = report.json<{ data: { summary: Record<string, unknown> } }>().data;
    const { daily_stats: _daily, balance_basis: _basis, ...statistics } = s;
    expect(o.statistics).toEqual(statistics);
    expect(r.summary).toEqual({
      total_trades: s.total_trades,
      win_rate: s.win_rate,
      total_pnl: s.profit,
      profit_factor: s.profit_factor,
    });
    // The dashboard's 7-day summary reads the same calendar days.
    expect(o.last_7_days.days.reduce((n, d) => n + d.trades, 0)).toBe(s.total_trades);
    expect(o.last_7_days.total_profit).toBeCloseTo(s.profit as number, 9);
    // The hourly chart: the same trades, those closed 9:00–18:59 in São Paulo.
    const inSession = expectedPositions(lastDaysWindow(7, NOW).from, NOW + MINUTE).filter((p) => {
      const hour = Number(
        new Intl.DateTimeFormat('en-US', {
          timeZone: 'America/Sao_Paulo',
          hour: 'numeric',
          hourCycle: 'h23',
        }).format(p.close_time),
      );
      return hour >= 9 && hour <= 18;
    });
    expect(o.hourly.reduce((n, h) => n + h.trades, 0)).toBe(inSession.length);
  });

  it('the overview’s equity curve is /trading/equity-curve, from the dashboard base', async ({
    api,
    trader,
  }) => {
    const [overview, curve] = await Promise.all([
      api.as(trader).get('/dashboard/overview?days=30'),
      api.as(trader).get('/trading/equity-curve?days=30'),
    ]);
    // No balance reported yet: the spec's fixed base, marked as an estimate.
    const expected = equityCurve(expectedPositions(lastDaysWindow(30, NOW).from, NOW + MINUTE), {
      base: DASHBOARD_BASE_BALANCE,
    });
    expect(curve.json()).toEqual({
      success: true,
      equity_curve: expected,
      balance_basis: { source: 'estimate', initial_balance: DASHBOARD_BASE_BALANCE },
    });
    expect(overview.json<{ data: { equity_curve: unknown } }>().data.equity_curve).toEqual(
      expected,
    );
  });
});

describe('/dashboard/overview', () => {
  it('has today, the last 7 days, the charts and the last 5 closed', async ({ api, trader }) => {
    const res = await api.as(trader).get('/dashboard/overview?days=30');
    expect(res.statusCode).toBe(200);
    const data = res.json<{
      data: {
        last_7_days: { days: { netProfit: number }[]; total_profit: number };
        histogram: { count: number }[];
        hourly: unknown[];
        last_closed: { close_time: number; net_profit: number }[];
        today: { trades: number } | null;
      };
    }>().data;
    const all = expectedPositions(lastDaysWindow(30, NOW).from, NOW + MINUTE);
    expect(data.histogram.reduce((n, b) => n + b.count, 0)).toBe(all.length);
    expect(data.hourly).toHaveLength(10);
    expect(data.last_closed).toHaveLength(5);
    expect(data.last_closed[0]?.close_time).toBe(all.at(-1)?.close_time);
    const sum = data.last_7_days.days.reduce((total, d) => total + d.netProfit, 0);
    expect(data.last_7_days.total_profit).toBeCloseTo(sum, 9);
    expect(data.today?.trades ?? 0).toBeGreaterThanOrEqual(0);
  });
});

describe('/api/reports/summary', () => {
  it('counts exits by the closing deal’s reason and trades by hour', async ({ api, trader }) => {
    const res = await api.as(trader).get('/api/reports/summary?range=30d');
    const data = res.json<{
      data: { exit_reasons: Record<string, number>; trades_by_hour: { count: number }[] };
    }>().data;
    expect(data.exit_reasons).toEqual({ TP: 4, SL: 4, EXPERT: 4 });
    expect(data.trades_by_hour.reduce((n, h) => n + h.count, 0)).toBe(12);
    expect((await api.as(trader).get('/api/reports/summary')).statusCode).toBe(200);
  });
});

describe('/bridge/trades', () => {
  it('pages closed positions newest first with the total and the deals processed', async ({
    api,
    trader,
  }) => {
    const res = await api.as(trader).get('/bridge/trades?limit=3&offset=1');
    const body = res.json<{
      trades: { position_id: string; net_profit: number }[];
      total: number;
      account: number;
      processing_info: { deals_processed: number };
    }>();
    const all = expectedPositions(NOW - 365 * MS_PER_DAY, NOW + MINUTE).reverse();
    expect(body.total).toBe(all.length);
    expect(body.account).toBe(ACCOUNT);
    expect(body.trades.map((p) => p.position_id)).toEqual(
      all.slice(1, 4).map((p) => p.position_id),
    );
    expect(body.processing_info.deals_processed).toBe(seeded.length);
    const asc = await api.as(trader).get('/bridge/trades?order=asc&limit=1');
    expect(asc.json<{ trades: { position_id: string }[] }>().trades[0]?.position_id).toBe('1000');
  });

  it('keeps a position opened before the range and closed in it', async ({ api, trader }) => {
    // Opened 9 days ago, closed 2 days ago: a 7-day range holds only its closing deal.
    await send([
      deal({ position: 5000, type: 0, entry: 0, at: NOW - 9 * MS_PER_DAY }),
      deal({
        position: 5000,
        type: 1,
        entry: 1,
        at: NOW - 2 * MS_PER_DAY - 7 * MINUTE,
        profit: 33,
      }),
    ]);
    const start = new Date(NOW - 7 * MS_PER_DAY).toISOString();
    const res = await api.as(trader).get(`/bridge/trades?start_date=${start}`);
    const trades = res.json<{ trades: { position_id: string; open_time: number }[] }>().trades;
    const held = trades.find((p) => p.position_id === '5000');
    expect(held?.open_time).toBe(Math.floor(NOW - 9 * MS_PER_DAY));
  });

  it('an end date without time includes its whole São Paulo day', async ({ api, trader }) => {
    const day = localDateKey(NOW - 20 * MS_PER_DAY);
    const [y, m, d] = day.split('-').map(Number);
    // Closes at 23:30 local time of that day.
    const close = localMidnight(y ?? 0, m ?? 0, (d ?? 0) + 1) - 30 * MINUTE;
    await send([
      deal({ position: 6000, type: 0, entry: 0, at: close - 10 * MINUTE }),
      deal({ position: 6000, type: 1, entry: 1, at: close, profit: 7 }),
    ]);
    const ids = async (start: string, end: string) =>
      (await api.as(trader).get(`/bridge/trades?start_date=${start}&end_date=${end}`))
        .json<{ trades: { position_id: string }[] }>()
        .trades.map((p) => p.position_id);
    expect(await ids(day, day)).toEqual(['6000']);
    const dayBefore = localDateKey(close - MS_PER_DAY);
    expect(await ids(dayBefore, dayBefore)).toEqual([]);
    // The next day starts at local midnight: 23:30 of `day` is not in it.
    expect(await ids(localDateKey(close + MS_PER_DAY), localDateKey(close + MS_PER_DAY))).toEqual(
      [],
    );
  });
});

describe('/dashboard/deals, /dashboard/positions and /dashboard/realtime', () => {
  it('deals of today by default, newest first, within the limit', async ({ api, trader }) => {
    const res = await api.as(trader).get('/dashboard/deals?days=30&limit=4');
    const body = res.json<{
      data: { deals: { ticket: number; time: number; type: string }[]; total: number };
    }>();
    expect(body.data.deals).toHaveLength(4);
    const times = body.data.deals.map((d) => d.time);
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect(body.data.total).toBeGreaterThan(4);
    expect((await api.as(trader).get('/dashboard/deals')).statusCode).toBe(200);
  });

  it('the open book and the account as the agent sent them', async ({ api, trader }) => {
    const position = {
      ticket: 9001,
      symbol: 'WINZ25',
      type: 0,
      volume: 2,
      price_open: 125_000,
      sl: 124_500,
      tp: 126_000,
      price_current: 125_200,
      profit: 80,
      swap: 0,
      magic: 135_000,
      time: Math.floor(NOW / 1000) - 600,
      time_msc: NOW - 600_000,
      comment: '',
    };
    agent.send({ type: 'heartbeat', seq: 1, mt5_alive: true, ts: Date.now() });
    agent.send({ type: 'positions', ts: Date.now(), positions: [position] });
    agent.send({
      type: 'account',
      ts: Date.now(),
      account: {
        balance: 50_500,
        equity: 50_580,
        margin: 300,
        free_margin: 50_280,
        margin_level: 16_860,
        profit: 80,
        currency: 'BRL',
      },
    });
    // The agent's messages are handled in order: the account read back means all three were.
    await waitUntil(
      async () =>
        (await api.as(trader).get('/dashboard/realtime')).json<{
          data: { account_info: { balance?: number } };
        }>().data.account_info.balance === 50_500,
      'the account the agent sent never showed',
    );
    const book = (await api.as(trader).get('/dashboard/positions?no_cache=1')).json<{
      positions: unknown[];
      orders: unknown[];
      updated_at: string | null;
    }>();
    expect(book.positions).toEqual([position]);
    expect(book.orders).toEqual([]);
    expect(book.updated_at).not.toBeNull();
    const realtime = (await api.as(trader).get('/dashboard/realtime')).json<{
      data: {
        connection_status: object;
        account_info: object;
        positions: unknown[];
        performance: { total_trades: number; total_profit: number };
      };
    }>().data;
    expect(realtime.connection_status).toEqual({
      mt5_connected: true,
      bridge_connected: true,
      account: ACCOUNT,
      server: 'Vortex-Demo',
    });
    expect(realtime.account_info).toMatchObject({ balance: 50_500, equity: 50_580 });
    expect(realtime.positions).toEqual([position]);
    const stats = (await api.as(trader).get('/dashboard/stats?days=30')).json<{
      data: { total_trades: number; profit: number };
    }>().data;
    expect(realtime.performance.total_trades).toBe(stats.total_trades);
    expect(realtime.performance.total_profit).toBe(stats.profit);
    // With the account's balance known, the curve and Statistics' balance end at it.
    const curve = (await api.as(trader).get('/trading/equity-curve?days=30')).json<{
      equity_curve: { balance: number }[];
      balance_basis: { source: string };
    }>();
    expect(curve.balance_basis.source).toBe('account');
    expect(curve.equity_curve.at(-1)?.balance).toBeCloseTo(50_500, 6);
    const anchored = (await api.as(trader).get('/dashboard/stats?days=30')).json<{
      data: { balance: number; balance_basis: { source: string } };
    }>().data;
    expect(anchored.balance_basis.source).toBe('account');
    expect(anchored.balance).toBeCloseTo(50_500, 6);
  });
});
