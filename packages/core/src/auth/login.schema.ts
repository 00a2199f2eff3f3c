import { z } from 'zod';
import { PublicUserSchema } from '../users/user.schema.js';
import { PASSWORD_MAX } from './password-rules.js';

const required = 'Informe usuário ou email e senha.';

/** POST /auth/login: `email` holds the user-or-email the form asks for (§7). */
export const LoginRequestSchema = z.strictObject({
  email: z.string({ error: required }).trim().min(1, required).max(254, required),
  password: z.string({ error: required }).min(1, required).max(PASSWORD_MAX, required),
});
export type LoginRequest = z.infer<typeof LoginRequestSchema>;

export const LoginResponseSchema = z.object({
  success: z.literal(true),
  access_token: z.string(),
  token: z.string(),
  token_type: z.literal('Bearer'),
  expires_at: z.string(),
  user: PublicUserSchema,
  permissions: z.array(z.string()),
});
export type LoginResponse = z.infer<typeof LoginResponseSchema>;

export const WhoamiResponseSchema = z.object({
  success: z.literal(true),
  user: PublicUserSchema,
  permissions: z.array(z.string()),
  session: z.object({ expires_at: z.string(), idle_expires_at: z.string() }),
});

export const MessageResponseSchema = z.object({ success: z.literal(true), message: z.string() });
