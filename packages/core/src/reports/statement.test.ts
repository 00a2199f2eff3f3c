import { describe, expect, it } from 'vitest';
import { statementLabels } from './messages.js';
import { encodeUtf16le, renderStatementHtml } from './render-html.js';
import { renderStatementXml } from './render-xml.js';
import { buildStatement } from './statement-model.js';
import { STATEMENT_ACCOUNT, STATEMENT_T0, statementDeal } from './statement.fixture.js';
import type { StatementInput, StatementTable } from './statement.types.js';

const T0 = STATEMENT_T0; // 10:00 in São Paulo

/**
 * "A week on WINZ25" from a 1000 start: a 500 deposit, a long closed at +101 (-1 and -1
 * commission: net 99), a short closed at -50 (net -52), and a long still open.
 * Balance after each deal: 1500, 1499, 1599, 1598, 1547, 1546.
 */
function weekOnWinz(over: Partial<StatementInput> = {}): StatementInput {
  return {
    ownerName: 'Ana Souza',
    account: STATEMENT_ACCOUNT,
    figures: {
      balance: 1546,
      equity: 1606,
      margin: 100,
      free_margin: 1506,
      margin_level: 1606,
      profit: 60,
    },
    from: T0 - 86_400_000,
    to: T0 + 5 * 86_400_000,
    generatedAt: T0 + 5 * 86_400_000,
    startBalance: 1000,
    deals: [
      statementDeal(1, 0, { type: 2, symbol: '', commission: 0, profit: 500, comment: 'depósito' }),
      statementDeal(2, 10, { position_id: 2 }),
      statementDeal(3, 40, { position_id: 2, type: 1, entry: 1, price: 125_101, profit: 101 }),
      statementDeal(4, 60, { position_id: 4, type: 1 }),
      statementDeal(5, 90, { position_id: 4, type: 0, entry: 1, price: 125_050, profit: -50 }),
      statementDeal(6, 120, { position_id: 6, order: 0 }),
    ],
    openPositions: [
      {
        ticket: 6,
        symbol: 'WINZ25',
        type: 0,
        volume: 1,
        price_open: 125_000,
        sl: 124_800,
        tp: 0,
        price_current: 125_060,
        profit: 60,
        swap: 0,
        magic: 135000,
        time: Math.floor((T0 + 120 * 60_000) / 1000),
        time_msc: T0 + 120 * 60_000,
        comment: '',
      },
    ],
    workingOrders: [
      {
        order: 900,
        symbol: 'WINZ25',
        type: 2,
        volume_initial: 2,
        price_open: 124_500,
        sl: 0,
        tp: 0,
        magic: 135000,
        time_setup: Math.floor((T0 + 130 * 60_000) / 1000),
        comment: 'grade',
      },
    ],
    reportType: 'full',
    ...over,
  };
}

