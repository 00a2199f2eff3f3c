// Issue 26, one account is one account: the statement of the account the agent feeds, imported
// back, is the same account; every total (tax, statistics, dashboard) counts each deal once.
import {
  AccountsResponseSchema,
  ReportImportResponseSchema,
  importSummaryMessages,
} from '@vortex/core';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { describe, expect, it, type Requests, type TestDatabase } from '../../../test/fixture.js';
import { backfill } from '../../../../bridge/src/sim/backfill.js';
import { TestAgent } from '../../../test/agent-client.js';
import { bearer, makeUser, type TestUser } from '../../../test/identities.js';
import { oneRow } from '../../db/rows.js';
import { helloAccount } from '../bridge/trading-ingest.repo.js';
import { storeAgentHistory } from '../../../test/agent-history.js';

let api: Requests;
let db: TestDatabase;
let app: FastifyInstance;

let base: string;

it.beforeAll(({ db: givenDb, app: givenApp, api: givenApi, base: givenBase }) => {
  [db, app, api, base] = [givenDb, givenApp, givenApi, givenBase];
});

const DEMO = { accountNumber: 1_000_001, server: 'Vortex-Demo' };

/** The history `connectedTrader` stores, as its agent sends it. */
function demoDeals(wholeSeconds: boolean) {
  const history = backfill({ seed: 'vortex', days: 40, endTime: Date.now() });
  const deals = wholeSeconds
    ? history.deals.map((d) => ({ ...d, time_msc: Math.floor(d.time_msc / 1000) * 1000 }))
    : history.deals;
  return { history, deals };
}

/**
 * A trader whose agent filled the account: the demo's history and its figures, as the agent.
 * `wholeSeconds`: deals timed to the second, as a statement writes them, so a deal the statement
 * brings back is the agent's to the millisecond.
 */
async function connectedTrader(
  wholeSeconds = false,
): Promise<{ user: TestUser; accountId: number }> {
  const user = await makeUser(db.pool, { role: 'trader' });
  const { history, deals } = demoDeals(wholeSeconds);
  const accountId = await storeAgentHistory(
    db.pool,
    {
      userId: user.id,
      ...DEMO,
      company: 'Vórtex Simulador',
      currency: 'BRL',
      marginMode: 'netting',
      tradeMode: 'demo',
    },
    deals,
    history.account,
  );
  return { user, accountId };
}

async function get(user: TestUser, url: string): Promise<unknown> {
  const res = await api.as(user).get(url);
  expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
  return res.json();
}

/** Every total the trader reads: the tax year and each of its months, statistics, dashboard. */
async function totals(user: TestUser) {
  const year = new Date().getUTCFullYear();
  const taxes = z
    .looseObject({ months: z.array(z.object({ month: z.string() })) })
    .parse(await get(user, `/api/taxes?year=${year}`));
  const months = await Promise.all(
    taxes.months.map((m) => get(user, `/api/taxes/months/${m.month}`)),
  );
  const [stats, overview, equity, trades] = await Promise.all([
    get(user, '/dashboard/stats?days=90'),
    get(user, '/dashboard/overview?days=90'),
    get(user, '/trading/equity-curve?days=90'),
    get(user, '/bridge/trades?days=90'),
  ]);
  return { taxes, months, stats, overview, equity, trades };
}

async function statementOf(user: TestUser): Promise<Buffer> {
  const res = await api
    .as(user)
    .post('/api/reports/mt5/html', { date_range: '90d', report_type: 'full' });
  expect(res.statusCode).toBe(200);
  return res.rawPayload;
}

async function importInto(user: TestUser, file: Buffer, name: string) {
  const res = await app.inject({
    method: 'POST',
    url: `/api/reports/import?file_name=${encodeURIComponent(name)}`,
    headers: { ...bearer(user.token), 'content-type': 'application/octet-stream' },
    payload: file,
  });
  expect(res.statusCode, res.body).toBe(200);
  return ReportImportResponseSchema.parse(res.json()).data;
}

async function accountsOf(user: TestUser) {
  return AccountsResponseSchema.parse(await get(user, '/api/accounts')).data;
}

const dealsOf = async (accountId: number) =>
  (
    await oneRow(
      db.pool,
      z.object({ n: z.number() }),
      'SELECT count(*)::int AS n FROM deals WHERE account_id = $1',
      [accountId],
    )
  ).n;

