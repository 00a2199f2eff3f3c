import { z } from 'zod';

let configured = false;
let zodBase: z.core.$ZodErrorMap | undefined;

/** The texts of ours that replace zod's where zod's would show a wire value or an English word. */
export const zodPtBrMessages = {
  required: 'Campo obrigatório.',
  option: 'Opção inválida.',
  unknownField: 'Campo não reconhecido.',
  unknownFields: 'Campos não reconhecidos.',
  format: 'Formato inválido.',
  value: 'Valor inválido.',
} as const;

type Issue = Parameters<NonNullable<z.core.$ZodConfig['localeError']>>[0];

/**
 * zod's pt-BR messages, except where they would quote what only the code knows: the allowed
 * enum values ('pending'|'active'), unknown keys, a regex, union discriminators, 'undefined'.
 */
export function ptBrZodError(issue: Issue): string | undefined {
  const base = (zodBase ??= z.locales.ptBR().localeError);
  const m = zodPtBrMessages;
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined ? m.required : messageOf(base(issue));
    case 'invalid_value':
      return issue.values.length === 1 ? m.value : m.option;
    case 'unrecognized_keys':
      return issue.keys.length > 1 ? m.unknownFields : m.unknownField;
    case 'invalid_format':
      return issue.format === 'regex' ? m.format : messageOf(base(issue));
    case 'invalid_union':
    case 'invalid_key':
    case 'invalid_element':
    case 'custom':
      return m.value;
    default:
      return messageOf(base(issue));
  }
}

const messageOf = (e: ReturnType<z.core.$ZodErrorMap>): string | undefined =>
  typeof e === 'string' ? e : e?.message;

/** Zod's own messages (for rules without a message of ours) in pt-BR, set once per process. */
export function useZodPtBr(): void {
  if (configured) return;
  z.config({ localeError: ptBrZodError });
  configured = true;
}
