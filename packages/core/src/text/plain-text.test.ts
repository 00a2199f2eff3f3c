import { describe, expect, it } from 'vitest';
import { hasControlChars, plainLines, plainText } from './plain-text.js';

describe('plain text', () => {
  it('refuses NUL, escape and DEL in one-line text, and line breaks too', () => {
    for (const s of ['a\u0000', '\u001b[31m', 'x\u007f', 'a\nb', 'a\tb'])
      expect(plainText().safeParse(s).success).toBe(false);
    expect(plainText().safeParse('Mini Índice — WINZ25').success).toBe(true);
  });

  it('lets free text keep tabs and line breaks, and nothing else below space', () => {
    expect(plainLines().safeParse('linha 1\r\nlinha 2\tfim').success).toBe(true);
    expect(plainLines().safeParse('a\u0000b').success).toBe(false);
    expect(hasControlChars('a\u000bb', true)).toBe(true);
  });

  it('chains with trim and lengths, checking what is left after trimming', () => {
    const s = plainText().trim().min(1).max(5);
    expect(s.parse('  abc  ')).toBe('abc');
    expect(s.safeParse('   ').success).toBe(false);
    expect(s.safeParse(' a\u0000 ').success).toBe(false);
  });

  it('answers a value that is no string with the message it is given', () => {
    const r = plainText('Informe o nome.').safeParse(42);
    expect(r.error?.issues[0]?.message).toBe('Informe o nome.');
    expect(plainText('Informe o nome.').safeParse('a\nb').error?.issues[0]?.message).toBe(
      'não pode conter caracteres de controle.',
    );
  });
});
