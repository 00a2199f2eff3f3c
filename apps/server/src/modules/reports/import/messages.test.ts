import { describe, expect, it } from 'vitest';
import { cellProblems, importMessages, limitText } from './messages.js';

describe('a refused cell, as the trader reads it', () => {
  it('names the row with pt-BR thousands, the column, and the agent’s limit in words', () => {
    expect(
      importMessages.cell(1234, 'Lucro', cellProblems.outOfRange(limitText(-1e12, 1e12))),
    ).toBe('Linha 1.234, coluna "Lucro": valor fora do limite (R$ 1 trilhão).');
    expect(limitText(0, 1e9)).toBe('de 0 a 1 bilhão');
    expect(limitText(0, 1e6)).toBe('de 0 a 1 milhão');
    expect(limitText(0, 125_000)).toBe('de 0 a 125.000');
  });

  it('quotes at most 40 characters of what the cell held', () => {
    expect(cellProblems.unreadable('x'.repeat(100))).toBe(`valor ilegível "${'x'.repeat(40)}…".`);
  });
});
