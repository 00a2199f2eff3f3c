import { parseArgs } from 'node:util';
import { z } from 'zod';
import { parseSimAccount } from '../cli/sim-account.js';
import type { SimAccountProfile } from '../sim/index.js';
import { terminalMessages } from './messages.js';

const numeric = (name: string) =>
  z
    .string()
    .trim()
    .min(1, `${name} não pode ficar vazio`)
    .transform(Number)
    .pipe(z.number({ error: `${name} deve ser um número` }));

const BAD_PORT = '--ea-port deve ser uma porta entre 1 e 65535';

const ConfigSchema = z.object({
  eaPort: z
    .string({ error: '--ea-port é obrigatória' })
    .pipe(numeric('--ea-port'))
    .pipe(z.number().int(BAD_PORT).min(1, BAD_PORT).max(65_535, BAD_PORT)),
  seed: z.string().trim().min(1, '--seed (SIM_SEED) não pode ficar vazia'),
  speed: numeric('--speed (SIM_SPEED)').pipe(
    z.number().positive('--speed (SIM_SPEED) deve ser um número positivo'),
  ),
  historyDays: numeric('--history-days (SIM_HISTORY_DAYS)').pipe(
    z
      .number()
      .int('--history-days (SIM_HISTORY_DAYS) deve ser um número inteiro de pregões')
      .min(1, '--history-days (SIM_HISTORY_DAYS) deve ser pelo menos 1'),
  ),
  beatMs: numeric('--beat-ms').pipe(
    z
      .number()
      .int('--beat-ms deve ser um número inteiro')
      .min(100, '--beat-ms deve ser pelo menos 100'),
  ),
  dealsFile: z.string().trim().min(1, '--deals-file não pode ficar vazio').optional(),
  start: z
    .string()
    .trim()
    .refine((v) => !Number.isNaN(Date.parse(v)), '--start deve ser uma data e hora ISO 8601')
    .transform((v) => Date.parse(v))
    .optional(),
  active: z.boolean(),
});

export type TerminalConfig = z.infer<typeof ConfigSchema> & {
  /** SIM_MARGIN_MODE, SIM_CURRENCY, SIM_DEAL_FEE and SIM_BALANCE_OPS, when any is set. */
  account?: SimAccountProfile | undefined;
};
export type ParsedArgs = { help: true } | { help: false; config: TerminalConfig };

/**
 * Reads the command line, with SIM_SEED, SIM_SPEED and SIM_HISTORY_DAYS as defaults and the
 * account's SIM_* variables (like the agent's `sim` adapter). Throws one pt-BR error that lists
 * every bad option.
 */
export function parseTerminalArgs(
  argv: readonly string[],
  env: Readonly<Record<string, string | undefined>>,
): ParsedArgs {
  let values;
  try {
    ({ values } = parseArgs({
      args: [...argv],
      options: {
        'ea-port': { type: 'string' },
        seed: { type: 'string' },
        speed: { type: 'string' },
        'history-days': { type: 'string' },
        'beat-ms': { type: 'string' },
        'deals-file': { type: 'string' },
        start: { type: 'string' },
        active: { type: 'boolean', default: false },
        help: { type: 'boolean', default: false },
      },
      strict: true,
    }));
  } catch (err) {
    throw new Error(
      terminalMessages.badOptions([err instanceof Error ? err.message : String(err)]),
    );
  }
  if (values.help) return { help: true };
  const parsed = ConfigSchema.safeParse({
    eaPort: values['ea-port'],
    seed: values.seed ?? env.SIM_SEED ?? 'vortex',
    speed: values.speed ?? env.SIM_SPEED ?? '1',
    historyDays: values['history-days'] ?? env.SIM_HISTORY_DAYS ?? '90',
    beatMs: values['beat-ms'] ?? '5000',
    dealsFile: values['deals-file'],
    start: values.start,
    active: values.active,
  });
  if (!parsed.success) {
    throw new Error(terminalMessages.badOptions(parsed.error.issues.map((i) => i.message)));
  }
  let account: SimAccountProfile | undefined;
  try {
    account = parseSimAccount(env, parsed.data.historyDays);
  } catch (err) {
    throw new Error(
      terminalMessages.badOptions((err instanceof Error ? err.message : String(err)).split('\n')),
    );
  }
  return { help: false, config: { ...parsed.data, account } };
}
