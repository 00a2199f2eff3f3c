import { localWallClock } from '@vortex/core';
import { saveBlob } from '../../../lib/save-file';
import type { StatementFormat } from '../api/generate-statement';

const MIME: Record<StatementFormat, string> = {
  html: 'text/html;charset=utf-8',
  xml: 'application/xml;charset=utf-8',
};

/**
 * mt5_statement_{timestamp}.{ext}, stamped like the server's own name ('20261122_221500', São
 * Paulo time as every time shown), so the file is named the same with or without its header.
 */
export function statementFileName(format: StatementFormat, now = new Date()): string {
  const stamp = localWallClock(now.getTime()).replace(/-|:/g, '').replace('T', '_');
  return `mt5_statement_${stamp}.${format}`;
}

// A blob URL shares the app's origin, and with it the stored session: the statement page must
// not run scripts, even if a symbol or comment in it slipped through the server unescaped.
// The policy is the one the server sends with the page, which a blob does not keep.
const NO_SCRIPTS =
  "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'\">";

/** The statement with a script-blocking policy as the first element of its <head>. */
export function withScriptsBlocked(html: string): string {
  const head = /<head\b[^>]*>/i.exec(html);
  if (!head) return NO_SCRIPTS + html;
  const at = head.index + head[0].length;
  return html.slice(0, at) + NO_SCRIPTS + html.slice(at);
}

/**
 * Saves the statement as a file through a temporary link; answers the file's name. Bytes are
 * saved as the server sent them, so the HTML file is the terminal's UTF-16 LE.
 */
export function downloadStatement(
  content: string | Uint8Array<ArrayBuffer>,
  format: StatementFormat,
  fileName = statementFileName(format),
): string {
  const type = typeof content === 'string' ? MIME[format] : MIME[format].split(';')[0];
  saveBlob(new Blob([content], { type }), fileName);
  return fileName;
}

// The new tab loads the blob after window.open returns; a minute is ample before freeing it.
const OPENED_BLOB_LIFETIME_MS = 60_000;

export type HtmlDelivery = { kind: 'opened' } | { kind: 'downloaded'; fileName: string };

/**
 * trading.md §7: the HTML statement opens in a new tab; when the browser blocks the pop-up
 * (window.open answers null) it is downloaded instead.
 */
export function openOrDownloadHtml(
  html: string,
  fileName?: string,
  bytes?: Uint8Array<ArrayBuffer>,
): HtmlDelivery {
  const url = URL.createObjectURL(new Blob([withScriptsBlocked(html)], { type: MIME.html }));
  const tab = window.open(url, '_blank');
  if (tab) {
    tab.opener = null;
    setTimeout(() => {
      URL.revokeObjectURL(url);
    }, OPENED_BLOB_LIFETIME_MS);
    return { kind: 'opened' };
  }
  URL.revokeObjectURL(url);
  return { kind: 'downloaded', fileName: downloadStatement(bytes ?? html, 'html', fileName) };
}
