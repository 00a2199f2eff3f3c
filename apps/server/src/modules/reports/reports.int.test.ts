import {
  formatCell,
  lastDaysWindow,
  mt5Results,
  reportMessages,
  statementLabels,
  type TradeResults,
} from '@vortex/core';
import { pairTestAgent, testDeal, type TestAgent } from '../../../test/agent-client.js';
import { bearer, type TestUser } from '../../../test/identities.js';
import { describe, expect, it, type Requests } from '../../../test/fixture.js';

const DAY = 86_400_000;
const HOSTILE = '<script>alert("x")</script>&';

let trader: TestUser;
let agent: TestAgent;
const now = Date.now();

/** A deal `daysAgo` before now; tickets grow with time as in MT5. */
function deal(ticket: number, daysAgo: number, over: Record<string, unknown>) {
  const ms = Math.round(now - daysAgo * DAY);
  return testDeal(ticket, { time: Math.floor(ms / 1000), time_msc: ms, ...over });
}

function trade(ticket: number, position: number, daysAgo: number, side: 0 | 1, profit: number) {
  const open = deal(ticket, daysAgo, { position_id: position, type: side, entry: 0, profit: 0 });
  const close = deal(ticket + 1, daysAgo - 0.01, {
    position_id: position,
    type: 1 - side,
    entry: 1,
    profit,
  });
  return [open, close];
}

// A 10 000 deposit a month ago, a long opened 8 days ago and closed inside the week, then four
// trades in the week: the Results count five positions from a 10 000 start.
const DEALS = [
  deal(1, 30, {
    position_id: 0,
    type: 2,
    entry: 0,
    volume: 0,
    price: 0,
    profit: 10_000,
    commission: 0,
  }),
  ...trade(10, 11, 8, 0, 0).slice(0, 1),
  deal(11, 6, { position_id: 11, type: 1, entry: 1, profit: 150 }),
  ...trade(20, 21, 5, 0, 80),
  ...trade(30, 31, 4, 1, -120),
  ...trade(40, 41, 3, 1, -30),
  ...trade(50, 51, 2, 0, 200).map((d) => ({ ...d, comment: HOSTILE })),
];

const BALANCE = DEALS.reduce((sum, d) => sum + d.profit + d.commission + d.swap, 0);

/** The week's Results counted by hand from the deals, as the terminal counts: closing deals. */
function expectedResults(): TradeResults {
  const from = lastDaysWindow(7, now).from;
  const week = DEALS.filter((d) => d.type <= 1 && d.time_msc >= from);
  return mt5Results(
    week.map((d) => ({
      time: d.time_msc,
      side: d.type === 0 ? ('BUY' as const) : ('SELL' as const),
      closes: d.entry !== 0,
      net: d.profit + d.commission + d.swap,
    })),
    10_000 - 0.25, // the 8-day-old opening's commission
  );
}

const L = statementLabels['pt-BR'];
const money = (value: number) => formatCell({ kind: 'number', value, decimals: 2 }, 'UTC');

/** The value MT5's layout writes after a label: 'Label:</td>' then '<td …><b>value</b>'. */
function figureIn(html: string, label: string): string | undefined {
  const escaped = label.replace(/[()$%/]/g, (ch) => `\\${ch}`);
  return new RegExp(`${escaped}:</td>\\r\\n\\s*<td[^>]*><b>([^<]*)</b>`).exec(html)?.[1];
}

