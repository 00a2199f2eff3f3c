import { z } from 'zod';
import { phoneConfirmationMessages as m } from './phone-messages.js';

/** A code has 6 digits, lives 10 minutes and takes 5 tries; a user gets 3 codes an hour. */
export const PHONE_CODE_DIGITS = 6;
export const PHONE_CODE_TTL_MS = 10 * 60_000;
export const PHONE_CODE_MAX_TRIES = 5;
export const PHONE_CODES_PER_HOUR = 3;

export const PHONE_CODE_CHANNELS = ['whatsapp', 'sms'] as const;
export type PhoneCodeChannel = (typeof PHONE_CODE_CHANNELS)[number];

/** Where the caller's phone stands: the number on the account and whether it was proven. */
export const PhoneConfirmationStateSchema = z.object({
  phone: z.string().nullable(),
  /** True while the account's phone is still the number whose code was typed. */
  confirmed: z.boolean(),
  confirmed_at: z.iso.datetime().nullable(),
  /** A code was sent to this phone and may still be typed until then (ISO), else null. */
  code_expires_at: z.iso.datetime().nullable(),
});
export type PhoneConfirmationState = z.infer<typeof PhoneConfirmationStateSchema>;

/** GET /api/phone/confirmation. */
export const PhoneConfirmationStateResponseSchema = z.object({
  success: z.literal(true),
  data: PhoneConfirmationStateSchema,
});

/** POST /api/phone/confirmation takes no body: the code goes to the account's own phone. */
export const PhoneConfirmationSendRequestSchema = z
  .strictObject({}, { error: 'Esta ação não recebe dados.' })
  .nullish();

export const PhoneConfirmationSendResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  channel: z.enum(PHONE_CODE_CHANNELS),
  data: PhoneConfirmationStateSchema,
});

/** POST /api/phone/confirmation/verify. */
export const PhoneConfirmationVerifyRequestSchema = z.object({
  code: z
    .string({ error: m.codeFormat })
    .trim()
    .regex(new RegExp(`^\\d{${PHONE_CODE_DIGITS}}$`), m.codeFormat),
});
export type PhoneConfirmationVerifyRequest = z.infer<typeof PhoneConfirmationVerifyRequestSchema>;

export const PhoneConfirmationVerifyResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  data: PhoneConfirmationStateSchema,
});
