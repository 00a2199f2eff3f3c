import type { Command } from '@vortex/core';
import { describe, expect, it } from 'vitest';
import { outcomeOf } from './ea-results.js';

const id = '7d3c1c2e-5b7a-4c4f-9a51-0d2f4a8e9b10';
const close: Command = { kind: 'close_position', ticket: 31 };
const result = (over: object) => ({
  type: 'command_result' as const,
  command_id: id,
  ok: true,
  message: '',
  ...over,
});

describe('outcomeOf', () => {
  it('lets the retcode decide success, whatever the EA claimed', () => {
    expect(outcomeOf(result({ ok: true, retcode: 10016 }), close)).toEqual({
      ok: false,
      retcode: 10016,
      message: 'Stops inválidos na solicitação',
    });
    expect(outcomeOf(result({ ok: false, retcode: 10008 }), close).ok).toBe(true);
  });

  it("keeps the terminal's text for a retcode it does not know", () => {
    expect(
      outcomeOf(result({ ok: false, retcode: 10099, message: 'new code' }), close).message,
    ).toBe('new code');
  });

  it('words the EA error codes in pt-BR', () => {
    expect(outcomeOf(result({ ok: false, error: 'not_found' }), close).message).toBe(
      'Ordem ou posição 31 não encontrada no terminal.',
    );
    expect(
      outcomeOf(result({ ok: false, error: 'terminal_error', message: 'error 4756' }), close),
    ).toEqual({
      ok: false,
      message: 'O MT5 recusou o pedido antes de enviá-lo à corretora (error 4756).',
    });
  });
});
