import { describe, expect, it } from 'vitest';
import { deriveUsername } from './username.js';

describe('deriveUsername', () => {
  it('strips accents and lowercases', () => {
    expect(deriveUsername('João.Antônio@exemplo.com.br')).toBe('joao_antonio');
  });
  it('replaces every non-alphanumeric character with an underscore', () => {
    expect(deriveUsername('ana-maria+b3@x.com')).toBe('ana_maria_b3');
  });
  it('cuts to 20 characters', () => {
    expect(deriveUsername('abcdefghijklmnopqrstuvwxyz@x.com')).toBe('abcdefghijklmnopqrst');
  });
});
