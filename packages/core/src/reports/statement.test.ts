import { describe, expect, it } from 'vitest';
import { reportMessages as m } from './messages.js';
import { renderStatementHtml } from './render-html.js';
import { renderStatementXml } from './render-xml.js';
import { computeTradeResults } from './results.js';
import { buildStatement } from './statement-model.js';
import type { StatementDeal, StatementInput, StatementTable } from './statement.types.js';

const T0 = Date.UTC(2026, 10, 16, 13); // 10:00 in São Paulo

/** A deal of the "week on WINZ25" fixture; times are minutes after Monday 10:00. */
function fixtureDeal(
  ticket: number,
  minute: number,
  over: Partial<StatementDeal> = {},
): StatementDeal {
  return {
    ticket,
    order: ticket + 500,
    position_id: 0,
    symbol: 'WINZ25',
    type: 0,
    entry: 0,
    volume: 1,
    price: 125_000,
    profit: 0,
    commission: -1,
    swap: 0,
    magic: 135000,
    reason: 3,
    comment: '',
    time_msc: T0 + minute * 60_000,
    ...over,
  };
}

/**
 * "A week on WINZ25" from a 1000 start: a 500 deposit, a long closed at +101 (-1 and -1
 * commission: net 99), a short closed at -50 (net -52), and a long still open.
 * Balance after each deal: 1500, 1499, 1599, 1598, 1547, 1546.
 */
