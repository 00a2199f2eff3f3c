import type { Command } from '@vortex/core';
import { describe, expect, it } from 'vitest';
import { createSimSource } from './sim-source.js';

// Wednesday 14:00 in São Paulo: the session is open and WINZ25 trades.
const NOW = Date.parse('2025-11-19T17:00:00Z');
const SYMBOL = 'WINZ25';

function terminal() {
  const source = createSimSource({ seed: 'cmd-test', historyDays: 2, speed: 1, now: () => NOW });
  let n = 0;
  const run = (command: Command) => source.execute(command, `id-${++n}`);
  const last = source.bars(SYMBOL, 'M1', 0, 1).at(-1)?.close ?? 0;
  return { source, run, last };
}

const order = (over: Partial<Extract<Command, { kind: 'place_order' }>>): Command => ({
  kind: 'place_order',
  symbol: SYMBOL,
  side: 'buy',
  order_type: 'market',
  volume: 1,
  sl: 0,
  tp: 0,
  magic: 4242,
  comment: 'vortex',
  ...over,
});

describe('commands on the simulated terminal', () => {
  it('buys at market, books the deal, and closes the position', async () => {
    const { source, run } = terminal();
    const before = source.poll(0).length;
    const placed = await run(order({ volume: 2 }));
    expect(placed).toMatchObject({ ok: true, retcode: 10009, message: 'Solicitação concluída' });
    const deal = source.poll(0).at(-1);
    expect(source.poll(0)).toHaveLength(before + 1);
    expect(placed.data).toEqual({
      order: deal?.order,
      deal: deal?.ticket,
      price: deal?.price,
      volume: 2,
    });
    expect(deal).toMatchObject({ symbol: SYMBOL, type: 0, entry: 0, magic: 4242, reason: 3 });

    const [position] = source.positions();
    expect(position).toMatchObject({ type: 0, volume: 2 });
    const partial = await run({ kind: 'close_position', ticket: position?.ticket ?? 0, volume: 1 });
    expect(partial).toMatchObject({ ok: true, retcode: 10009, data: { volume: 1 } });
    expect(source.positions()).toMatchObject([{ volume: 1 }]);
    await run({ kind: 'close_position', ticket: position?.ticket ?? 0 });
    expect(source.positions()).toEqual([]);
    expect(
      source
        .poll(0)
        .slice(-2)
        .map((d) => d.entry),
    ).toEqual([1, 1]);
  });

  it('places, modifies and cancels a buy limit', async () => {
    const { source, run, last } = terminal();
    const price = Math.round((last - 500) / 5) * 5;
    const placed = await run(order({ order_type: 'limit', price, sl: price - 200 }));
    expect(placed).toMatchObject({ ok: true, retcode: 10009, data: { deal: 0 } });
    const ticket = Number(placed.data?.order);
    expect(source.orders()).toMatchObject([{ order: ticket, type: 2, price_open: price }]);

    const moved = await run({ kind: 'modify_order', ticket, price: price - 100, tp: price + 400 });
    expect(moved).toMatchObject({ ok: true, retcode: 10009 });
    expect(source.orders()).toMatchObject([
      { order: ticket, price_open: price - 100, sl: price - 200, tp: price + 400 },
    ]);
    expect(await run({ kind: 'cancel_order', ticket })).toMatchObject({ ok: true });
    expect(source.orders()).toEqual([]);
  });

  it('moves the stops of an open position through modify_order', async () => {
    const { source, run, last } = terminal();
    await run(order({ side: 'sell' }));
    const ticket = source.positions()[0]?.ticket ?? 0;
    const stops = { sl: Math.round((last + 300) / 5) * 5, tp: Math.round((last - 300) / 5) * 5 };
    expect(await run({ kind: 'modify_order', ticket, ...stops })).toMatchObject({ ok: true });
    expect(source.positions()).toMatchObject([{ ticket, type: 1, ...stops }]);
  });

  it('answers the trade server codes of bad requests in pt-BR', async () => {
    const { run, last } = terminal();
    expect(await run(order({ volume: 1.5 }))).toMatchObject({
      ok: false,
      retcode: 10014,
      message: 'Volume inválido na solicitação',
    });
    expect(await run(order({ order_type: 'limit', price: last + 1_000 }))).toMatchObject({
      ok: false,
      retcode: 10015,
    });
    expect(await run(order({ symbol: 'PETR4' }))).toMatchObject({ ok: false, retcode: 10013 });
    expect(await run({ kind: 'cancel_order', ticket: 999_999 })).toMatchObject({
      ok: false,
      retcode: 10013,
    });
  });

  it('confirms a login only for the simulated account', async () => {
    const { source, run } = terminal();
    const { account_number: account, server } = source.terminal();
    expect(await run({ kind: 'mt5_login', login: account, password: 'x', server })).toMatchObject({
      ok: true,
      data: { account, server },
    });
    const other = await run({ kind: 'mt5_login', login: 12345, password: 'x', server });
    expect(other.ok).toBe(false);
    expect(other.message).toContain(`conta ${account}`);
  });

  it('logs out, refusing trades until the account logs in again', async () => {
    const { source, run } = terminal();
    const { account_number: account, server } = source.terminal();
    expect(await run({ kind: 'mt5_logout' })).toMatchObject({ ok: true, data: { account } });
    expect(source.alive()).toBe(false);
    expect(await run(order({}))).toEqual({
      ok: false,
      retcode: 10031,
      message: 'Sem conexão com o servidor de negociação',
    });
    await run({ kind: 'mt5_login', login: account, password: 'x', server });
    expect(source.alive()).toBe(true);
    expect(await run(order({}))).toMatchObject({ ok: true, retcode: 10009 });
  });

  it('subscribes to bars of its own symbol only', async () => {
    const { run } = terminal();
    expect(await run({ kind: 'subscribe_bars', symbol: SYMBOL, timeframe: 'M5' })).toMatchObject({
      ok: true,
      data: { symbol: SYMBOL, timeframe: 'M5' },
    });
    expect(await run({ kind: 'subscribe_bars', symbol: 'PETR4', timeframe: 'M1' })).toMatchObject({
      ok: false,
      message: 'O símbolo PETR4 não está disponível no terminal.',
    });
  });
});
