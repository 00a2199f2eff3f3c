import type { SymbolSpec } from '@vortex/core';
import { z } from 'zod';
import { TestAgent } from '../../../test/agent-client.js';
import { describe, expect, it, type Requests, type TestUser } from '../../../test/fixture.js';
import { rowsOf } from '../../db/rows.js';

const win: SymbolSpec = {
  symbol: 'WINZ25',
  tick_size: 5,
  tick_value: 1,
  contract_size: 1,
  volume_min: 1,
  volume_step: 1,
  currency_profit: 'BRL',
  digits: 0,
};
const wdo: SymbolSpec = { ...win, symbol: 'WDOF26', tick_size: 0.5, tick_value: 5, digits: 1 };

/** One connection of the account's agent: auth (a pairing token or the session), then hello. */
async function connectAndHello(
  base: string,
  auth: { pairing_token: string } | { session_token: string },
  extra: Record<string, unknown>,
): Promise<{ agent: TestAgent; session: string }> {
  const agent = await TestAgent.connect(base);
  agent.send({ type: 'auth', protocol: 1, client_version: '0.3.0', ...auth });
  const ok = await agent.next();
  if (ok.type !== 'auth_ok') throw new Error(`auth refused: ${JSON.stringify(ok)}`);
  agent.send({
    type: 'hello',
    account_number: 6_200_001,
    server: 'Corretora-PRD',
    currency: 'BRL',
    margin_mode: 'netting',
    trade_mode: 'real',
    client_version: '0.3.0',
    ...extra,
  });
  expect((await agent.next()).type).toBe('resume');
  return { agent, session: ok.session_token };
}

const pairingToken = async (api: Requests, user: TestUser) =>
  (await api.as(user).post('/bridge/token/create', { label: 'specs' })).json<{ token: string }>()
    .token;

describe("the symbols' specifications in the hello", () => {
  it('are stored per account and symbol, and a later hello updates them', async ({
    base,
    db,
    api,
    newUser,
  }) => {
    const u = await newUser({ role: 'trader' });
    const stored = () =>
      rowsOf(
        db.pool,
        z.object({
          symbol: z.string(),
          tick_size: z.number(),
          tick_value: z.number(),
          volume_step: z.number(),
          currency_profit: z.string(),
          digits: z.number(),
        }),
        `SELECT s.symbol, s.tick_size, s.tick_value, s.volume_step, s.currency_profit, s.digits
         FROM mt5_symbol_specs s JOIN mt5_accounts a ON a.id = s.account_id
         WHERE a.user_id = $1 ORDER BY s.symbol`,
        [u.id],
      );
    const first = await connectAndHello(
      base,
      { pairing_token: await pairingToken(api, u) },
      { symbol_specs: [win, wdo] },
    );
    const pick = ({
      symbol,
      tick_size,
      tick_value,
      volume_step,
      currency_profit,
      digits,
    }: SymbolSpec) => ({ symbol, tick_size, tick_value, volume_step, currency_profit, digits });
    expect(await stored()).toEqual([pick(wdo), pick(win)]);
    first.agent.close();
    await first.agent.waitClosed();

    // The broker changed WDO's tick value; WIN is not in this hello and keeps its figures.
    const changed = { ...wdo, tick_value: 5.5, volume_step: 2 };
    const second = await connectAndHello(
      base,
      { session_token: first.session },
      { symbol_specs: [changed] },
    );
    expect(await stored()).toEqual([pick(changed), pick(win)]);
    second.agent.close();
    await second.agent.waitClosed();

    // An older agent says nothing of them: its hello is accepted and the stored ones stay.
    const older = await connectAndHello(base, { session_token: first.session }, {});
    expect(await stored()).toEqual([pick(changed), pick(win)]);
    older.agent.close();
  });
});
