import { describe, expect, it } from 'vitest';
import { controlCharsMessage, findControlChars } from './input-guard.js';

describe('findControlChars', () => {
  it('names the path of a nested string holding NUL, DEL or another C0 character', () => {
    expect(findControlChars({ a: [{ b: 'ok' }, { b: 'x\u0000' }] })).toEqual(['a', '1', 'b']);
    expect(findControlChars({ name: 'fim\u007f' })).toEqual(['name']);
    expect(findControlChars({ name: '\u001b[31m' })).toEqual(['name']);
    expect(findControlChars('\u0008')).toEqual([]);
  });

  it('lets tab and line breaks through in values, but not in keys', () => {
    expect(findControlChars({ message: 'linha 1\r\nlinha 2\tfim' })).toBeUndefined();
    expect(findControlChars({ config: { 'a\nb': 1 } })).toEqual(['config']);
    expect(findControlChars({ ok: 1, 'x\u0000': 2 })).toEqual([]);
  });

  it('passes numbers, booleans, null and clean text', () => {
    expect(findControlChars({ n: 1e308, b: true, z: null, s: 'Ação São Paulo' })).toBeUndefined();
    expect(findControlChars(undefined)).toBeUndefined();
  });

  it('walks a body nested far deeper than the call stack', () => {
    let deep: unknown = 'fundo\u0000';
    for (let i = 0; i < 200_000; i += 1) deep = [deep];
    const path = findControlChars(deep);
    expect(path).toHaveLength(200_000);
  });

  it('names the field by its pt-BR label and never echoes a key it does not know', () => {
    expect(controlCharsMessage(['full_name'])).toBe(
      'Dados inválidos. Nome completo: não pode conter caracteres de controle.',
    );
    expect(controlCharsMessage(['recipients', '1'])).toBe(
      'Dados inválidos. Destinatários › item 2: não pode conter caracteres de controle.',
    );
    expect(controlCharsMessage(['k'.repeat(10_000)])).toBe(
      'Dados inválidos. Nenhum campo pode conter caracteres de controle.',
    );
  });
});