it.beforeAll(async ({ app, base, newUser }) => {
  trader = await newUser({ role: 'trader' });
  agent = await pairTestAgent(app, base, trader, 7_100_000 + trader.id);
  agent.send({
    type: 'account',
    ts: now,
    account: {
      // What the deals add up to (the terminal's balance is its deals' sum): the statement
      // anchors on the balance the agent reports (issue 26).
      balance: BALANCE,
      equity: BALANCE + 60,
      margin: 500,
      free_margin: 9_840,
      margin_level: 2_068,
      profit: 60,
      currency: 'BRL',
    },
  });
  agent.send({
    type: 'positions',
    ts: now,
    positions: [
      {
        ticket: 90,
        symbol: 'WINZ25',
        type: 0,
        volume: 1,
        price_open: 125_000,
        sl: 124_800,
        tp: 125_400,
        price_current: 125_300,
        profit: 60,
        swap: 0,
        magic: 135000,
        time: Math.floor(now / 1000) - 600,
        time_msc: now - 600_000,
      },
    ],
  });
  agent.send({ type: 'orders', ts: now, orders: [] });
  agent.send({ type: 'deals', batch_id: 'report', deals: DEALS });
  expect(await agent.next()).toMatchObject({ type: 'deals_ack' });
});
it.afterAll(() => {
  agent.close();
});

/** The HTML statement's text: the bytes are UTF-16 LE after a BOM, as the terminal writes. */
async function htmlOf(api: Requests, payload: unknown = { date_range: '7d' }): Promise<string> {
  const res = await api.as(trader).post('/api/reports/mt5/html', payload);
  expect(res.statusCode).toBe(200);
  expect([...res.rawPayload.subarray(0, 2)]).toEqual([0xff, 0xfe]);
  return new TextDecoder('utf-16le').decode(res.rawPayload);
}

