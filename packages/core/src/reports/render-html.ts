import { DEFAULT_TIME_ZONE } from '../trading/constants.js';
import { formatCell, type Cell } from './cells.js';
import { statementLabels } from './messages.js';
import {
  writeStatement,
  type StatementHead,
  type StatementTableHead,
  type StatementWriter,
} from './statement-writer.js';
import type { StatementFigures, StatementModel, StatementTable } from './statement.types.js';

const ESCAPES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text and attribute values alike: symbols and comments come from the broker and the agent. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (ch) => ESCAPES[ch] ?? ch);
}

// The terminal's own head, word for word (ReportHistory-*.html): its report is the model.
const HEAD_STYLE = `    <style type="text/css">
    <!--
    @media screen {
      td { font: 8pt  Tahoma,Arial; }
      th { font: 10pt Tahoma,Arial; }
    }
    @media print {
      td { font: 7pt Tahoma,Arial; }
      th { font: 9pt Tahoma,Arial; }
    }
    .msdate { mso-number-format:"General Date"; }
    .mspt   { mso-number-format:\\#\\,\\#\\#0\\.00;  }
    .hidden { display: none; }
    body {margin:1px;}
    //-->
    </style>`;

const GRID_WIDTHS = [140, 60, 60, 60, 70, 60, 60, 60, 140, 60, 60, 60, 60, 100];
const SPACER = `        <tr>\n            <td nowrap style="height: 10px"></td>\n        </tr>`;
const bgcolor = (i: number) => (i % 2 === 0 ? '#FFFFFF' : '#F7F7F7');
const fmt = (cell: Cell, tz: string) => escapeHtml(formatCell(cell, tz));
const span = (n: number | undefined) => (n && n > 1 ? ` colspan="${n}"` : '');

function gridRow(): string {
  const cells = GRID_WIDTHS.map((w, i) =>
    i === 0
      ? `            <td nowrap style="width: ${w}px;height: 10px"></td>`
      : `            <td nowrap style="width: ${w}px;"></td>`,
  );
  return `        <tr>\n${cells.join('\n')}\n        </tr>`;
}

function sectionTitle(title: string): string {
  return `        <tr align="center">
            <th colspan="14" style="height: 25px"><div style="font: 10pt Tahoma"><b>${escapeHtml(title)}</b></div></th>
        </tr>`;
}

function columnHeads(t: StatementTableHead): string {
  // the terminal heads no column over Positions' hidden magic td (it does head Deals' Cost)
  const cells = t.columns.flatMap((c, i) => {
    if (c.hidden && c.label === '') return [];
    const style = i === 0 ? ' style="height: 30px"' : '';
    const hidden = c.hidden ? ' class="hidden"' : '';
    return [
      `            <td nowrap${style}${hidden}${span(c.span)}><b>${escapeHtml(c.label)}</b></td>`,
    ];
  });
  return `        <tr align="center" bgcolor="#E5F0FC">\n${cells.join('\n')}\n        </tr>`;
}

function dataRow(t: StatementTableHead, row: readonly Cell[], i: number, tz: string): string {
  const tds = t.columns.map((c, j) => {
    const cell = row[j] ?? { kind: 'empty' };
    const hidden = c.hidden ? ' class="hidden"' : '';
    // Deals are one line of <td nowrap>; Positions one <td> a line, as the terminal writes them.
    return t.key === 'deals'
      ? `<td nowrap${hidden}${span(c.span)}>${fmt(cell, tz)}</td>`
      : `<td${hidden}${span(c.span)}>${fmt(cell, tz)}</td>`;
  });
  const open = `        <tr bgcolor="${bgcolor(i)}" align="right">`;
  if (t.key === 'positions') {
    return `${open}\n${tds.map((td) => `            ${td}`).join('\n')}\n        </tr>`;
  }
  return `${open}${tds.join('')}</tr>`;
}

