import type { ImportedReport } from '@vortex/core';
import { parseHtmlReport, type ParseOptions } from './html.js';
import { ImportRefusal, importMessages } from './messages.js';

// The Trade History report ("ReportHistory-<login>.html"): one 14-column table, Positions,
// Orders, Deals, Open Positions, Working Orders, the account summary, then Results.
export async function parseHistoryHtml(
  source: AsyncIterable<Uint8Array>,
  options?: ParseOptions,
): Promise<ImportedReport> {
  const report = await parseHtmlReport(source, options);
  if (report.kind !== 'history') throw new ImportRefusal(importMessages.notHistory);
  return report;
}
