import { Mt5DealSchema, Mt5HistoryOrderSchema } from '@vortex/core';
import { describe, expect, it } from 'vitest';
import { EaHelloSchema, EaMessageSchema, type EaMessage } from '../ea/ea-protocol.js';
import { DEALS_PER_LINE, EaTerminal } from './ea-terminal.js';
import { openSimMarket } from './sim-market.js';

// Wednesday 14:00 in São Paulo: the session is open and WINZ25 trades.
const NOW = Date.parse('2025-11-19T17:00:00Z');

function setup(historyDays: number) {
  const clock = { now: NOW };
  const market = openSimMarket({
    seed: 'ea-terminal',
    historyDays,
    speed: 1,
    now: () => clock.now,
  });
  const terminal = new EaTerminal(market, { beatMs: 5_000, now: () => clock.now });
  const tick = () => {
    market.advance();
    // Every message must be one the agent's EaAdapter accepts.
    return terminal.tick().map((m) => EaMessageSchema.parse(m));
  };
  return { clock, market, terminal, tick };
}

const dealsOf = (messages: EaMessage[]) =>
  messages.flatMap((m) => (m.type === 'deals' ? m.deals.map((d) => Mt5DealSchema.parse(d)) : []));
const types = (messages: EaMessage[]) => messages.map((m) => m.type);

describe('the simulated terminal speaks as VortexBridge.mq5', () => {
  it('says hello with the simulated account, as the sim adapter reports it', () => {
    const { market, terminal } = setup(2);
    const hello = EaHelloSchema.parse(terminal.connected());
    expect(hello).toEqual({
      type: 'hello',
      protocol: 1,
      ea_version: 'sim-1.00',
      ...market.source.terminal(),
    });
  });

  it('sends no deal before sync, then every deal above after_ticket, 200 per line', async () => {
    const { market, terminal, tick } = setup(60);
    terminal.connected();
    expect(types(tick())).not.toContain('deals');
    expect(market.deals.length).toBeGreaterThan(2 * DEALS_PER_LINE);

    await terminal.receive({ type: 'sync', after_ticket: 0 });
    const lines = tick().filter((m) => m.type === 'deals');
    expect(lines.map((m) => m.deals.length)).toEqual([
      DEALS_PER_LINE,
      DEALS_PER_LINE,
      market.deals.length - 2 * DEALS_PER_LINE,
    ]);
    expect(dealsOf(lines)).toEqual(market.deals);
    expect(dealsOf(tick())).toEqual([]);

    // A new agent that already has part of the history asks only for the rest.
    terminal.connected();
    await terminal.receive({ type: 'sync', after_ticket: 250 });
    expect(dealsOf(tick())).toEqual(market.deals.filter((d) => d.ticket > 250));
  });

  it('sends the deposits and withdrawals of a hedging USD account, as the EA now does', async () => {
    const clock = { now: NOW };
    const market = openSimMarket({
      seed: 'ea-terminal',
      historyDays: 5,
      speed: 1,
      now: () => clock.now,
      account: {
        marginMode: 'hedging',
        currency: 'USD',
        operations: [
          { day: 1, amount: 2_000 },
          { day: 3, amount: -500 },
        ],
      },
    });
    const terminal = new EaTerminal(market, { beatMs: 5_000, now: () => clock.now });
    expect(EaHelloSchema.parse(terminal.connected())).toMatchObject({
      margin_mode: 'hedging',
      currency: 'USD',
    });
    await terminal.receive({ type: 'sync', after_ticket: 0 });
    market.advance();
    const deals = dealsOf(terminal.tick().map((m) => EaMessageSchema.parse(m)));
    expect(deals).toEqual(market.deals);
    expect(
      deals.filter((d) => d.type === 2).map((d) => [d.symbol, d.position_id, d.profit]),
    ).toEqual([
      ['', 0, 10_000],
      ['', 0, 2_000],
      ['', 0, -500],
    ]);
  });

  it("sends the history orders done since the sync's cursor, each once", async () => {
    const { market, terminal, tick } = setup(30);
    const all = market.source.historyOrders?.(0) ?? [];
    expect(all.length).toBeGreaterThan(10);
    terminal.connected();
    await terminal.receive({ type: 'sync', after_ticket: 0 });
    const ordersOf = (messages: EaMessage[]) =>
      messages.flatMap((m) =>
        m.type === 'history_orders' ? m.orders.map((o) => Mt5HistoryOrderSchema.parse(o)) : [],
      );
    expect(ordersOf(tick())).toEqual(all);
    expect(ordersOf(tick())).toEqual([]);
    const since = all[Math.floor(all.length / 2)]?.time_done_msc ?? 0;
    terminal.connected();
    await terminal.receive({ type: 'sync', after_ticket: 0, orders_since_msc: since });
    expect(ordersOf(tick())).toEqual(all.filter((o) => o.time_done_msc >= since));
  });

  it('sends every state on a full beat and, between beats, only what changed', async () => {
    const { clock, market, terminal, tick } = setup(2);
    terminal.connected();
    const lastDone = market.source.historyOrders?.(0).at(-1)?.time_done_msc ?? 0;
    await terminal.receive({
      type: 'sync',
      after_ticket: market.deals.at(-1)?.ticket ?? 0,
      orders_since_msc: lastDone + 1,
    });
    const first = tick();
    expect(types(first)).toEqual(['heartbeat', 'account', 'positions', 'orders']);
    expect(first[0]).toMatchObject({ terminal_connected: true, trade_allowed: true });
    expect(first[1]).toEqual({ type: 'account', account: market.source.account() });
    expect(tick()).toEqual([]);

    const limit = await terminal.receive({
      type: 'command',
      command_id: '6b4d7c1e-2f0a-4b8e-9a55-0d2c3e4f5a6b',
      kind: 'place_order',
      symbol: market.symbol,
      side: 'buy',
      order_type: 'limit',
      volume: 1,
      price: 100_000,
      magic: 7,
    });
    expect(limit).toMatchObject({ kind: 'reply', message: { ok: true, retcode: 10009 } });
    const after = tick();
    expect(types(after)).toEqual(['orders']);
    expect(after[0]).toEqual({ type: 'orders', orders: market.source.orders() });

    clock.now += 5_000;
    expect(types(tick()).slice(0, 4)).toEqual(['heartbeat', 'account', 'positions', 'orders']);
  });

  it('starts a bar feed with its recent closed bars, then sends each bar as it closes', async () => {
    const { clock, market, terminal, tick } = setup(2);
    terminal.connected();
    const subscribe = (symbol: string) =>
      terminal.receive({
        type: 'command',
        command_id: '0f1e2d3c-4b5a-4697-8877-665544332211',
        kind: 'subscribe_bars',
        symbol,
        timeframe: 'M5',
      });
    expect(await subscribe('PETR4')).toMatchObject({
      message: { ok: false, error: 'unknown_symbol' },
    });
    expect(await subscribe(market.symbol)).toMatchObject({ message: { ok: true } });
    const [history] = tick().filter((m) => m.type === 'bars');
    expect(history).toMatchObject({ symbol: market.symbol, timeframe: 'M5' });
    // The bar of 13:55 in São Paulo closed at 14:00; the one forming is not sent.
    expect(history?.type === 'bars' && history.bars.at(-1)?.time).toBe(NOW / 1000 - 300);

    clock.now += 5 * 60_000;
    const [next] = tick().filter((m) => m.type === 'bars');
    expect(next?.type === 'bars' && next.bars.map((b) => b.time)).toEqual([NOW / 1000]);
  });
});
