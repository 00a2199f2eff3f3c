import { describe, expect, it } from 'vitest';
import { contractHint } from './contract-hint.js';

const at = (iso: string) => Date.parse(iso);

describe('contractHint', () => {
  it('names the contract trading today when the symbol is another WIN contract', () => {
    expect(contractHint('WINZ25', at('2026-11-23T12:00:00Z'))).toBe(
      'O contrato vigente do mini-índice é WINZ26: ajuste o símbolo na Parametrização VórtexBot.',
    );
    // December 2026's contract expires on the 16th (the Wednesday closest to the 15th).
    expect(contractHint('WINZ26', at('2026-12-17T15:00:00Z'))).toMatch(/é WING27:/);
  });

  it('says nothing for the current contract or another instrument', () => {
    expect(contractHint('WINZ26', at('2026-11-23T12:00:00Z'))).toBe(null);
    expect(contractHint('WDOF27', at('2026-11-23T12:00:00Z'))).toBe(null);
  });
});
