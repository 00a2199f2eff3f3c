import { z } from 'zod';
import {
  botConfigMessages as m,
  botFieldLabels,
  botOptionLabels,
  type BotFieldKey,
} from './messages.js';

// Decimal steps are checked on the quotient: 0.3 / 0.1 is 2.9999999999999996 in floating point.
const STEP_TOLERANCE = 1e-6;

export function isMultipleOf(value: number, step: number): boolean {
  const q = value / step;
  return Math.abs(q - Math.round(q)) < STEP_TOLERANCE;
}

const label = (key: BotFieldKey) => botFieldLabels[key];
// Timeframes read as themselves (M1); the other options by the selects' names, not opposite_channel.
const OPTION_LABELS: Record<string, string> = {
  ...botOptionLabels.di_tp_mode,
  ...botOptionLabels.atr_tp_mode,
  ...botOptionLabels.tp_target,
};
const numberOf = (key: BotFieldKey) => z.number({ error: m.number(label(key)) });

/** An integer in [min, max]. */
export function intField(key: BotFieldKey, min: number, max: number) {
  const range = m.range(label(key), min, max);
  return numberOf(key)
    .int(m.integer(label(key)))
    .min(min, range)
    .max(max, range);
}

/** A number in [min, max] that is a multiple of `step`. */
export function steppedField(key: BotFieldKey, min: number, max: number, step: number) {
  const range = m.range(label(key), min, max);
  return numberOf(key)
    .min(min, range)
    .max(max, range)
    .refine((v) => isMultipleOf(v, step), m.step(label(key), step));
}

/** A volume: above zero, at most `max`, in steps of 0.01 contract. */
export function volumeField(max: number) {
  const text = m.positive(label('volume'), max);
  return numberOf('volume')
    .gt(0, text)
    .max(max, text)
    .refine((v) => isMultipleOf(v, 0.01), m.step(label('volume'), 0.01));
}

export function boolField(key: BotFieldKey) {
  return z.boolean({ error: m.boolean(label(key)) });
}

export function enumField<const T extends readonly [string, ...string[]]>(
  key: BotFieldKey,
  values: T,
) {
  const named = values.map((v) => OPTION_LABELS[v] ?? v);
  return z.enum(values, { error: m.oneOf(label(key), named) });
}

/** A section refuses unknown keys, with a message that names the section. */
export function section<S extends z.ZodRawShape>(name: string, shape: S) {
  return z.strictObject(shape, {
    error: (iss) =>
      iss.code === 'unrecognized_keys'
        ? m.unknownField(`${name} (${iss.keys.join(', ')})`)
        : m.section(name),
  });
}