function weekOnWinz(over: Partial<StatementInput> = {}): StatementInput {
  return {
    ownerName: 'Ana Souza',
    account: {
      number: 5_012_345,
      currency: 'BRL',
      server: 'XPMT5-DEMO',
      company: 'XP Investimentos',
      tradeMode: 'demo',
      marginMode: 'netting',
    },
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
      fixtureDeal(1, 0, { type: 2, symbol: '', commission: 0, profit: 500, comment: 'depósito' }),
      fixtureDeal(2, 10, { position_id: 2 }),
      fixtureDeal(3, 40, { position_id: 2, type: 1, entry: 1, price: 125_101, profit: 101 }),
      fixtureDeal(4, 60, { position_id: 4, type: 1 }),
      fixtureDeal(5, 90, { position_id: 4, type: 0, entry: 1, price: 125_050, profit: -50 }),
      fixtureDeal(6, 120, { position_id: 6, order: 0 }),
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

  it("has the terminal report's sections in its order", () => {
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
      'Negócios',
      'Posições Abertas',
      'Ordens Pendentes',
      'Resumo',
      'Resultados',
    ]);
  });

  it('writes the header like the terminal: name, account line, company, date', () => {
    expect(model.header.map((h) => h.label)).toEqual([
      'Nome',
      'Conta',
      'Corretora',
      'Data',
      'Período',
    ]);
    expect(model.header[1]?.value).toEqual({
      kind: 'text',
      text: '5012345 (BRL, XPMT5-DEMO, demo, Netting)',
    });
  });

  it('runs the balance through every deal, the deposit included', () => {
    const deals = tableOf(weekOnWinz(), 'deals');
    const balances = deals.rows.map((row) => row[11]);
    expect(balances.map((c) => (c?.kind === 'number' ? c.value : null))).toEqual([
      1500, 1499, 1599, 1598, 1547, 1546,
    ]);
    expect(deals.rows[0]?.[3]).toEqual({ kind: 'text', text: 'saldo' });
    expect(deals.footer?.[11]).toMatchObject({ value: 1546 });
  });

  it('lists the two closed positions and rebuilds five filled orders from the deals', () => {
    expect(tableOf(weekOnWinz(), 'positions').rows).toHaveLength(2);
    expect(tableOf(weekOnWinz(), 'orders').rows).toHaveLength(5);
    expect(tableOf(weekOnWinz(), 'open_positions').rows).toHaveLength(1);
    expect(tableOf(weekOnWinz(), 'working_orders').rows[0]?.[3]).toEqual({
      kind: 'text',
      text: 'compra limitada',
    });
  });

  it('computes the Results from the closed positions, the deposit not being a trade', () => {
    // Nets 99 and -52 after the 1500 deposit: peak 1599, trough 1547.
    expect(model.results).toMatchObject({
      total_trades: 2,
      gross_profit: 99,
      gross_loss: -52,
      total_net_profit: 47,
      balance_drawdown_absolute: 0,
      balance_drawdown_maximal: { money: 52, percent: (52 / 1599) * 100 },
      short_trades: { count: 1, percent: 0 },
      long_trades: { count: 1, percent: 100 },
    });
    const expected = computeTradeResults(
      [
        { type: 'BUY', profit: 101, commission: -2, swap: 0, close_time: 1 },
        { type: 'SELL', profit: -50, commission: -2, swap: 0, close_time: 2 },
      ],
      1500,
    );
    expect(model.results).toEqual(expected);
  });

  it('counts a position opened before the period from its earlier opening deal', () => {
    const base = weekOnWinz();
    const from = T0 + 20 * 60_000;
    const inside = base.deals.filter((d) => d.time_msc >= from);
    const opening = base.deals.filter((d) => d.ticket === 2);
    const alone = buildStatement({ ...base, from, deals: inside });
    const completed = buildStatement({ ...base, from, deals: inside, priorDeals: opening });
    expect(alone.results.total_trades).toBe(1);
    expect(completed.results.total_trades).toBe(2);
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

describe('renderStatementHtml', () => {
  const html = renderStatementHtml(buildStatement(weekOnWinz()));

  it('is one self-contained pt-BR page with a table per section', () => {
    expect(html.startsWith('<!DOCTYPE html>')).toBe(true);
    expect(html).toContain('<html lang="pt-BR">');
    expect(html).not.toMatch(/<script|<link|src=/);
    for (const key of ['positions', 'orders', 'deals', 'open_positions', 'working_orders']) {
      expect(html).toContain(`<section id="${key}">`);
    }
    expect(html).toContain(`<h2>${m.sections.results}</h2>`);
  });

  it('writes numbers in pt-BR, right-aligned', () => {
    expect(html).toContain('<td class="n">1.599,00</td>');
    expect(html).toContain('<td class="n" data-key="gross_loss">-52,00</td>');
    expect(html).toContain('<td class="n" data-key="short_trades">1 (0,00%)</td>');
    expect(html).toContain('<td class="n" data-key="margin_level">1.606,00%</td>');
  });

  it('escapes symbols, comments and names that carry markup', () => {
    const out = renderStatementHtml(buildStatement(hostile()));
    expect(out).not.toContain('<script>');
    expect(out).not.toContain('<img');
    expect(out).not.toContain('<b>');
    expect(out).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
    expect(out).toContain('&quot;&gt;&lt;img src=x onerror=alert(1)&gt; &amp; &#39;aspas&#39;');
    expect(out).toContain('Ana &lt;b&gt;Souza&lt;/b&gt; &amp; Cia');
  });

  it('says so when a section has no rows', () => {
    const empty = renderStatementHtml(
      buildStatement(weekOnWinz({ deals: [], openPositions: [], workingOrders: [] })),
    );
    expect(empty.split(m.noRows)).toHaveLength(6);
    expect(empty).toContain('<td class="n" data-key="profit_factor">0,00</td>');
  });
});

describe('renderStatementXml', () => {
  const xml = renderStatementXml(buildStatement(weekOnWinz()));

  it('is a SpreadsheetML workbook like the terminal exports', () => {
    expect(
      xml.startsWith(
        '<?xml version="1.0" encoding="UTF-8"?>\n<?mso-application progid="Excel.Sheet"?>',
      ),
    ).toBe(true);
    expect(xml).toContain('<Workbook xmlns="urn:schemas-microsoft-com:office:spreadsheet"');
    expect(xml).toContain('<Worksheet ss:Name="Relatório de Negociação">');
    expect(() => assertWellFormed(xml)).not.toThrow();
  });

  it('keeps the sections and writes numbers as numbers', () => {
    for (const title of Object.values(m.sections)) expect(xml).toContain(`>${title}</Data>`);
    expect(xml).toContain(
      '<Row><Cell ss:StyleID="label"><Data ss:Type="String">Lucro Bruto:</Data></Cell><Cell ss:StyleID="n2"><Data ss:Type="Number">99</Data></Cell></Row>',
    );
    expect(xml).toContain('<Cell ss:StyleID="n2"><Data ss:Type="Number">1599</Data></Cell>');
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
      buildStatement({ ...wins, deals: wins.deals.filter((d) => d.ticket <= 3) }),
    );
    expect(out).toContain(
      'Fator de Lucro:</Data></Cell><Cell><Data ss:Type="String">∞</Data></Cell>',
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
