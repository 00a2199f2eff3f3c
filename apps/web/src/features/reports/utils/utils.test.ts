import { describe, expect, it } from 'vitest';
import { decodeStatement } from '../api/generate-statement';
import { parseReportRange } from '../api/reports-keys';
import { tradingHours } from './hours';
import { exitReasonRows, fullDay, shortDay } from './labels';
import { statementFileName, withScriptsBlocked } from './statement-file';

describe('statementFileName', () => {
  it("stamps São Paulo's date and time, as the server's own file name does", () => {
    // 01:05 UTC on the 3rd is still 22:05 on the 2nd in São Paulo.
    const at = new Date(Date.UTC(2026, 10, 3, 1, 5, 7));
    expect(statementFileName('html', at)).toBe('mt5_statement_20261102_220507.html');
    expect(statementFileName('xml', at)).toBe('mt5_statement_20261102_220507.xml');
  });
});

describe('withScriptsBlocked', () => {
  const policy = /^<meta http-equiv="Content-Security-Policy" content="default-src 'none';/;

  it('puts the policy first in <head>, before anything could run', () => {
    const html = '<!DOCTYPE html><html><HEAD lang="pt"><script>x()</script></HEAD></html>';
    const out = withScriptsBlocked(html);
    const at = out.indexOf('<meta');
    expect(out.slice(0, at)).toBe('<!DOCTYPE html><html><HEAD lang="pt">');
    expect(out.slice(at)).toMatch(policy);
    expect(at).toBeLessThan(out.indexOf('<script>'));
  });

  it('puts it in front of a document without <head>', () => {
    expect(withScriptsBlocked('<p>ok</p>')).toMatch(policy);
    expect(withScriptsBlocked('<p>ok</p>').endsWith('<p>ok</p>')).toBe(true);
  });
});

describe('tradingHours', () => {
  it('keeps hours 9 to 18, each once, in order, with empty hours as zero', () => {
    const rows = tradingHours([
      { hour: 23, count: 1, pnl: 5, win_rate: 100 },
      { hour: 12, count: 2, pnl: -3, win_rate: 50 },
      { hour: 0, count: 4, pnl: 9, win_rate: 75 },
    ]);
    expect(rows.map((r) => r.hour)).toEqual([9, 10, 11, 12, 13, 14, 15, 16, 17, 18]);
    expect(rows[3]).toEqual({ hour: 12, count: 2, pnl: -3, win_rate: 50 });
    expect(rows[0]).toEqual({ hour: 9, count: 0, pnl: 0, win_rate: 0 });
  });

  it('keeps all 24 hours for an account outside B3, whose forex trades close at night', () => {
    const rows = tradingHours(
      [
        { hour: 23, count: 1, pnl: 5, win_rate: 100 },
        { hour: 0, count: 4, pnl: 9, win_rate: 75 },
      ],
      'USD',
    );
    expect(rows.map((r) => r.hour)).toEqual(Array.from({ length: 24 }, (_, h) => h));
    expect(rows.reduce((n, r) => n + r.count, 0)).toBe(5);
  });
});

describe('exitReasonRows', () => {
  it('names the MT5 reasons, most frequent first, with their shares', () => {
    expect(exitReasonRows({ sl: 1, TP: 3, '0': 0, CUSTOM: 1 })).toEqual([
      { key: 'TP', label: 'Take Profit', count: 3, share: 60 },
      { key: 'CUSTOM', label: 'CUSTOM', count: 1, share: 20 },
      { key: 'sl', label: 'Stop Loss', count: 1, share: 20 },
    ]);
    expect(exitReasonRows({})).toEqual([]);
  });
});

describe('day labels', () => {
  it('reads the calendar day as sent, with no time zone shift', () => {
    expect(shortDay('2026-01-01')).toBe('01/01');
    expect(fullDay('2026-01-01')).toBe('01/01/2026');
    expect(shortDay('ontem')).toBe('ontem');
  });
});

describe('parseReportRange', () => {
  it('takes the five ranges and falls back to 7d', () => {
    expect(parseReportRange('1y')).toBe('1y');
    expect(parseReportRange('2d')).toBe('7d');
    expect(parseReportRange(null)).toBe('7d');
  });
});

describe('decodeStatement', () => {
  it("reads the terminal's UTF-16 LE (with BOM) as the server sends the HTML, and UTF-8", () => {
    const text = 'Relatório <b>Ação</b>';
    const utf16 = new Uint8Array(2 + text.length * 2);
    utf16.set([0xff, 0xfe]);
    for (let i = 0; i < text.length; i++) {
      utf16[2 + i * 2] = text.charCodeAt(i) & 0xff;
      utf16[3 + i * 2] = text.charCodeAt(i) >> 8;
    }
    expect(decodeStatement(utf16)).toBe(text);
    expect(decodeStatement(new TextEncoder().encode(text))).toBe(text);
  });
});
