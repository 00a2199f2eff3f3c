import { z } from 'zod';
import { BirthDateSchema } from '../users/birth-date.schema.js';
import { plainText } from '../text/plain-text.js';
import { registerMessages as m } from './auth-messages.js';
import {
  hasRequiredClasses,
  PASSWORD_MAX,
  PASSWORD_MIN,
  REGISTER_SPECIALS,
} from './password-rules.js';

export { todayIso } from '../users/birth-date.schema.js';

const password = z
  .string({ error: m.requiredFields })
  .min(1, m.requiredFields)
  .min(PASSWORD_MIN, m.passwordMin)
  .max(PASSWORD_MAX, m.passwordMin)
  .refine((v) => hasRequiredClasses(v, REGISTER_SPECIALS), m.passwordStrength);

const email = z
  .string({ error: m.requiredFields })
  .trim()
  .min(1, m.requiredFields)
  .max(254, m.emailInvalid)
  .pipe(z.email({ error: m.emailInvalid }));

// Names, phone and broker are one line each: the guard before every route lets tab and line
// breaks through (free text needs them), these do not.
const phone = plainText(m.requiredFields)
  .trim()
  .min(1, m.requiredFields)
  .regex(/^\+?[\d\s().-]{8,20}$/, m.phoneInvalid);

const fullName = plainText(m.requiredFields).trim().min(1, m.requiredFields).max(120);

const broker = plainText().trim().max(80);

/**
 * The registration form (access-and-admin.md §3, §5): the same rules and messages the server
 * applies to the payload below.
 */
export const RegisterFormSchema = z
  .object({
    accountType: z.enum(['REAL', 'DEMO']),
    fullName,
    email,
    phone,
    dateOfBirth: BirthDateSchema,
    usesMT5: z.enum(['SIM', 'NAO', ''], { error: m.usesMt5Required }),
    broker,
    password,
    confirmPassword: z.string(),
  })
  .superRefine((v, ctx) => {
    if (v.usesMT5 !== 'SIM')
      ctx.addIssue({ code: 'custom', path: ['usesMT5'], message: m.usesMt5Required });
    else if (v.broker.length < 2)
      ctx.addIssue({ code: 'custom', path: ['broker'], message: m.brokerMin });
    if (v.password !== v.confirmPassword)
      ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: m.passwordsDiffer });
  });
export type RegisterForm = z.infer<typeof RegisterFormSchema>;

/** POST /auth/register: the payload of §3 (username is derived by the server, not trusted). */
export const RegisterPayloadSchema = z
  .strictObject({
    full_name: fullName,
    username: plainText().max(64).optional(),
    email,
    phone,
    date_of_birth: BirthDateSchema,
    password,
    account_type: z
      .enum(['real', 'demo', 'REAL', 'DEMO'])
      .transform((v) => v.toUpperCase() as 'REAL' | 'DEMO'),
    uses_mt5: z.boolean({ error: m.usesMt5Required }),
    broker: broker.optional().default(''),
  })
  .superRefine((v, ctx) => {
    if (!v.uses_mt5)
      ctx.addIssue({ code: 'custom', path: ['uses_mt5'], message: m.usesMt5Required });
    else if (v.broker.length < 2)
      ctx.addIssue({ code: 'custom', path: ['broker'], message: m.brokerMin });
  });
export type RegisterPayload = z.input<typeof RegisterPayloadSchema>;

/** The form's values as the payload the server takes. */
export function toRegisterPayload(form: RegisterForm, username: string): RegisterPayload {
  return {
    full_name: form.fullName,
    username,
    email: form.email,
    phone: form.phone,
    date_of_birth: form.dateOfBirth,
    password: form.password,
    account_type: form.accountType === 'DEMO' ? 'demo' : 'real',
    uses_mt5: form.usesMT5 === 'SIM',
    broker: form.broker,
  };
}

export const RegisterResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  user: z.object({
    email: z.string(),
    username: z.string(),
    account_type: z.enum(['REAL', 'DEMO']),
  }),
});
