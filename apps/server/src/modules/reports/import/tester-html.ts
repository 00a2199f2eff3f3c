import type { ImportedReport } from '@vortex/core';
import { parseHtmlReport, type ParseOptions } from './html.js';
import { ImportRefusal, importMessages } from './messages.js';

// The Strategy Tester report ("ReportTester-<login>.html"): one 13-column table, the server line,
// Settings, Results (with the equity drawdowns and Total Deals), charts, Orders, Deals. It has no
// Positions section and no Fee column; the account login is not written.
export async function parseTesterHtml(
  source: AsyncIterable<Uint8Array>,
  options?: ParseOptions,
): Promise<ImportedReport> {
  const report = await parseHtmlReport(source, options);
  if (report.kind !== 'tester') throw new ImportRefusal(importMessages.notTester);
  return report;
}
