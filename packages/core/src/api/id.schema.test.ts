import { describe, expect, it } from 'vitest';
import { IdSchema, MAX_ID, idSchema } from './id.schema.js';

describe('IdSchema', () => {
  it('reads an id written in plain decimal digits, as text or as a number', () => {
    expect(IdSchema.parse('9')).toBe(9);
    expect(IdSchema.parse('1234567')).toBe(1_234_567);
    expect(IdSchema.parse(String(MAX_ID))).toBe(MAX_ID);
    expect(IdSchema.parse(9)).toBe(9);
  });

  it.each([
    ['hex', '0x9'],
    ['exponent', '1e1'],
    ['leading zero', '09'],
    ['zero', '0'],
    ['leading space', ' 9'],
    ['trailing space', '9 '],
    ['decimal point', '9.0'],
    ['minus sign', '-9'],
    ['plus sign', '+9'],
    ['empty', ''],
    ['binary', '0b1001'],
    ['past 2^53', '9007199254740992'],
    ['twenty digits', '99999999999999999999'],
    ['Infinity', 'Infinity'],
    ['a fraction', 9.5],
    ['zero as a number', 0],
    ['a negative number', -9],
    ['an unsafe number', 2 ** 53],
    ['null', null],
  ])('refuses %s (%j) with the resource’s message', (_, value) => {
    const r = idSchema('Identificador de usuário inválido.').safeParse(value);
    expect(r.success).toBe(false);
    expect(r.error?.issues.map((i) => i.message)).toEqual(['Identificador de usuário inválido.']);
  });
});
