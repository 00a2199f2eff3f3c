import { describe, expect, it } from 'vitest';
import { order, position } from '../dashboard.fixtures';
import { bridgeInfoOf, dataStateOf } from './data-state';
import { openTable } from './open-rows';
import { tradesOfLatestDay } from '../components/charts/bar-charts';

const NOW = Date.UTC(2025, 2, 10, 15, 0, 0);
const at = (msAgo: number) => Math.floor((NOW - msAgo) / 1000);
const pos = (ticket: number, msAgo: number) =>
  position(ticket, { time: at(msAgo), time_msc: NOW - msAgo }) as never;

describe('openTable', () => {
  it('lists positions newest first, then orders, at most 10 rows', () => {
    const positions = [
      pos(1, 60_000),
      pos(2, 1_000),
      ...[3, 4, 5, 6, 7, 8, 9, 10].map((t) => pos(t, 9e6)),
    ];
    const orders = [order(100), order(101)] as never[];
    const table = openTable(positions, orders, new Map(), NOW);
    expect(table.rows).toHaveLength(10);
    expect(table.total).toBe(12);
    expect(table.rows.slice(0, 2).map((r) => r.id)).toEqual([2, 1]);
    expect(table.rows.every((r) => r.kind === 'position')).toBe(true);
  });

  it('flags positions open for more than 2 hours, not at exactly 2 hours', () => {
    const table = openTable([pos(1, 7_200_000), pos(2, 7_201_000)], [], new Map(), NOW);
    expect(table.stale).toEqual([2]);
  });

  it('hides positions closed since they opened, not a later round trip of the same id', () => {
    const closedAt = new Map([
      ['2', NOW - 1_000],
      ['3', NOW - 120_000],
    ]);
    const table = openTable([pos(1, 0), pos(2, 60_000), pos(3, 60_000)], [], closedAt, NOW);
    expect(table.rows.map((r) => r.id)).toEqual([1, 3]);
    expect(table.hidden).toBe(1);
  });
});

describe('bridge info and data state (trading.md §4)', () => {
  const status = {
    success: true,
    connected: true,
    mt5_connected: true,
    bridge_connected: true,
    account: 1,
    login: 1,
    server: 's',
    source: 'bridge',
  } as const;
  const claim = (lastSeen: string | null, state: 'active' | 'revoked' = 'active') =>
    ({
      id: 'c',
      user_id: 2,
      token_prefix: 'x',
      status: state,
      created_at: '',
      last_seen_at: lastSeen,
      last_hb_mt5_at: null,
      last_hb_mt5: false,
      primary_account_number: null,
    }) as const;

  it('tells the four bridge situations apart', () => {
    expect(bridgeInfoOf(status, [], NOW)).toBe('awaiting');
    expect(bridgeInfoOf({ ...status, mt5_connected: false }, [], NOW)).toBe('mt5_off');
    const off = { ...status, bridge_connected: false, mt5_connected: false };
    expect(bridgeInfoOf(off, [claim(new Date(NOW - 60_000).toISOString())], NOW)).toBe(
      'unreachable',
    );
    // Fresh means seen in the last 5 minutes; a revoked claim is no bridge.
    expect(bridgeInfoOf(off, [claim(new Date(NOW - 301_000).toISOString())], NOW)).toBe('unpaired');
    expect(bridgeInfoOf(off, [claim(new Date(NOW).toISOString(), 'revoked')], NOW)).toBe(
      'unpaired',
    );
    expect(bridgeInfoOf(undefined, [], NOW)).toBe('unpaired');
  });

  it('is live with completed positions, whatever the bridge says', () => {
    const base = { pending: false, statusFailed: true, bridgeInfo: 'unreachable' as const };
    expect(dataStateOf({ ...base, totalTrades: 3 })).toBe('live');
    expect(dataStateOf({ ...base, totalTrades: 0 })).toBe('bridge_error');
    expect(dataStateOf({ ...base, pending: true, totalTrades: undefined })).toBe('loading');
    expect(
      dataStateOf({
        pending: false,
        statusFailed: false,
        bridgeInfo: 'unpaired',
        totalTrades: undefined,
      }),
    ).toBe('empty');
  });
});

describe('tradesOfLatestDay (issue 26: balance operations on the curve)', () => {
  const point = (date: string, hour: number, cumulative: number, balance: number) => ({
    date,
    equity: balance,
    balance,
    cumulative_profit: cumulative,
    timestamp: Date.parse(`${date}T${String(hour).padStart(2, '0')}:00:00Z`),
  });

  it('takes the latest day with a trade, not a later withdrawal, and counts no deposit as a trade', () => {
    const curve = [
      point('2025-05-01', 12, 0, 1_000), // a deposit opens the account
      point('2025-05-07', 12, 30, 1_030),
      point('2025-05-08', 12, 20, 1_020),
      point('2025-05-08', 13, 20, 1_520), // a deposit the same day: no trade
      point('2025-05-08', 15, 45, 1_545),
      point('2025-05-12', 12, 45, 45), // the withdrawal of everything else
    ];
    const { date, trades } = tradesOfLatestDay(curve);
    expect(date).toBe('2025-05-08');
    expect(trades.map((t) => t.net)).toEqual([-10, 25]);
    expect(trades.map((t) => t.n)).toEqual([1, 2]);
  });

  it('keeps a breakeven trade, whose balance moved with its profit (by zero)', () => {
    const curve = [point('2025-05-07', 12, 30, 1_030), point('2025-05-07', 13, 30, 1_030)];
    expect(tradesOfLatestDay(curve).trades.map((t) => t.net)).toEqual([30, 0]);
  });

  it('has no day without trades', () => {
    expect(tradesOfLatestDay([point('2025-05-01', 12, 0, 1_000)])).toEqual({
      date: null,
      trades: [],
    });
  });
});