function footerRow(t: StatementTableHead, footer: StatementTable['footer'], tz: string): string {
  if (!footer) return '';
  const cells = footer.cells.map((c) =>
    c.kind === 'empty'
      ? '            <td></td>'
      : `            <td nowrap><b>${fmt(c, tz)}</b></td>`,
  );
  // as written: the Deals totals' lead cell is nowrap, the Open Positions' one is not
  const nowrap = t.key === 'deals' ? ' nowrap' : '';
  return `        <tr align="right">
            <td${nowrap} colspan="${footer.lead}" style="height: 30px"></td>
${cells.join('\n')}
        </tr>`;
}

function summary(s: StatementFigures, tz: string): string {
  const pairAt = (i: number) => {
    const f = s.items[i];
    return f
      ? `            <td colspan="3" style="height: 20px">${escapeHtml(f.label)}:</td>
            <td colspan="2"><b>${fmt(f.value, tz)}</b></td>`
      : '';
  };
  const rightAt = (i: number) => {
    const f = s.items[i];
    return f
      ? `\n            <td></td>
            <td colspan="3">${escapeHtml(f.label)}:</td>
            <td colspan="2"><b>${fmt(f.value, tz)}</b></td>`
      : '';
  };
  const rows = [0, 1, 2, 3].map(
    (i) => `        <tr align="right">\n${pairAt(i)}${rightAt(i + 4)}\n        </tr>`,
  );
  const gap = `        <tr align="right">\n            <td colspan="13" style="height: 10px"></td>\n        </tr>`;
  return [gap, ...rows, gap].join('\n');
}

// MT5's Results lines by key: three pairs a line at the top, two (after 4 empty columns) below.
const RESULT_LINES: readonly (readonly string[] | 'gap' | 'drawdown')[] = [
  ['total_net_profit', 'gross_profit', 'gross_loss'],
  ['profit_factor', 'expected_payoff'],
  ['recovery_factor', 'sharpe_ratio'],
  'gap',
  'drawdown',
  ['balance_drawdown_absolute', 'balance_drawdown_maximal', 'balance_drawdown_relative'],
  'gap',
  ['total_trades', 'short_trades', 'long_trades'],
  ['profit_trades', 'loss_trades'],
  ['largest_profit_trade', 'largest_loss_trade'],
  ['average_profit_trade', 'average_loss_trade'],
  ['max_consecutive_wins', 'max_consecutive_losses'],
  ['maximal_consecutive_profit', 'maximal_consecutive_loss'],
  ['average_consecutive_wins', 'average_consecutive_losses'],
  'gap',
];

function results(s: StatementFigures, head: StatementHead): string {
  const tz = head.timeZone;
  const byKey = new Map(s.items.map((f) => [f.key, f]));
  const lines = [
    `        <tr>
            <td colspan="13" align="center"><div style="font: 10pt Tahoma"><b>${escapeHtml(s.title)}</b></div></td>
        </tr>`,
  ];
  for (const line of RESULT_LINES) {
    if (line === 'gap') {
      lines.push(SPACER);
      continue;
    }
    if (line === 'drawdown') {
      const label = statementLabels[head.language].results.drawdown;
      lines.push(
        `        <tr align="right">\n            <td nowrap colspan="3">${escapeHtml(label)}:</td>\n        </tr>`,
      );
      continue;
    }
    const cells = line.flatMap((key, i) => {
      const f = byKey.get(key);
      if (!f) return [];
      const last = i === 2 || (line.length === 2 && i === 1);
      return [
        `            <td nowrap colspan="3">${escapeHtml(f.label)}:</td>`,
        `            <td nowrap${last ? ' colspan="2"' : ''}><b>${fmt(f.value, tz)}</b></td>`,
      ];
    });
    // the two-pair lines below Total Trades start after four empty grid columns
    const lead =
      line.length === 2 && line[0] !== 'profit_factor' && line[0] !== 'recovery_factor'
        ? ['            <td nowrap colspan="4"></td>']
        : [];
    lines.push(`        <tr align="right">\n${[...lead, ...cells].join('\n')}\n        </tr>`);
  }
  return lines.join('\n');
}

