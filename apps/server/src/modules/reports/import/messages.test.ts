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

describe('a report cut short, as the trader reads it', () => {
  it('names what the report says it holds and what it holds, in pt-BR numbers', () => {
    expect(importMessages.dealsCount(180, 358)).toBe(
      'O relatório está incompleto: a seção de transações tem 180 negócios, mas o total do relatório ("Ofertas Total") indica 358. Nada foi importado.',
    );
    expect(importMessages.totalsDisagree('profit', 1234.5, 1301.4)).toBe(
      'O relatório está incompleto: a soma dos lucros na seção de transações (1.234,50) não confere com o total que o relatório escreve (1.301,40). Nada foi importado.',
    );
    expect(importMessages.resultsCut(20, 25)).toBe(
      'O relatório está incompleto: o bloco de resultados tem 20 de 25 linhas (o arquivo parece cortado). Nada foi importado.',
    );
  });
});
