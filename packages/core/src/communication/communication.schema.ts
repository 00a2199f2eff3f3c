import { z } from 'zod';
import { communicationMessages as m } from './communication.messages.js';

/** The manual send's message types and the channels a test reaches (§2). */
export const MESSAGE_TYPES = ['email', 'sms', 'whatsapp'] as const;
export type MessageType = (typeof MESSAGE_TYPES)[number];

/** The quick templates (§2, §3), in this order on the screen. */
export const TEMPLATE_KEYS = ['welcome', 'maintenance', 'market_alert', 'security'] as const;
export type TemplateKey = (typeof TEMPLATE_KEYS)[number];

/** The longest body each channel takes: an SMS of ten parts, WhatsApp's own limit. */
export const MESSAGE_MAX_LENGTH: Record<MessageType, number> = {
  email: 10_000,
  sms: 1_530,
  whatsapp: 4_096,
};
export const SUBJECT_MAX_LENGTH = 200;
/** Most user ids one send names; beyond that 'all' is the way. */
export const MAX_RECIPIENT_IDS = 5_000;

export const MessageTemplateSchema = z.object({
  subject: z.string(),
  email: z.string(),
  sms: z.string(),
  whatsapp: z.string(),
});
export type MessageTemplate = z.infer<typeof MessageTemplateSchema>;

/** GET /communication/templates: the template map (§7) under `templates`. */
export const TemplatesResponseSchema = z.object({
  success: z.literal(true),
  templates: z.record(z.enum(TEMPLATE_KEYS), MessageTemplateSchema),
});
export type TemplatesResponse = z.infer<typeof TemplatesResponseSchema>;

const userId = z
  .number()
  .int()
  .positive()
  .max(2 ** 53);

/** POST /communication/send-manual (§3): type, recipients ('all' or user ids), subject, message. */
export const SendManualSchema = z
  .strictObject({
    type: z.enum(MESSAGE_TYPES, { error: m.typeInvalid }),
    recipients: z.union([z.literal('all'), z.array(userId).min(1).max(MAX_RECIPIENT_IDS)], {
      error: m.recipientsInvalid,
    }),
    subject: z.string().trim().max(SUBJECT_MAX_LENGTH, m.subjectTooLong).nullish(),
    message: z.string().trim().min(1, m.messageRequired),
  })
  .superRefine((v, ctx) => {
    if (v.type === 'email' && !v.subject)
      ctx.addIssue({ code: 'custom', path: ['subject'], message: m.subjectRequired });
    const max = MESSAGE_MAX_LENGTH[v.type];
    if (v.message.length > max)
      ctx.addIssue({ code: 'custom', path: ['message'], message: m.messageTooLong(max) });
  });
export type SendManual = z.infer<typeof SendManualSchema>;

export const DELIVERY_STATUSES = ['sent', 'pending', 'failed', 'skipped', 'unavailable'] as const;

/**
 * One recipient's outcome (§3's details[]): skipped when the user has no address for the channel,
 * unavailable when the channel cannot send now (WhatsApp disconnected) and nothing was tried.
 */
export const DeliveryDetailSchema = z.object({
  success: z.boolean(),
  status: z.enum(DELIVERY_STATUSES),
  channel: z.enum(MESSAGE_TYPES),
  user_id: z.number().nullable(),
  username: z.string().nullable(),
  contact: z.string(),
  error: z.string().nullable(),
});
export type DeliveryDetail = z.infer<typeof DeliveryDetailSchema>;

export const SendManualResponseSchema = z.object({
  success: z.boolean(),
  message: z.string(),
  details: z.array(DeliveryDetailSchema),
  error: z.string().optional(),
});
export type SendManualResponse = z.infer<typeof SendManualResponseSchema>;

const optionalText = z.string().trim().max(254).nullish();

/** POST /communication/test-channels (§3): a test email and/or a phone with its country code. */
export const TestChannelsSchema = z
  .strictObject({
    email: optionalText.refine((v) => !v || z.email().safeParse(v).success, m.emailInvalid),
    phone: optionalText.refine((v) => !v || /^\+?[\d\s().-]{8,20}$/.test(v), m.phoneInvalid),
  })
  .refine((v) => Boolean(v.email) || Boolean(v.phone), m.testTargetRequired);
export type TestChannels = z.infer<typeof TestChannelsSchema>;

export const TestChannelsResponseSchema = z.object({
  success: z.boolean(),
  message: z.string(),
  results: z.object({ email: z.boolean(), sms: z.boolean(), whatsapp: z.boolean() }),
  details: z.array(DeliveryDetailSchema),
  error: z.string().optional(),
});
export type TestChannelsResponse = z.infer<typeof TestChannelsResponseSchema>;