/** A strict enough XML 1.0 check: one root, balanced tags, quoted attributes, known entities. */
function assertWellFormed(xml: string): void {
  if (/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/u.test(xml)) {
    throw new Error('character not allowed in XML');
  }
  const body = xml.replace(/^<\?xml [^?]*\?>/, '').replace(/<\?[A-Za-z][^?]*\?>/g, '');
  const tag = /<(\/?)([A-Za-z_][\w:.-]*)((?:\s+[A-Za-z_][\w:.-]*="[^"<]*")*)\s*(\/?)>/y;
  const bareAmpersand = (s: string) =>
    s.replace(/&(?:amp|lt|gt|quot|apos|#\d+|#x[0-9a-fA-F]+);/g, '').includes('&');
  const stack: string[] = [];
  let roots = 0;
  let i = 0;
  for (;;) {
    const lt = body.indexOf('<', i);
    const between = lt === -1 ? body.slice(i) : body.slice(i, lt);
    if (bareAmpersand(between)) throw new Error(`bare & near ${between.slice(0, 40)}`);
    if (stack.length === 0 && between.trim() !== '') throw new Error('text outside the root');
    if (lt === -1) break;
    tag.lastIndex = lt;
    const match = tag.exec(body);
    if (!match) throw new Error(`bad markup: ${body.slice(lt, lt + 60)}`);
    const [, close, name = '', attrs = '', selfClosing] = match;
    if (bareAmpersand(attrs)) throw new Error(`bare & in attributes of ${name}`);
    const names = [...attrs.matchAll(/([\w:.-]+)=/g)].map((a) => a[1]);
    if (new Set(names).size !== names.length) throw new Error(`repeated attribute in ${name}`);
    if (close) {
      if (stack.pop() !== name) throw new Error(`unbalanced </${name}>`);
    } else {
      if (stack.length === 0) roots++;
      if (!selfClosing) stack.push(name);
    }
    i = tag.lastIndex;
  }
  if (stack.length > 0) throw new Error(`unclosed <${stack.join('> <')}>`);
  if (roots !== 1) throw new Error(`${roots} root elements`);
}

const tableOf = (input: StatementInput, key: StatementTable['key']): StatementTable => {
  const section = buildStatement(input).sections.find((s) => s.key === key);
  if (section?.kind !== 'table') throw new Error(`no table ${key}`);
  return section;
};

describe('buildStatement: "a week on WINZ25"', () => {
  const model = buildStatement(weekOnWinz());

  it("has the terminal report's sections in its order, titled in pt-BR by default", () => {
    expect(model.language).toBe('pt-BR');
    expect(model.sections.map((s) => s.key)).toEqual([
      'positions',
      'orders',
      'deals',
      'open_positions',
      'working_orders',
      'summary',
      'results',
    ]);
    expect(model.sections.map((s) => s.title)).toEqual([
      'Posições',
      'Ordens',
      'Transações',
      'Posições Abertas',
      'Ordens Pendentes',
      '',
      'Resultados',
    ]);
  });

  it("uses the terminal's English labels with language 'en'", () => {
    const en = buildStatement(weekOnWinz({ language: 'en' }));
    expect(en.title).toBe('Trade History Report');
    expect(en.sections.map((s) => s.title)).toEqual([
      'Positions',
      'Orders',
      'Deals',
      'Open Positions',
      'Working Orders',
      '',
      'Results',
    ]);
    expect(tableOf(weekOnWinz({ language: 'en' }), 'deals').columns.map((c) => c.label)).toEqual([
      'Time',
      'Deal',
      'Symbol',
      'Type',
      'Direction',
      'Volume',
      'Price',
      'Order',
      'Cost',
      'Commission',
      'Fee',
      'Swap',
      'Profit',
      'Balance',
      'Comment',
    ]);
  });

  it('writes the header like the terminal: name, account line, company, date', () => {
    expect(model.header.map((h) => h.label)).toEqual(['Nome', 'Conta', 'Corretora', 'Data']);
    expect(model.header[1]?.value).toEqual({
      kind: 'text',
      text: '5012345 (BRL, XPMT5-DEMO, demo, Netting)',
    });
    expect(model.owner).toBe('5012345: Ana Souza');
  });

  it('runs the balance through every deal, the deposit included, with Fee 0.00 and a hidden Cost', () => {
    const deals = tableOf(weekOnWinz(), 'deals');
    const balances = deals.rows.map((row) => row[13]);
    expect(balances.map((c) => (c?.kind === 'number' ? c.value : null))).toEqual([
      1500, 1499, 1599, 1598, 1547, 1546,
    ]);
    expect(deals.rows[0]?.[3]).toEqual({ kind: 'text', text: 'balance' });
    expect(deals.rows[2]?.[4]).toEqual({ kind: 'text', text: 'out' });
    expect(deals.rows[1]?.[10]).toEqual({ kind: 'number', value: 0, decimals: 2 });
    expect(deals.columns[8]).toMatchObject({ hidden: true });
    expect(deals.footer).toMatchObject({ lead: 8 });
    expect(deals.footer?.cells[4]).toMatchObject({ value: 1546 });
  });

  it('lists the two closed positions and rebuilds five filled market orders from the deals', () => {
    const positions = tableOf(weekOnWinz(), 'positions');
    expect(positions.rows).toHaveLength(2);
    expect(positions.columns[4]).toMatchObject({ hidden: true, span: 8 });
    expect(positions.rows[0]?.[4]).toEqual({ kind: 'text', text: '135000' });
    const orders = tableOf(weekOnWinz(), 'orders');
    expect(orders.rows).toHaveLength(5);
    expect(orders.rows[0]?.slice(3, 11)).toEqual([
      { kind: 'text', text: 'buy' },
      { kind: 'text', text: '1 / 1' },
      { kind: 'text', text: 'market' },
      { kind: 'empty' },
      { kind: 'empty' },
      { kind: 'time', ms: T0 + 10 * 60_000 },
      { kind: 'text', text: 'filled' },
      { kind: 'text', text: '' },
    ]);
    expect(tableOf(weekOnWinz(), 'open_positions').rows).toHaveLength(1);
    expect(tableOf(weekOnWinz(), 'working_orders').rows[0]?.[3]).toEqual({
      kind: 'text',
      text: 'buy limit',
    });
  });

  it('counts closing deals as trades, the openings only moving the balance', () => {
    // closing nets 100 and -51; openings -1 each; the 500 deposit is no trade
    expect(model.results).toMatchObject({
      total_trades: 2,
      gross_profit: 100,
      gross_loss: -54,
      total_net_profit: 46,
      balance_drawdown_absolute: 1,
      balance_drawdown_maximal: { money: 53, percent: (53 / 1599) * 100 },
      short_trades: { count: 1, percent: 0 },
      long_trades: { count: 1, percent: 100 },
      profit_trades: { count: 1, percent: 50 },
    });
  });

  it('counts the trades closed inside the period, and shows the position its earlier opening completes', () => {
    const base = weekOnWinz();
    const from = T0 + 20 * 60_000;
    const inside = base.deals.filter((d) => d.time_msc >= from);
    const opening = base.deals.filter((d) => d.ticket === 2);
    const alone = buildStatement({ ...base, from, deals: inside });
    const completed = buildStatement({ ...base, from, deals: inside, priorDeals: opening });
    // MT5 counts the closing deal whether or not its opening is in the report
    expect(alone.results.total_trades).toBe(2);
    expect(completed.results.total_trades).toBe(2);
    // Without its opening, the position is one opened before the deals: not written.
    expect(tableOf({ ...base, from, deals: inside }, 'positions').rows).toHaveLength(1);
    expect(
      tableOf({ ...base, from, deals: inside, priorDeals: opening }, 'positions').rows,
    ).toHaveLength(2);
    // The opening stays out of the period's deals and orders.
    expect(
      tableOf({ ...base, from, deals: inside, priorDeals: opening }, 'deals').rows,
    ).toHaveLength(4);
  });

  it('leaves the tables out of a summary report', () => {
    const summary = buildStatement(weekOnWinz({ reportType: 'summary' }));
    expect(summary.sections.map((s) => s.key)).toEqual([
      'open_positions',
      'working_orders',
      'summary',
      'results',
    ]);
  });
});

const HOSTILE_SYMBOL = '<script>alert("x")</script>';
const HOSTILE_COMMENT = `"><img src=x onerror=alert(1)> & 'aspas' \u0001\uD800`;

function hostile(): StatementInput {
  const base = weekOnWinz();
  return {
    ...base,
    ownerName: 'Ana <b>Souza</b> & Cia',
    deals: base.deals.map((d) => ({ ...d, symbol: HOSTILE_SYMBOL, comment: HOSTILE_COMMENT })),
    workingOrders: base.workingOrders.map((o) => ({ ...o, comment: HOSTILE_COMMENT })),
  };
}

describe("renderStatementHtml: the terminal's Trade History layout", () => {
  const html = renderStatementHtml(buildStatement(weekOnWinz()));
  const en = renderStatementHtml(buildStatement(weekOnWinz({ language: 'en' })));

  it('is one table on a 14-column grid, with no script and nothing to fetch', () => {
    expect(html.startsWith('<!DOCTYPE html PUBLIC "-//W3C//DTD HTML 4.01 Transitional//EN"')).toBe(
      true,
    );
    expect(html.match(/<table/g)).toHaveLength(1);
    expect(html).toContain('<table cellspacing="1" cellpadding="3" border="0">');
    expect(html).toContain('<meta name="generator" content="client terminal">');
    expect(html).toContain('.hidden { display: none; }');
    expect(html).not.toMatch(/<script|<link|src=/);
    expect(en).toContain('<title>5012345: Ana Souza - Trade History Report</title>');
    expect(en).toContain(
      '<td colspan="14"><div style="font: 14pt Tahoma"><b>Trade History Report</b><br></div></td>',
    );
    // CRLF line ends, as the terminal writes
    expect(html.split('\r\n').length).toBe(html.split('\n').length);
  });

  it('writes the header rows and the section rows as MT5 does', () => {
    expect(en).toContain(
      '<th colspan="4" nowrap align="right" style="width: 220px; height: 20px">Account:</th>\r\n            <th colspan="10" nowrap align="left" style="width: 220px; height: 20px"><b>5012345&nbsp;(BRL,&nbsp;XPMT5-DEMO,&nbsp;demo,&nbsp;Netting)</b></th>',
    );
    expect(en).toContain('<b>2026.11.21 10:00</b>');
    for (const title of ['Positions', 'Orders', 'Deals', 'Open Positions', 'Working Orders']) {
      expect(en).toContain(
        `<th colspan="14" style="height: 25px"><div style="font: 10pt Tahoma"><b>${title}</b></div></th>`,
      );
    }
    expect(en).toContain(
      '<td colspan="13" align="center"><div style="font: 10pt Tahoma"><b>Results</b></div></td>',
    );
    expect(html).toContain('<b>Resultados</b>');
    expect(html).toContain('<b>Transações</b>');
    expect(html).toContain('<td nowrap><b>Comissão</b></td>');
  });

  it('writes positions with the hidden magic td, alternating colours and MT5 numbers', () => {
    expect(en).toContain(
      [
        '        <tr bgcolor="#FFFFFF" align="right">',
        '            <td>2026.11.16 10:10:00</td>',
        '            <td>2</td>',
        '            <td>WINZ25</td>',
        '            <td>buy</td>',
        '            <td class="hidden" colspan="8">135000</td>',
        '            <td>1</td>',
        '            <td>125000.00</td>',
        '            <td></td>',
        '            <td></td>',
        '            <td>2026.11.16 10:40:00</td>',
        '            <td>125101.00</td>',
        '            <td>-2.00</td>',
        '            <td>0.00</td>',
        '            <td colspan="2">101.00</td>',
        '        </tr>',
      ].join('\r\n'),
    );
    expect(en).toContain('<tr bgcolor="#F7F7F7" align="right">');
    expect(en).toContain(
      '<td colspan="9" style="height: 30px"></td>\r\n            <td nowrap><b>0.00</b></td>\r\n            <td nowrap><b>60.00</b></td>\r\n            <td></td>',
    );
    expect(en).toContain('<td nowrap style="height: 10px"></td>');
  });

  it('writes deals on one line with Fee and the hidden Cost, then the totals row', () => {
    expect(en).toContain(
      '<tr bgcolor="#FFFFFF" align="right"><td nowrap>2026.11.16 10:00:00</td><td nowrap>1</td><td nowrap></td><td nowrap>balance</td><td nowrap></td><td nowrap></td><td nowrap></td><td nowrap></td><td nowrap class="hidden"></td><td nowrap>0.00</td><td nowrap>0.00</td><td nowrap>0.00</td><td nowrap>500.00</td><td nowrap>1 500.00</td><td nowrap>depósito</td></tr>',
    );
    expect(en).toContain(
      '<td nowrap colspan="8" style="height: 30px"></td>\r\n            <td nowrap><b>-5.00</b></td>\r\n            <td nowrap><b>0.00</b></td>\r\n            <td nowrap><b>0.00</b></td>\r\n            <td nowrap><b>551.00</b></td>\r\n            <td nowrap><b>1 546.00</b></td>',
    );
    expect(en).toContain(
      '<td>2026.11.16 10:10:00</td><td>502</td><td>WINZ25</td><td>buy</td><td>1 / 1</td><td>market</td><td></td><td></td><td>2026.11.16 10:10:00</td><td colspan="2">filled</td><td colspan="3"></td></tr>',
    );
  });

  it("writes the summary and the Results block with the labels in MT5's order", () => {
    expect(en).toContain(
      '<td colspan="3" style="height: 20px">Balance:</td>\r\n            <td colspan="2"><b>1 546.00</b></td>\r\n            <td></td>\r\n            <td colspan="3">Free Margin:</td>\r\n            <td colspan="2"><b>1 506.00</b></td>',
    );
    expect(en).toContain('Margin Level:</td>\r\n            <td colspan="2"><b>1 606.00%</b></td>');
    const labels = [...en.matchAll(/<td nowrap colspan="3">([^<]+):<\/td>/g)].map((x) => x[1]);
    expect(labels).toEqual([
      'Total Net Profit',
      'Gross Profit',
      'Gross Loss',
      'Profit Factor',
      'Expected Payoff',
      'Recovery Factor',
      'Sharpe Ratio',
      'Balance Drawdown',
      'Balance Drawdown Absolute',
      'Balance Drawdown Maximal',
      'Balance Drawdown Relative',
      'Total Trades',
      'Short Trades (won %)',
      'Long Trades (won %)',
      'Profit Trades (% of total)',
      'Loss Trades (% of total)',
      'Largest profit trade',
      'Largest loss trade',
      'Average profit trade',
      'Average loss trade',
      'Maximum consecutive wins ($)',
      'Maximum consecutive losses ($)',
      'Maximal consecutive profit (count)',
      'Maximal consecutive loss (count)',
      'Average consecutive wins',
      'Average consecutive losses',
    ]);
    expect(en).toContain(
      '<td nowrap colspan="3">Gross Loss:</td>\r\n            <td nowrap colspan="2"><b>-54.00</b></td>',
    );
    expect(en).toContain(
      '<td nowrap colspan="4"></td>\r\n            <td nowrap colspan="3">Profit Trades (% of total):</td>\r\n            <td nowrap><b>1 (50.00%)</b></td>',
    );
    expect(en).toContain('<b>53.00 (3.31%)</b>');
    expect(html).toContain('Negociações com Lucro (% of total):</td>');
  });

  it('escapes symbols, comments and names that carry markup', () => {
    const out = renderStatementHtml(buildStatement(hostile()));
    expect(out).not.toContain('<script>');
    expect(out).not.toContain('<img');
    expect(out).not.toContain('<b>Souza');
    expect(out).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
    expect(out).toContain('&quot;&gt;&lt;img src=x onerror=alert(1)&gt; &amp; &#39;aspas&#39;');
    expect(out).toContain(
      'Ana&nbsp;&lt;b&gt;Souza&lt;/b&gt;&nbsp;&amp;&nbsp;Cia'.replace(/&nbsp;/g, ' '),
    );
  });

  it('writes empty sections as MT5 does: the heads and no rows', () => {
    const empty = renderStatementHtml(
      buildStatement(weekOnWinz({ deals: [], openPositions: [], workingOrders: [] })),
    );
    expect(empty).not.toContain('bgcolor="#FFFFFF" align="right"');
    expect(empty.match(/bgcolor="#E5F0FC"/g)).toHaveLength(5);
    expect(empty).toContain('Fator de Lucro:</td>\r\n            <td nowrap><b>0.00</b></td>');
  });

  it('is encoded as the terminal writes it: UTF-16 LE after a BOM', () => {
    const bytes = encodeUtf16le('Ação €');
    expect([...bytes.slice(0, 4)]).toEqual([0xff, 0xfe, 0x41, 0x00]);
    expect(new TextDecoder('utf-16le').decode(bytes.slice(2))).toBe('Ação €');
    const page = encodeUtf16le(en);
    expect(new TextDecoder('utf-16le').decode(page)).toBe(en);
  });
});

describe('renderStatementXml', () => {
  const xml = renderStatementXml(buildStatement(weekOnWinz()));
  const L = statementLabels['pt-BR'];

  it('is a SpreadsheetML workbook like the terminal exports', () => {
    expect(
      xml.startsWith(
        '<?xml version="1.0" encoding="UTF-8"?>\n<?mso-application progid="Excel.Sheet"?>',
      ),
    ).toBe(true);
    expect(xml).toContain('<Workbook xmlns="urn:schemas-microsoft-com:office:spreadsheet"');
    expect(xml).toContain('<Worksheet ss:Name="Relatório do Histórico de Negoc">');
    expect(() => assertWellFormed(xml)).not.toThrow();
  });

  it('keeps the sections and rows of the HTML, without its hidden columns, numbers as numbers', () => {
    for (const title of Object.values(L.sections)) expect(xml).toContain(`>${title}</Data>`);
    expect(xml).toContain(
      '<Cell ss:StyleID="label"><Data ss:Type="String">Lucro Bruto:</Data></Cell><Cell ss:StyleID="n2"><Data ss:Type="Number">100</Data></Cell>',
    );
    expect(xml).toContain('<Cell ss:StyleID="n2"><Data ss:Type="Number">1599</Data></Cell>');
    expect(xml).not.toContain('>Custo</Data>');
    expect(xml).toContain('>Taxa</Data>');
    // 2 positions, 5 orders, 6 deals, 1 open position, 1 working order: 15 data rows
    expect(
      xml.match(
        /<Data ss:Type="String">2026\.11\.\d\d \d\d:\d\d:\d\d<\/Data><\/Cell><Cell><Data ss:Type="String">\d+</g,
      ),
    ).toHaveLength(15);
  });

  it('stays well-formed with hostile text, dropping what XML cannot carry', () => {
    const out = renderStatementXml(buildStatement(hostile()));
    expect(() => assertWellFormed(out)).not.toThrow();
    expect(out).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
    expect(out).toContain(
      '&quot;&gt;&lt;img src=x onerror=alert(1)&gt; &amp; &apos;aspas&apos; </Data>',
    );
    expect(out).not.toContain('<img');
  });

  it('writes an infinite profit factor as text', () => {
    const wins = weekOnWinz();
    const out = renderStatementXml(
      buildStatement({
        ...wins,
        // without the opening's commission nothing is lost
        deals: wins.deals.filter((d) => d.ticket <= 3).map((d) => ({ ...d, commission: 0 })),
      }),
    );
    expect(out).toContain(
      'Fator de Lucro:</Data></Cell><Cell><Data ss:Type="String">inf</Data></Cell>',
    );
  });
});

describe('assertWellFormed (the check itself)', () => {
  it('refuses what is not XML', () => {
    expect(() => assertWellFormed('<a><b></a></b>')).toThrow();
    expect(() => assertWellFormed('<a>x & y</a>')).toThrow();
    expect(() => assertWellFormed('<a b="1" b="2"/>')).toThrow();
    expect(() => assertWellFormed('<a/><b/>')).toThrow();
    expect(() => assertWellFormed('<a>\u0001</a>')).toThrow();
    expect(() => assertWellFormed('<a b="&amp;">&lt;&#233;</a>')).not.toThrow();
  });
});
