import { describe, expect, it } from 'vitest';
import { csvDocument, csvNumber, csvText } from './csv-cell.js';

describe('CSV cells', () => {
  it.each([
    ['=HYPERLINK("http://x","y")', `"'=HYPERLINK(""http://x"",""y"")"`],
    ['+1', "'+1"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['-2+3', "'-2+3"],
    ['\t=1+1', "'\t=1+1"],
    ['\r=1+1', `"'\r=1+1"`],
  ])('neutralises text a spreadsheet would run as a formula: %j', (text, cell) => {
    expect(csvText(text)).toBe(cell);
  });

  it('leaves other text as typed and quotes separators, quotes and line breaks (RFC 4180)', () => {
    expect(csvText('WINJ26')).toBe('WINJ26');
    expect(csvText('a=b')).toBe('a=b');
    expect(csvText('a,b')).toBe('"a,b"');
    expect(csvText('say "hi"')).toBe('"say ""hi"""');
    expect(csvText('two\nlines')).toBe('"two\nlines"');
    expect(csvText(null)).toBe('');
  });

  it('writes numbers as numbers: a loss keeps its minus sign and no apostrophe', () => {
    expect(csvNumber(-12.5)).toBe('-12.5');
    expect(csvNumber(-12.5, 2)).toBe('-12.50');
    expect(csvNumber(1234.5, 2)).toBe('1234.50');
    expect(csvNumber(0)).toBe('0');
    expect([NaN, Infinity, -Infinity, null].map((n) => csvNumber(n))).toEqual(['', '', '', '']);
  });

  it('joins a header and rows with CRLF, ending with one', () => {
    expect(csvDocument(['a', 'b'], [[csvText('-x'), csvNumber(-1)]])).toBe("a,b\r\n'-x,-1\r\n");
    expect(csvDocument(['a'], [])).toBe('a\r\n');
  });
});
