import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fieldLabel, invalidFieldMessage } from './field-labels.js';
import { ptBrZodError, zodPtBrMessages } from './zod-pt-br.js';

describe('field labels', () => {
  it('names a field by its label, nested ones by their parents too', () => {
    expect(fieldLabel(['date_of_birth'])).toBe('Data de nascimento');
    expect(fieldLabel(['config', 'fibonacci', 'adx_threshold'])).toBe(
      'Configuração › Fibonacci › Limiar do ADX',
    );
    expect(fieldLabel(['alertTypes', 'trade_open', 'enabled'])).toBe(
      'Tipos de Alerta › Abertura de Trade › Ativa',
    );
    expect(fieldLabel(['recipients', 0])).toBe('Destinatários › item 1');
  });

  it('leaves out a key it does not know instead of showing it', () => {
    expect(fieldLabel(['nao_existe'])).toBe('');
    expect(invalidFieldMessage(['nao_existe'], 'Valor inválido.')).toBe(
      'Dados inválidos. Valor inválido.',
    );
  });

  it('prefixes the label, unless the message already names the field', () => {
    expect(invalidFieldMessage(['phone'], 'Campo obrigatório.')).toBe(
      'Dados inválidos. Telefone: Campo obrigatório.',
    );
    expect(
      invalidFieldMessage(['date_of_birth'], 'A data de nascimento não pode ser no futuro'),
    ).toBe('Dados inválidos. A data de nascimento não pode ser no futuro');
    expect(
      invalidFieldMessage(['fibonacci', 'adx_threshold'], 'Limiar do ADX deve ser um número.'),
    ).toBe('Dados inválidos. Fibonacci: Limiar do ADX deve ser um número.');
    expect(invalidFieldMessage([], 'Nenhum campo para atualizar.')).toBe(
      'Dados inválidos. Nenhum campo para atualizar.',
    );
  });
});

describe('zod messages in pt-BR', () => {
  const messages = (schema: z.ZodType, input: unknown) =>
    schema.safeParse(input, { error: ptBrZodError }).error?.issues.map((i) => i.message) ?? [];

  it('never quote enum values, unknown keys, a regex or undefined', () => {
    expect(messages(z.enum(['pending', 'active']), 'x')).toEqual([zodPtBrMessages.option]);
    expect(messages(z.strictObject({ a: z.string() }), { a: 'x', market_alert: 1 })).toEqual([
      zodPtBrMessages.unknownField,
    ]);
    expect(messages(z.string().regex(/^[a-z_]+$/), 'A')).toEqual([zodPtBrMessages.format]);
    expect(messages(z.object({ a: z.string() }), {})).toEqual([zodPtBrMessages.required]);
    expect(messages(z.literal('all'), 'x')).toEqual([zodPtBrMessages.value]);
  });

  it('keeps zod’s own pt-BR text where it shows no key', () => {
    expect(messages(z.string(), 5)).toEqual([
      'Entrada inválida: esperava um texto, recebeu um número',
    ]);
    expect(messages(z.string().max(3), 'abcd')[0]).toMatch(/^Grande demais/);
  });
});