function headerRows(head: StatementHead): string {
  return head.header
    .map((f) => {
      // the terminal joins the Account: line with non-breaking spaces
      const value = fmt(f.value, head.timeZone);
      const shown = f.key === 'account' ? value.replace(/ /g, '&nbsp;') : value;
      return `        <tr align="left">
            <th colspan="4" nowrap align="right" style="width: 220px; height: 20px">${escapeHtml(f.label)}:</th>
            <th colspan="10" nowrap align="left" style="width: 220px; height: 20px"><b>${shown}</b></th>
        </tr>`;
    })
    .join('\n');
}

// Every line the terminal writes ends in CRLF, line breaks inside a piece's text included.
const lines = (...texts: string[]): string =>
  texts
    .map((t) => `${t}\r\n`)
    .join('')
    .replace(/\r?\n/g, '\r\n');

/**
 * The statement as the terminal writes its Trade History report, piece by piece: one table on a
 * 14-column grid, the same rows, attributes and number format, so tools that read MT5 reports
 * read ours. Rows are numbered per table for their alternating colours.
 */
export class HtmlStatementWriter implements StatementWriter {
  private head: StatementHead | null = null;
  private current: StatementTableHead | null = null;
  private rows = 0;

  private get tz(): string {
    return this.head?.timeZone ?? DEFAULT_TIME_ZONE;
  }

  start(head: StatementHead): string {
    this.head = head;
    return lines(
      '<!DOCTYPE html PUBLIC "-//W3C//DTD HTML 4.01 Transitional//EN" "http://www.w3.org/TR/html4/loose.dtd">',
      '<html>',
      '  <head>',
      `    <title>${escapeHtml(`${head.owner} - ${head.title}`)}</title>`,
      '    <meta name="generator" content="client terminal">',
      HEAD_STYLE,
      '  </head>',
      '<body>',
      '<div align="center">',
      '    <table cellspacing="1" cellpadding="3" border="0">',
      `        <tr align="center">
            <td colspan="14"><div style="font: 14pt Tahoma"><b>${escapeHtml(head.title)}</b><br></div></td>
        </tr>`,
      headerRows(head),
      gridRow(),
    );
  }

  table(head: StatementTableHead): string {
    this.current = head;
    this.rows = 0;
    return lines(sectionTitle(head.title), columnHeads(head));
  }

  row(cells: readonly Cell[]): string {
    if (!this.current) throw new Error('a statement row outside a table');
    return lines(dataRow(this.current, cells, this.rows++, this.tz));
  }

  endTable(footer: StatementTable['footer']): string {
    const t = this.current;
    if (!t) throw new Error('a statement table ended before it began');
    this.current = null;
    const foot = footerRow(t, footer, this.tz);
    // Positions, Orders and Deals end with the spacer that readers of the report stop at.
    const spacer = t.key === 'positions' || t.key === 'orders' || t.key === 'deals';
    return lines(...(foot ? [foot] : []), ...(spacer ? [SPACER] : []));
  }

  figures(s: StatementFigures): string {
    if (!this.head) throw new Error('statement figures before its start');
    return lines(s.key === 'summary' ? summary(s, this.tz) : results(s, this.head));
  }

  end(): string {
    return lines('    </table>', '</div>', '</body>', '</html>');
  }
}

/**
 * The whole statement as one string (HtmlStatementWriter's pieces joined); encodeUtf16le gives
 * the bytes the terminal would write.
 */
export function renderStatementHtml(model: StatementModel): string {
  return writeStatement(model, new HtmlStatementWriter());
}

/** UTF-16 LE with its BOM, the encoding the terminal writes its HTML reports in. */
export function encodeUtf16le(text: string): Uint8Array {
  const bytes = new Uint8Array(2 + text.length * 2);
  bytes[0] = 0xff;
  bytes[1] = 0xfe;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    bytes[2 + i * 2] = unit & 0xff;
    bytes[3 + i * 2] = unit >> 8;
  }
  return bytes;
}
