import type { ScheduledOperation, SimAccountProfile } from '../sim/backfill.js';

type Env = Readonly<Record<string, string | undefined>>;

/** The variables that shape the simulated account; none set means the usual BRL netting one. */
export const SIM_ACCOUNT_VARIABLES = [
  'SIM_MARGIN_MODE',
  'SIM_CURRENCY',
  'SIM_DEAL_FEE',
  'SIM_BALANCE_OPS',
] as const;

export const simAccountMessages = {
  marginMode: (raw: string) => `SIM_MARGIN_MODE deve ser netting ou hedging (recebido "${raw}")`,
  currency: (raw: string) =>
    `SIM_CURRENCY deve ser um código de moeda de 3 letras, como USD (recebido "${raw}")`,
  fee: (raw: string) =>
    `SIM_DEAL_FEE deve ser um número não negativo, por contrato (recebido "${raw}")`,
  operation: (raw: string, days: number) =>
    `SIM_BALANCE_OPS deve listar dia:valor separados por vírgula, com o dia entre 0 e ${days - 1} ` +
    `e o valor diferente de zero (negativo para um saque), como 20:5000,40:-3000 (recebido "${raw}")`,
} as const;

const value = (env: Env, name: string): string | undefined => {
  const raw = env[name]?.trim();
  return raw === undefined || raw === '' ? undefined : raw;
};

function parseOperations(raw: string, days: number): ScheduledOperation[] | undefined {
  const operations: ScheduledOperation[] = [];
  for (const part of raw.split(',')) {
    const match = /^\s*(\d+)\s*:\s*(-?\d+(?:\.\d{1,2})?)\s*$/.exec(part);
    const day = Number(match?.[1]);
    const amount = Number(match?.[2]);
    if (!match || day >= days || amount === 0 || Math.abs(amount) > 1e9) return undefined;
    operations.push({ day, amount });
  }
  return operations;
}

/**
 * Reads SIM_MARGIN_MODE, SIM_CURRENCY, SIM_DEAL_FEE and SIM_BALANCE_OPS (days counted from the
 * first of `historyDays`). Returns undefined when none is set; throws one pt-BR error listing
 * every bad variable.
 */
export function parseSimAccount(env: Env, historyDays: number): SimAccountProfile | undefined {
  if (SIM_ACCOUNT_VARIABLES.every((name) => value(env, name) === undefined)) return undefined;
  const errors: string[] = [];
  const profile: {
    -readonly [K in keyof SimAccountProfile]: SimAccountProfile[K];
  } = {};
  const mode = value(env, 'SIM_MARGIN_MODE');
  if (mode === 'netting' || mode === 'hedging') profile.marginMode = mode;
  else if (mode !== undefined) errors.push(simAccountMessages.marginMode(mode));
  const currency = value(env, 'SIM_CURRENCY');
  if (currency !== undefined && /^[A-Z]{3}$/.test(currency)) profile.currency = currency;
  else if (currency !== undefined) errors.push(simAccountMessages.currency(currency));
  const fee = value(env, 'SIM_DEAL_FEE');
  const feeValue = Number(fee);
  if (fee !== undefined && Number.isFinite(feeValue) && feeValue >= 0 && feeValue <= 1e6) {
    profile.feePerContract = feeValue;
  } else if (fee !== undefined) errors.push(simAccountMessages.fee(fee));
  const ops = value(env, 'SIM_BALANCE_OPS');
  if (ops !== undefined) {
    const operations = parseOperations(ops, historyDays);
    if (operations) profile.operations = operations;
    else errors.push(simAccountMessages.operation(ops, historyDays));
  }
  if (errors.length > 0) throw new Error(errors.join('\n'));
  return profile;
}
