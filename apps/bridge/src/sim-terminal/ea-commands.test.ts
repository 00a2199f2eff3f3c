import { randomUUID } from 'node:crypto';
import type { Command } from '@vortex/core';
import { describe, expect, it } from 'vitest';
import { BarStreams } from '../agent/bar-streams.js';
import { commandMessages } from '../agent/messages.js';
import { EaCommandResultSchema, toEaCommand } from '../ea/ea-protocol.js';
import { outcomeOf } from '../ea/ea-results.js';
import { runEaCommand } from './ea-commands.js';
import { openSimMarket } from './sim-market.js';

// Wednesday 14:00 in São Paulo: the session is open and WINZ25 trades.
const NOW = Date.parse('2025-11-19T17:00:00Z');

function setup() {
  const market = openSimMarket({ seed: 'ea-commands', historyDays: 2, speed: 1, now: () => NOW });
  const bars = new BarStreams();
  /** Sends the command as the agent does and reads the answer as the agent would. */
  const run = async (command: Command) => {
    const raw = await runEaCommand(market, bars, toEaCommand(randomUUID(), command));
    const result = EaCommandResultSchema.parse(raw);
    return { result, outcome: outcomeOf(result, command) };
  };
  return { market, bars, run };
}

const buy = (symbol: string, over: Partial<Extract<Command, { kind: 'place_order' }>> = {}) =>
  ({
    kind: 'place_order',
    symbol,
    side: 'buy',
    order_type: 'market',
    volume: 1,
    sl: 0,
    tp: 0,
    magic: 4242,
    comment: 'vortex',
    ...over,
  }) satisfies Command;

describe('commands on the simulated terminal, answered as the EA answers them', () => {
  it('fills a market order with its retcode and deal, and closes the position', async () => {
    const { market, run } = setup();
    const flat = market.source.positions().find((p) => p.magic === 135_000);
    if (flat) await run({ kind: 'close_position', ticket: flat.ticket });
    const placed = await run(buy(market.symbol));
    market.advance();
    const deal = market.deals.at(-1);
    expect(placed.result).toMatchObject({ ok: true, retcode: 10009 });
    expect(placed.outcome).toMatchObject({ ok: true, message: 'Solicitação concluída' });
    expect(placed.result.data).toEqual({
      order: deal?.order,
      deal: deal?.ticket,
      price: deal?.price,
      volume: 1,
    });
    expect(deal).toMatchObject({ magic: 4242, comment: 'vortex', entry: 0, type: 0 });

    const ticket = deal?.position_id ?? 0;
    const sl = (deal?.price ?? 0) - 300;
    const stops = await run({ kind: 'modify_order', ticket, sl });
    expect(stops.result).toMatchObject({ ok: true, retcode: 10009 });
    expect(market.source.positions().find((p) => p.ticket === ticket)?.sl).toBe(sl);

    const closed = await run({ kind: 'close_position', ticket });
    expect(closed.result).toMatchObject({ ok: true, retcode: 10009 });
    expect(market.source.positions().some((p) => p.ticket === ticket)).toBe(false);
  });

  it('refuses what the EA checks before the trade server: symbol, ticket, kind', async () => {
    const { market, run } = setup();
    const foreign = await run(buy('PETR4'));
    expect(foreign.result).toMatchObject({ ok: false, error: 'unknown_symbol' });
    expect(foreign.outcome.message).toBe(commandMessages.unknownSymbol('PETR4'));

    for (const command of [
      { kind: 'close_position', ticket: 999_999 },
      { kind: 'cancel_order', ticket: 999_999 },
      { kind: 'modify_order', ticket: 999_999, sl: 1 },
    ] satisfies Command[]) {
      const missing = await run(command);
      expect(missing.result).toMatchObject({ ok: false, error: 'not_found' });
      expect(missing.outcome.message).toBe(commandMessages.notFound(999_999));
    }

    await run(buy(market.symbol));
    const position = market.source.positions()[0];
    const priced = await run({ kind: 'modify_order', ticket: position?.ticket ?? 0, price: 1 });
    expect(priced.result).toMatchObject({ ok: false, error: 'bad_command' });

    // The agent answers mt5_login itself; the EA has no such command.
    const login = await run({ kind: 'mt5_login', login: 1, password: 'x', server: 'y' });
    expect(login.result).toMatchObject({ ok: false, error: 'bad_command' });
  });

  it('places, then cancels a pending order; a refused request keeps its retcode', async () => {
    const { market, run } = setup();
    const limit = await run(buy(market.symbol, { order_type: 'limit', price: 100_000 }));
    expect(limit.result).toMatchObject({ ok: true, retcode: 10009 });
    const order = market.source.orders()[0]?.order ?? 0;
    expect(order).toBe(limit.result.data?.order);
    expect((await run({ kind: 'cancel_order', ticket: order })).result).toMatchObject({
      ok: true,
      retcode: 10009,
    });
    expect(market.source.orders()).toEqual([]);

    const fractional = await run(buy(market.symbol, { volume: 0.5 }));
    expect(fractional.result).toMatchObject({ ok: false, retcode: 10014 });
    expect(fractional.outcome.message).toBe('Volume inválido na solicitação');
  });

  it('answers a command it cannot read with bad_command, by its id', async () => {
    const { market, bars } = setup();
    const id = randomUUID();
    const answer = await runEaCommand(market, bars, { type: 'command', command_id: id, kind: 'x' });
    expect(EaCommandResultSchema.parse(answer)).toMatchObject({
      command_id: id,
      ok: false,
      error: 'bad_command',
    });
    expect(await runEaCommand(market, bars, { type: 'command', kind: 'cancel_order' })).toBe(
      undefined,
    );
  });
});
