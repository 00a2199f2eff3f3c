import { z } from 'zod';
import { registerMessages as m } from './auth-messages.js';
import {
  hasRequiredClasses,
  PASSWORD_MAX,
  PASSWORD_MIN,
  REGISTER_SPECIALS,
} from './password-rules.js';

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

function isRealDate(v: string): boolean {
  const d = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
}

/** Today as AAAA-MM-DD; a parameter so tests can pin the clock. */
export const todayIso = (now: Date = new Date()) => now.toISOString().slice(0, 10);

const birthDate = z
  .string({ error: m.birthDateRequired })
  .trim()
  .min(1, m.birthDateRequired)
  .refine((v) => ISO_DATE.test(v) && isRealDate(v), m.birthDateInvalid)
  .refine((v) => v <= todayIso(), m.birthDateFuture);

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

const phone = z
  .string({ error: m.requiredFields })
  .trim()
  .min(1, m.requiredFields)
  .regex(/^\+?[\d\s().-]{8,20}$/, m.phoneInvalid);

const fullName = z.string({ error: m.requiredFields }).trim().min(1, m.requiredFields).max(120);

const broker = z.string().trim().max(80);

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
    dateOfBirth: birthDate,
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
    username: z.string().max(64).optional(),
    email,
    phone,
    date_of_birth: birthDate,
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