/** An agent of the demo's account: authenticated as `auth` says, its hello sent, its resume read. */
async function demoAgentHello(auth: { pairing_token: string } | { session_token: string }) {
  const agent = await TestAgent.connect(base);
  agent.send({ type: 'auth', protocol: 1, client_version: '0.1.0', ...auth });
  const ok = await agent.next();
  expect(ok.type).toBe('auth_ok');
  agent.send({
    type: 'hello',
    account_number: DEMO.accountNumber,
    server: DEMO.server,
    company: 'Vórtex Simulador',
    currency: 'BRL',
    margin_mode: 'netting',
    trade_mode: 'demo',
    client_version: '0.1.0',
  });
  const resume = await agent.next();
  return { agent, resume, sessionToken: (ok as { session_token?: string }).session_token ?? '' };
}

describe('a connected account’s own statement, imported', () => {
  it('is the same account: no total changes anywhere, and it says every deal already existed', async () => {
    const { user, accountId } = await connectedTrader();
    const statement = await statementOf(user);
    const before = await totals(user);
    expect(before.taxes.months.length).toBeGreaterThan(0);
    const stored = await dealsOf(accountId);

    const first = await importInto(user, statement, 'ReportHistory-1000001.html');
    expect(first.account).toMatchObject({ id: accountId, kind: 'live' });
    expect(first.merged).toBe(true);
    expect(first.deals.new).toBe(0);
    expect(first.deals.already_stored).toBe(first.deals.read);
    expect(first.summary).toBe(importSummaryMessages.deals(first.deals.read, 0));
    expect(await dealsOf(accountId)).toBe(stored);

    // One account, live, that says where its data came from.
    const listed = await accountsOf(user);
    expect(listed.accounts).toHaveLength(1);
    expect(listed.current_id).toBe(accountId);
    const account = listed.accounts[0];
    expect(account?.last_hello_at).not.toBeNull();
    expect(account?.last_import).toMatchObject({ file_name: 'ReportHistory-1000001.html' });
    expect(account?.last_import?.from).toBeLessThanOrEqual(account?.last_import?.to ?? 0);

    // The agent's figures (balance, equity) stand: the report is no newer than them.
    expect(await totals(user)).toEqual(before);

    const again = await importInto(user, statement, 'ReportHistory-1000001.html');
    expect(again.deals.new).toBe(0);
    expect(await totals(user)).toEqual(before);
  });

  it('adds only the deals the account lacks, and says how many ("312 deals já existiam; 4 novos")', async () => {
    const { user, accountId } = await connectedTrader(true);
    const statement = await statementOf(user);
    const before = await totals(user);
    // The agent's last four deals never arrived (its outbox lost them): the statement has them.
    const { rowCount } = await db.pool.query(
      `DELETE FROM deals WHERE account_id = $1 AND ticket IN
         (SELECT ticket FROM deals WHERE account_id = $1 ORDER BY ticket DESC LIMIT 4)`,
      [accountId],
    );
    expect(rowCount).toBe(4);
    expect(await totals(user)).not.toEqual(before);

    const res = await importInto(user, statement, 'ReportHistory-1000001.html');
    expect(res.deals.new).toBe(4);
    expect(res.summary).toBe(importSummaryMessages.deals(res.deals.read - 4, 4));
    expect(res.summary).toMatch(/^\d+ deals já existiam; 4 novos$/);
    expect(await totals(user)).toEqual(before);
  });

  it('the agent’s hello adopts an account so far only imported; a second import adds nothing', async () => {
    const source = await connectedTrader();
    const statement = await statementOf(source.user);
    const user = await makeUser(db.pool, { role: 'trader' });
    const first = await importInto(user, statement, 'ReportHistory-1000001.html');
    expect(first.merged).toBe(false);
    expect(first.summary).toBe(importSummaryMessages.deals(0, first.deals.read));
    expect(first.account.kind).toBe('imported');
    expect(first.account.last_hello_at).toBeNull();
    const again = await importInto(user, statement, 'ReportHistory-1000001.html');
    expect(again.deals).toMatchObject({ new: 0, already_stored: first.deals.read });
    expect(again.account.id).toBe(first.account.id);
    const before = await totals(user);

    const hello = {
      userId: user.id,
      ...DEMO,
      company: 'Vórtex Simulador',
      currency: 'BRL',
      marginMode: 'netting',
      tradeMode: 'demo',
    };
    // The first hello adopts it (the agent is then asked for its whole history); later ones not.
    const { id: adopted, adopted: firstHello } = await helloAccount(db.pool, hello);
    expect(adopted).toBe(first.account.id);
    expect(firstHello).toBe(true);
    expect(await helloAccount(db.pool, hello)).toEqual({
      id: adopted,
      adopted: false,
      agentDealTicket: 0,
    });
    const listed = await accountsOf(user);
    expect(listed.accounts.map((a) => [a.id, a.kind])).toEqual([[adopted, 'live']]);
    expect(await totals(user)).toEqual(before);
  });

  it('an agent saying hello for an account so far only imported resends its history, each deal stored once', async () => {
    const source = await connectedTrader(true);
    const statement = await statementOf(source.user);
    const user = await makeUser(db.pool, { role: 'trader' });
    const imported = await importInto(user, statement, 'ReportHistory-1000001.html');
    const before = await totals(user);

    const token = await api.as(user).post('/bridge/token/create', { label: 'manual' });
    expect(token.statusCode).toBe(201);
    const { agent, resume } = await demoAgentHello({
      pairing_token: token.json<{ token: string }>().token,
    });
    // From the start: a statement need not hold all of the account's history.
    expect(resume).toEqual({
      type: 'resume',
      account_number: DEMO.accountNumber,
      last_deal_ticket: 0,
    });
    const { deals } = demoDeals(true);
    agent.send({ type: 'deals', batch_id: 'all', deals });
    expect(await agent.next()).toMatchObject({ type: 'deals_ack', batch_id: 'all', stored: 0 });
    agent.close();

    const listed = await accountsOf(user);
    expect(listed.accounts.map((a) => [a.id, a.kind])).toEqual([[imported.account.id, 'live']]);
    expect(await dealsOf(imported.account.id)).toBe(imported.deals.read);
    expect(await totals(user)).toEqual(before);
  });

  it('an agent whose resend was cut resumes after the last deal it had acknowledged, not after the imported ones', async () => {
    const source = await connectedTrader(true);
    const statement = await statementOf(source.user);
    const user = await makeUser(db.pool, { role: 'trader' });
    const imported = await importInto(user, statement, 'ReportHistory-1000001.html');
    const { deals } = demoDeals(true);
    const tickets = deals.map((d) => d.ticket).sort((a, b) => a - b);
    // A statement of the later half only: the earlier deals are the agent's alone.
    const half = tickets[Math.floor(tickets.length / 2)] ?? 0;
    await db.pool.query('DELETE FROM deals WHERE account_id = $1 AND ticket < $2', [
      imported.account.id,
      half,
    ]);
    const token = (await api.as(user).post('/bridge/token/create', { label: 'manual' })).json<{
      token: string;
    }>().token;
    const first = await demoAgentHello({ pairing_token: token });
    expect(first.resume).toMatchObject({ type: 'resume', last_deal_ticket: 0 });
    // The link drops after the first quarter of the resend was acknowledged.
    const quarter = deals.filter((d) => d.ticket < (tickets[Math.floor(tickets.length / 4)] ?? 0));
    first.agent.send({ type: 'deals', batch_id: 'q1', deals: quarter });
    expect(await first.agent.next()).toMatchObject({ type: 'deals_ack', batch_id: 'q1' });
    first.agent.close();

    const second = await demoAgentHello({ session_token: first.sessionToken });
    const acknowledged = Math.max(...quarter.map((d) => d.ticket));
    // Before, the highest stored (an imported ticket): the deals between were never asked for.
    expect(second.resume).toMatchObject({ type: 'resume', last_deal_ticket: acknowledged });
    const rest = deals.filter((d) => d.ticket > acknowledged);
    second.agent.send({ type: 'deals', batch_id: 'rest', deals: rest });
    expect(await second.agent.next()).toMatchObject({ type: 'deals_ack', batch_id: 'rest' });
    second.agent.close();
    expect(await dealsOf(imported.account.id)).toBe(deals.length);
  });

  it('keeps the agent’s figures unless the statement is surely newer than them', async () => {
    const { user, accountId } = await connectedTrader();
    const statement = await statementOf(user);
    const figures = async () =>
      oneRow(
        db.pool,
        z.object({ balance: z.number(), equity: z.number() }),
        'SELECT balance, equity FROM mt5_accounts WHERE id = $1',
        [accountId],
      );
    const written = await figures();
    // The agent reported after the statement was written: its figures stand.
    await db.pool.query(
      'UPDATE mt5_accounts SET balance = 12345, equity = 12340, account_at = now() WHERE id = $1',
      [accountId],
    );
    await importInto(user, statement, 'ReportHistory-1000001.html');
    expect(await figures()).toEqual({ balance: 12345, equity: 12340 });
    // Figures the agent gave days before the statement: the statement's replace them.
    await db.pool.query(
      `UPDATE mt5_accounts SET account_at = now() - interval '3 days' WHERE id = $1`,
      [accountId],
    );
    await importInto(user, statement, 'ReportHistory-1000001.html');
    expect(await figures()).toEqual(written);
  });
});
