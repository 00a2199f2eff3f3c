import { randomUUID } from 'node:crypto';
import type { Command, Mt5Deal } from '@vortex/core';
import { afterEach, describe, expect, it } from 'vitest';
import { commandMessages } from '../agent/messages.js';
import { EaAdapter } from './ea-adapter.js';
import { parseEaCommand } from './ea-protocol.js';
import { FakeEa } from './fake-ea.js';
import { waitUntil } from '../../../server/test/wait.js';

const hello = {
  type: 'hello',
  protocol: 1,
  ea_version: '1.00',
  account_number: 5_123_456,
  server: 'XPMT5-DEMO',
  company: 'XP Investimentos',
  currency: 'BRL',
  margin_mode: 'netting',
  trade_mode: 'demo',
  terminal_build: 4_755,
};
const deal = (ticket: number): Mt5Deal => ({
  ticket,
  order: ticket + 100,
  position_id: ticket + 100,
  symbol: 'WINZ25',
  type: 0,
  entry: 0,
  volume: 1,
  price: 128_000,
  profit: 0,
  commission: -0.25,
  swap: 0,
  magic: 0,
  reason: 0,
  comment: '',
  time: 1_763_571_600,
  time_msc: 1_763_571_600_123,
});
const buy: Command = {
  kind: 'place_order',
  symbol: 'WINZ25',
  side: 'buy',
  order_type: 'market',
  volume: 1,
  sl: 0,
  tp: 0,
  magic: 9,
  comment: '',
};

let adapter: EaAdapter | undefined;
const eas: FakeEa[] = [];
afterEach(async () => {
  await Promise.all(eas.splice(0).map((ea) => ea.close()));
  await adapter?.close();
});

async function start(timeoutMs = 5_000) {
  const logs: string[] = [];
  adapter = await EaAdapter.listen({
    port: 0,
    commandTimeoutMs: timeoutMs,
    log: (m) => logs.push(m),
  });
  const a = adapter;
  const connect = async () => {
    const ea = await FakeEa.connect(a.port);
    eas.push(ea);
    ea.send(hello);
    return ea;
  };
  return { adapter: a, logs, connect };
}

