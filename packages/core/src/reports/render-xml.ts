import { DEFAULT_TIME_ZONE } from '../trading/constants.js';
import { formatCell, type Cell } from './cells.js';
import {
  writeStatement,
  type StatementHead,
  type StatementTableHead,
  type StatementWriter,
} from './statement-writer.js';
import type {
  StatementFigure,
  StatementFigures,
  StatementModel,
  StatementTable,
} from './statement.types.js';

// XML 1.0 allows no control characters besides tab and line breaks, nor lone surrogates.
const NOT_XML_CHAR = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;
const ESCAPES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};

/** Escapes text and attribute values and drops characters XML cannot carry at all. */
export function escapeXml(value: string): string {
  return value.replace(NOT_XML_CHAR, '').replace(/[&<>"']/g, (ch) => ESCAPES[ch] ?? ch);
}

const STYLES = `<Styles>
<Style ss:ID="Default" ss:Name="Normal"><Font ss:FontName="Tahoma" ss:Size="9"/></Style>
<Style ss:ID="title"><Font ss:FontName="Tahoma" ss:Size="14" ss:Bold="1"/></Style>
<Style ss:ID="section"><Font ss:FontName="Tahoma" ss:Size="11" ss:Bold="1"/><Interior ss:Color="#DBE7F5" ss:Pattern="Solid"/></Style>
<Style ss:ID="head"><Font ss:FontName="Tahoma" ss:Size="9" ss:Bold="1"/><Interior ss:Color="#F1F5F9" ss:Pattern="Solid"/></Style>
<Style ss:ID="label"><Font ss:FontName="Tahoma" ss:Size="9" ss:Color="#475569"/></Style>
<Style ss:ID="n0"><NumberFormat ss:Format="#,##0"/></Style>
<Style ss:ID="n2"><NumberFormat ss:Format="#,##0.00"/></Style>
<Style ss:ID="n4"><NumberFormat ss:Format="#,##0.0000"/></Style>
<Style ss:ID="n5"><NumberFormat ss:Format="#,##0.00000"/></Style>
<Style ss:ID="pct"><NumberFormat ss:Format="0.00%"/></Style>
</Styles>`;

const string = (value: string, style?: string) =>
  `<Cell${style ? ` ss:StyleID="${style}"` : ''}><Data ss:Type="String">${escapeXml(value)}</Data></Cell>`;

// Numbers stay numbers so the sheet can sum them; the style carries the decimals.
function number(value: number, style: string): string {
  return `<Cell ss:StyleID="${style}"><Data ss:Type="Number">${String(value)}</Data></Cell>`;
}

function cell(c: Cell, timeZone: string): string {
  if (c.kind === 'empty') return '<Cell/>';
  if (c.kind === 'number' && Number.isFinite(c.value)) {
    const style = c.decimals <= 0 ? 'n0' : c.decimals <= 2 ? 'n2' : c.decimals <= 4 ? 'n4' : 'n5';
    return number(c.value, style);
  }
  if (c.kind === 'percent' && Number.isFinite(c.value)) return number(c.value / 100, 'pct');
  if (c.kind === 'factor' && Number.isFinite(c.value)) return number(c.value, 'n2');
  return string(formatCell(c, timeZone));
}

const row = (cells: readonly string[]) => `<Row>${cells.join('')}</Row>`;
const figureCells = (f: StatementFigure, timeZone: string) => [
  string(`${f.label}:`, 'label'),
  cell(f.value, timeZone),
];
const figureRow = (f: StatementFigure, timeZone: string) => row(figureCells(f, timeZone));

function figureRows(s: StatementFigures, timeZone: string): string[] {
  // Summary lines pair Balance with Free Margin…; Results lines hold up to three pairs.
  const lines: string[] = [];
  if (s.key === 'summary') {
    for (let i = 0; i < 4; i++) {
      const left = s.items[i];
      const right = s.items[i + 4];
      const cells = [left, right].flatMap((f) => (f ? figureCells(f, timeZone) : []));
      lines.push(row(cells));
    }
    return ['<Row/>', ...lines];
  }
  for (let i = 0; i < s.items.length; i += 3) {
    lines.push(row(s.items.slice(i, i + 3).flatMap((f) => figureCells(f, timeZone))));
  }
  return ['<Row/>', row([string(s.title, 'section')]), ...lines];
}

const COLUMNS = 15;
// One row a line: every piece is its rows, each followed by a line break.
const lines = (rows: readonly string[]): string => rows.map((r) => `${r}\n`).join('');

/**
 * The statement as a SpreadsheetML 2003 workbook, like the terminal's XML export, piece by
 * piece. As the terminal's spreadsheet export: the hidden HTML columns (magic, Cost) are left out.
 */
export class XmlStatementWriter implements StatementWriter {
  private tz: string = DEFAULT_TIME_ZONE;
  private shown: number[] = [];

  start(head: StatementHead): string {
    this.tz = head.timeZone;
    return `<?xml version="1.0" encoding="UTF-8"?>
<?mso-application progid="Excel.Sheet"?>
<Workbook xmlns="urn:schemas-microsoft-com:office:spreadsheet" xmlns:o="urn:schemas-microsoft-com:office:office" xmlns:x="urn:schemas-microsoft-com:office:excel" xmlns:ss="urn:schemas-microsoft-com:office:spreadsheet" xmlns:html="http://www.w3.org/TR/REC-html40">
<DocumentProperties xmlns="urn:schemas-microsoft-com:office:office"><Title>${escapeXml(head.title)}</Title><Created>${new Date(head.generatedAt).toISOString()}</Created></DocumentProperties>
${STYLES}
<Worksheet ss:Name="${escapeXml(head.title.slice(0, 31))}">
<Table>
${'<Column ss:Width="110"/>'.repeat(COLUMNS)}
${lines([row([string(head.title, 'title')]), ...head.header.map((f) => figureRow(f, this.tz))])}`;
  }

  table(head: StatementTableHead): string {
    this.shown = head.columns.flatMap((c, i) => (c.hidden ? [] : [i]));
    return lines([
      row([string(head.title, 'section')]),
      row(this.shown.map((i) => string(head.columns[i]?.label ?? '', 'head'))),
    ]);
  }

  row(cells: readonly Cell[]): string {
    return lines([row(this.shown.map((i) => cell(cells[i] ?? { kind: 'empty' }, this.tz)))]);
  }

  endTable(footer: StatementTable['footer']): string {
    if (!footer) return '';
    return lines([
      row([
        ...Array<string>(footer.lead).fill('<Cell/>'),
        ...footer.cells.map((c) => cell(c, this.tz)),
      ]),
    ]);
  }

  figures(s: StatementFigures): string {
    return lines(figureRows(s, this.tz));
  }

  end(): string {
    return `</Table>
</Worksheet>
</Workbook>
`;
  }
}

/** The whole workbook as one string (XmlStatementWriter's pieces joined). */
export function renderStatementXml(model: StatementModel): string {
  return writeStatement(model, new XmlStatementWriter());
}