describe('POST /api/reports/mt5/html', () => {
  it("answers the terminal report's sections as a named HTML page, in the terminal's encoding", async ({
    api,
  }) => {
    const res = await api.as(trader).post('/api/reports/mt5/html', { date_range: '7d' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-16le');
    expect(res.headers['content-disposition']).toMatch(
      /^inline; filename="mt5_statement_\d{8}_\d{6}\.html"$/,
    );
    const html = await htmlOf(api);
    for (const title of [
      L.sections.positions,
      L.sections.orders,
      L.sections.deals,
      L.sections.openPositions,
      L.sections.workingOrders,
    ]) {
      expect(html).toContain(
        `<th colspan="14" style="height: 25px"><div style="font: 10pt Tahoma"><b>${title}</b></div></th>`,
      );
    }
    expect(html).toContain(`<b>${L.sections.results}</b>`);
    expect(html).toContain(
      `${7_100_000 + trader.id}&nbsp;(BRL,&nbsp;Vortex-Demo,&nbsp;demo,&nbsp;Netting)`,
    );
    expect(figureIn(html, L.summary.equity)).toBe(money(BALANCE + 60));
  });

  it("writes the terminal's English labels when asked", async ({ api }) => {
    const html = await htmlOf(api, { date_range: '7d', language: 'en' });
    expect(html).toContain('<b>Trade History Report</b>');
    expect(figureIn(html, 'Total Trades')).toBe('5');
  });

  it('shows the Results figures counted from the same deals as the terminal counts', async ({
    api,
  }) => {
    const html = await htmlOf(api);
    const r = expectedResults();
    expect(r.total_trades).toBe(5);
    const R = L.results;
    expect(figureIn(html, R.grossProfit)).toBe(money(r.gross_profit));
    expect(figureIn(html, R.grossLoss)).toBe(money(r.gross_loss));
    expect(figureIn(html, R.totalNetProfit)).toBe(money(r.total_net_profit));
    expect(figureIn(html, R.expectedPayoff)).toBe(money(r.expected_payoff));
    expect(figureIn(html, R.recoveryFactor)).toBe(money(r.recovery_factor));
    expect(figureIn(html, R.sharpeRatio)).toBe(money(r.sharpe_ratio));
    expect(figureIn(html, R.drawdownAbsolute)).toBe(money(r.balance_drawdown_absolute));
    expect(figureIn(html, R.totalTrades)).toBe('5');
    expect(figureIn(html, R.maxConsecutiveLosses)).toBe(
      `2 (${money(r.max_consecutive_losses.money)})`,
    );
  });

  it('counts the trades /dashboard/stats counts, its money differing only by what MT5 leaves out', async ({
    app,
    api,
  }) => {
    const html = await htmlOf(api);
    const stats = await app.inject({
      method: 'GET',
      url: '/dashboard/stats?days=7',
      headers: bearer(trader.token),
    });
    expect(stats.statusCode).toBe(200);
    const s = stats.json<{ data: Record<string, number | null> }>().data;
    // one closing deal per position here, so closing deals and round trips agree
    expect(figureIn(html, L.results.totalTrades)).toBe(String(s.total_trades));
    // the dashboard nets the 8-day-old opening's commission into its position; the terminal
    // counts only the period's deals
    expect(figureIn(html, L.results.totalNetProfit)).toBe(money((s.profit ?? Number.NaN) + 0.25));
  });

  it('runs the balance from the deposit made before the period', async ({ api }) => {
    const html = await htmlOf(api);
    const net = DEALS.filter((d) => d.time_msc >= lastDaysWindow(7, now).from).reduce(
      (sum, d) => sum + d.profit + d.commission + d.swap,
      0,
    );
    const before = 10_000 - 0.25; // the 8-day-old opening's commission
    expect(html).toMatch(
      new RegExp(
        `<td nowrap colspan="8" style="height: 30px"></td>(\\r\\n\\s*<td nowrap><b>[^<]*</b></td>){4}\\r\\n\\s*<td nowrap><b>${money(before + net)}</b></td>`,
      ),
    );
  });

  it('escapes the comments the agent sent', async ({ api }) => {
    const html = await htmlOf(api, {});
    expect(html).not.toContain('<script>');
    expect(html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&amp;');
  });

  it('tells another user without an account that there is no data', async ({ api, newUser }) => {
    const other = await newUser({ role: 'trader' });
    const res = await api.as(other).post('/api/reports/mt5/html', { date_range: '30d' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ success: false, error: reportMessages.noAccount });
  });

  it('refuses a bad body in pt-BR and an anonymous caller', async ({ api }) => {
    const bad = await api.as(trader).post('/api/reports/mt5/html', { date_range: '2y' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ error: string }>().error).toBe('Dados inválidos. Período inválido.');
    const extra = await api
      .as(trader)
      .post('/api/reports/mt5/html', { date_range: '7d', evil: true });
    expect(extra.statusCode).toBe(400);
    expect(extra.json<{ error: string }>().error).toMatch(/^Dados inválidos/);
    const language = await api
      .as(trader)
      .post('/api/reports/mt5/html', { date_range: '7d', language: 'fr' });
    expect(language.statusCode).toBe(400);
    expect(language.json<{ error: string }>().error).toMatch(/^Dados inválidos\. Idioma/);
    expect((await api.post('/api/reports/mt5/html', {})).statusCode).toBe(401);
  });
});

describe('POST /api/reports/mt5/xml', () => {
  it('answers a SpreadsheetML workbook with the same Results', async ({ api }) => {
    const res = await api
      .as(trader)
      .post('/api/reports/mt5/xml', { date_range: '7d', report_type: 'full' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.ms-excel; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="mt5_statement_\d{8}_\d{6}\.xml"$/,
    );
    expect(res.body).toMatch(
      /^<\?xml version="1\.0" encoding="UTF-8"\?>\n<\?mso-application progid="Excel\.Sheet"\?>\n<Workbook /,
    );
    expect(res.body.trimEnd().endsWith('</Workbook>')).toBe(true);
    const r = expectedResults();
    expect(res.body).toContain(
      `Lucro Bruto:</Data></Cell><Cell ss:StyleID="n2"><Data ss:Type="Number">${r.gross_profit}</Data>`,
    );
    expect(res.body).toContain('&lt;script&gt;');
    expect(res.body).not.toContain('<script>');
  });

  it('leaves the tables out of a summary report', async ({ api }) => {
    const res = await api
      .as(trader)
      .post('/api/reports/mt5/xml', { date_range: '1y', report_type: 'summary' });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain(`>${L.sections.deals}</Data>`);
    expect(res.body).toContain(`>${L.sections.results}</Data>`);
  });
});
