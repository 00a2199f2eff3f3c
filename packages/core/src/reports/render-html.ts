import { formatCell, isNumeric, type Cell } from './cells.js';
import type { StatementFigures, StatementModel, StatementTable } from './statement.types.js';
import { reportMessages as m } from './messages.js';

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

// Self-contained on purpose: the file is opened from a blob or from disk, with nothing to fetch.
const STYLE = `
body{font:13px Tahoma,Arial,sans-serif;color:#1f2937;margin:24px;background:#fff}
h1{font-size:20px;margin:0 0 12px}
h2{font-size:15px;margin:24px 0 6px;padding:4px 8px;background:#dbe7f5;border-left:4px solid #2563eb}
table{border-collapse:collapse;width:100%;margin-bottom:8px}
th,td{padding:3px 8px;border-bottom:1px solid #e5e7eb;white-space:nowrap;text-align:left}
th{background:#f1f5f9;font-weight:bold}
tbody tr:nth-child(even){background:#f8fafc}
td.n,th.n{text-align:right;font-variant-numeric:tabular-nums}
tfoot td{font-weight:bold;border-top:2px solid #94a3b8}
table.header td:first-child,table.figures td.l{color:#475569}
table.figures td.l{text-align:right;width:1%}
td.empty{color:#64748b;font-style:italic}
`;

function td(cell: Cell, timeZone: string, attrs = ''): string {
  const cls = isNumeric(cell) ? ' class="n"' : '';
  return `<td${cls}${attrs}>${escapeHtml(formatCell(cell, timeZone))}</td>`;
}

function table(section: StatementTable, timeZone: string): string {
  const head = section.columns
    .map((c) => `<th${c.numeric ? ' class="n"' : ''}>${escapeHtml(c.label)}</th>`)
    .join('');
  const rows =
    section.rows.length === 0
      ? `<tr><td class="empty" colspan="${section.columns.length}">${escapeHtml(m.noRows)}</td></tr>`
      : section.rows
          .map((row) => `<tr>${row.map((cell) => td(cell, timeZone)).join('')}</tr>`)
          .join('\n');
  const foot =
    section.footer && section.rows.length > 0
      ? `<tfoot><tr>${section.footer.map((cell) => td(cell, timeZone)).join('')}</tr></tfoot>`
      : '';
  return `<section id="${section.key}"><h2>${escapeHtml(section.title)}</h2>
<table><thead><tr>${head}</tr></thead><tbody>
${rows}
</tbody>${foot}</table></section>`;
}

// The page never runs a script, wherever it is opened from (a blob shares the app's origin).
const PAGE_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'";

// MT5 lays its figures out three label/value pairs to a line.
const FIGURES_PER_ROW = 3;

function figures(section: StatementFigures, timeZone: string): string {
  const lines: string[] = [];
  for (let i = 0; i < section.items.length; i += FIGURES_PER_ROW) {
    const cells = section.items
      .slice(i, i + FIGURES_PER_ROW)
      .map(
        (f) =>
          `<td class="l">${escapeHtml(f.label)}:</td>${td(f.value, timeZone, ` data-key="${escapeHtml(f.key)}"`)}`,
      );
    lines.push(`<tr>${cells.join('')}</tr>`);
  }
  return `<section id="${section.key}"><h2>${escapeHtml(section.title)}</h2>
<table class="figures"><tbody>
${lines.join('\n')}
</tbody></table></section>`;
}

/** The statement as one self-contained HTML page, styled like the terminal's report. */
export function renderStatementHtml(model: StatementModel): string {
  const tz = model.timeZone;
  const header = model.header
    .map(
      (f) => `<tr><td>${escapeHtml(f.label)}:</td>${td(f.value, tz, ` data-key="${f.key}"`)}</tr>`,
    )
    .join('\n');
  const body = model.sections
    .map((s) => (s.kind === 'table' ? table(s, tz) : figures(s, tz)))
    .join('\n');
  return `<!DOCTYPE html>
<html lang="pt-BR">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${PAGE_CSP}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(model.title)}</title>
<style>${STYLE}</style>
</head>
<body>
<h1>${escapeHtml(model.title)}</h1>
<table class="header"><tbody>
${header}
</tbody></table>
${body}
</body>
</html>
`;
}