describe('the ea adapter with a scripted Expert Advisor over TCP', () => {
  it('serves what the EA pushes: identity, account, positions, orders, deals and bars', async () => {
    const { adapter, logs, connect } = await start();
    const ea = await connect();
    expect(await adapter.waitForTerminal()).toMatchObject({
      account_number: 5_123_456,
      server: 'XPMT5-DEMO',
      margin_mode: 'netting',
    });
    expect(await ea.next('sync')).toEqual({ type: 'sync', after_ticket: 0, orders_since_msc: 0 });
    expect(adapter.alive()).toBe(false);

    const account = {
      balance: 10_000,
      equity: 10_050,
      margin: 100,
      free_margin: 9_950,
      margin_level: 10_050,
      profit: 50,
      currency: 'BRL',
    };
    ea.send({
      type: 'heartbeat',
      terminal_connected: true,
      trade_allowed: true,
      time: 1_763_571_600,
    });
    ea.send({ type: 'account', account });
    ea.send({ type: 'orders', orders: [] });
    // A trade with no symbol is refused; a deposit has none, as MT5 writes balance operations.
    const deposit = {
      ...deal(4),
      order: 0,
      position_id: 0,
      symbol: '',
      type: 2,
      volume: 0,
      price: 0,
      profit: 5_000,
      commission: 0,
      comment: 'Deposit',
    };
    ea.send({ type: 'deals', deals: [deal(1), deal(2), { ...deal(3), symbol: '' }, deposit] });
    const bar = {
      time: 1_763_571_600,
      open: 1,
      high: 2,
      low: 1,
      close: 2,
      tick_volume: 5,
      volume: 9,
    };
    ea.send({ type: 'bars', symbol: 'WINZ25', timeframe: 'M1', bars: [bar] });
    await waitUntil(() => adapter.bars('WINZ25', 'M1', 0, 10).length === 1, 'the bar never came');

    expect(adapter.alive()).toBe(true);
    expect(adapter.account()).toEqual(account);
    expect(adapter.poll(0).map((d) => d.ticket)).toEqual([1, 2, 4]);
    expect(adapter.poll(1).map((d) => d.ticket)).toEqual([2, 4]);
    expect(adapter.poll(2)).toEqual([deposit]);
    expect(adapter.bars('WINZ25', 'M1', bar.time, 10)).toEqual([]);
    expect(logs.some((l) => l.startsWith('Deal inválido do Expert Advisor ignorado: symbol'))).toBe(
      true,
    );
  });

  it("serves the EA's history orders and symbol digits, and resumes orders from the agent's cursor", async () => {
    const { adapter, logs } = await start();
    const ea = await FakeEa.connect(adapter.port);
    eas.push(ea);
    ea.send({ ...hello, symbol_digits: [{ symbol: 'WINZ25', digits: 0 }] });
    expect(await adapter.waitForTerminal()).toMatchObject({
      symbol_digits: [{ symbol: 'WINZ25', digits: 0 }],
    });
    await ea.next('sync');
    const order = (ticket: number, done: number) => ({
      ticket,
      symbol: 'WINZ25',
      type: 2,
      state: 4,
      volume_initial: 1,
      volume_current: 0,
      price_open: 125_000,
      sl: 124_800,
      tp: 125_400,
      price_current: 125_000,
      time_setup_msc: done - 1_000,
      time_done_msc: done,
      magic: 9,
      comment: '',
      position_id: ticket,
      reason: 3,
    });
    ea.send({
      type: 'history_orders',
      orders: [order(7, 1_000), order(8, 2_000), { ...order(9, 3_000), state: 99 }],
    });
    await waitUntil(() => adapter.historyOrders(0).length === 2, 'the history orders never came');
    expect(adapter.historyOrders(1_500).map((o) => o.ticket)).toEqual([8]);
    expect(logs.some((l) => l.startsWith('Ordem do histórico inválida do Expert Advisor'))).toBe(
      true,
    );
    // A new connection of the EA scans the history from where the agent has it.
    const again = await FakeEa.connect(adapter.port);
    eas.push(again);
    again.send(hello);
    expect(await again.next('sync')).toMatchObject({ orders_since_msc: 1_500 });
  });

  it("passes on the EA's symbol specifications, leaving out a symbol not synchronised yet", async () => {
    const { adapter, logs } = await start();
    const ea = await FakeEa.connect(adapter.port);
    eas.push(ea);
    const win = {
      symbol: 'WINZ25',
      tick_size: 5,
      tick_value: 1,
      contract_size: 1,
      volume_min: 1,
      volume_step: 1,
      currency_profit: 'BRL',
      digits: 0,
    };
    const wdo = { ...win, symbol: 'WDOF26', tick_size: 0.5, tick_value: 5, digits: 1 };
    // A Market Watch symbol whose data has not arrived: SymbolInfoDouble gives 0 for its tick.
    const idle = { ...win, symbol: 'PETR4', tick_size: 0, tick_value: 0 };
    ea.send({ ...hello, symbol_specs: [win, idle, wdo] });
    const terminal = await adapter.waitForTerminal();
    expect(terminal.symbol_specs).toEqual([win, wdo]);
    expect(logs.some((l) => l.includes('PETR4'))).toBe(true);
    await ea.next('sync');
    // An older EA says nothing of them, and nothing is made up.
    const older = await FakeEa.connect(adapter.port);
    eas.push(older);
    older.send(hello);
    await older.next('sync');
    expect(adapter.terminal().symbol_specs).toBeUndefined();
  });

  it('sends a command to the EA and reports its answer in pt-BR', async () => {
    const { adapter, connect } = await start();
    const ea = await connect();
    await adapter.waitForTerminal();
    const id = randomUUID();
    const running = adapter.execute(buy, id);
    const sent = await ea.next('command');
    expect(parseEaCommand(sent)).toEqual({ command_id: id, command: buy });
    ea.send({
      type: 'command_result',
      command_id: id,
      ok: true,
      retcode: 10009,
      message: 'done',
      data: { order: 77, deal: 88, price: 128_005, volume: 1 },
    });
    expect(await running).toEqual({
      ok: true,
      retcode: 10009,
      message: 'Solicitação concluída',
      data: { order: 77, deal: 88, price: 128_005, volume: 1 },
    });

    const refused = adapter.execute(buy, randomUUID());
    const second = await ea.next('command');
    ea.send({ type: 'command_result', command_id: second.command_id, ok: false, retcode: 10027 });
    expect(await refused).toEqual({
      ok: false,
      retcode: 10027,
      message: 'Negociação automática desabilitada no terminal (botão Algo Trading)',
    });

    const subscribe = adapter.execute(
      { kind: 'subscribe_bars', symbol: 'XYZ1', timeframe: 'M1' },
      randomUUID(),
    );
    const third = await ea.next('command');
    ea.send({
      type: 'command_result',
      command_id: third.command_id,
      ok: false,
      error: 'unknown_symbol',
    });
    expect(await subscribe).toEqual({ ok: false, message: commandMessages.unknownSymbol('XYZ1') });
  });

  it('checks mt5_login against the terminal without bothering the EA', async () => {
    const { adapter, connect } = await start();
    expect(await adapter.execute(buy, randomUUID())).toEqual({
      ok: false,
      message: commandMessages.eaOffline,
    });
    await connect();
    await adapter.waitForTerminal();
    const login = (n: number) =>
      adapter.execute(
        { kind: 'mt5_login', login: n, password: 'segredo', server: 'XPMT5-DEMO' },
        randomUUID(),
      );
    expect(await login(5_123_456)).toMatchObject({
      ok: true,
      data: { account: 5_123_456, server: 'XPMT5-DEMO' },
    });
    expect((await login(42)).ok).toBe(false);
  });

  it('logs a malformed line and carries on', async () => {
    const { adapter, logs, connect } = await start();
    const ea = await connect();
    await adapter.waitForTerminal();
    ea.sendRaw('{isto não é json');
    ea.send({ type: 'deals', deals: 'muitos' });
    ea.send({ type: 'telemetria', x: 1 });
    ea.send({ type: 'deals', deals: [deal(10)] });
    await waitUntil(() => adapter.poll(0).length === 1, 'the valid deal never came');
    expect(logs.filter((l) => l.includes('inválida do Expert Advisor ignorada'))).toHaveLength(3);
    expect(ea.closed).toBe(false);
  });

  it('fails the commands of an EA that drops, then resumes deals and bar feeds when it returns', async () => {
    const { adapter, connect } = await start();
    const first = await connect();
    await adapter.waitForTerminal();
    first.send({ type: 'heartbeat', terminal_connected: true, trade_allowed: true });
    first.send({ type: 'deals', deals: [deal(1), deal(2)] });
    const feed: Command = { kind: 'subscribe_bars', symbol: 'WINZ25', timeframe: 'M5' };
    const subscribing = adapter.execute(feed, randomUUID());
    const sub = await first.next('command');
    first.send({ type: 'command_result', command_id: sub.command_id, ok: true });
    expect(await subscribing).toMatchObject({
      ok: true,
      message: commandMessages.subscribed('WINZ25', 'M5'),
    });

    const inFlight = adapter.execute(buy, randomUUID());
    await first.next('command');
    await first.close();
    expect(await inFlight).toEqual({ ok: false, message: commandMessages.eaDropped });
    expect(adapter.alive()).toBe(false);
    expect(adapter.terminal().account_number).toBe(5_123_456);

    const second = await connect();
    expect(await second.next('sync')).toEqual({
      type: 'sync',
      after_ticket: 2,
      orders_since_msc: 0,
    });
    expect(parseEaCommand(await second.next('command')).command).toEqual(feed);
    second.send({ type: 'heartbeat', terminal_connected: true, trade_allowed: true });
    await waitUntil(() => adapter.alive(), 'the adapter never came alive');

    // A third connection replaces the second: MT5 reconnects before noticing the old one is dead.
    const third = await connect();
    await third.next('sync');
    await waitUntil(() => second.closed, 'the replaced connection stayed open');
  });

  it('reports a command the EA never answers as unconfirmed, and ignores the late answer', async () => {
    const { adapter, logs, connect } = await start(300);
    const ea = await connect();
    await adapter.waitForTerminal();
    const id = randomUUID();
    expect(await adapter.execute(buy, id)).toEqual({
      ok: false,
      message: commandMessages.eaTimeout,
    });
    ea.send({ type: 'command_result', command_id: id, ok: true, retcode: 10009 });
    await waitUntil(() => logs.some((l) => l.includes(id)), 'the late answer was never logged');
  });
});
