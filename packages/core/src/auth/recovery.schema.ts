import { z } from 'zod';
import { registerMessages, resetMessages } from './auth-messages.js';
import { isStrongResetPassword, PASSWORD_MAX } from './password-rules.js';

export const ForgotPasswordSchema = z.strictObject({
  email: z
    .string({ error: registerMessages.emailInvalid })
    .trim()
    .max(254, registerMessages.emailInvalid)
    .pipe(z.email({ error: registerMessages.emailInvalid })),
});

/** A reset token is 32 random bytes, base64url: 43 characters. */
const token = z
  .string({ error: resetMessages.invalidToken })
  .regex(/^[A-Za-z0-9_-]{43}$/, resetMessages.invalidToken);

export const ValidateResetTokenQuerySchema = z.object({ token });

export const ValidateResetTokenResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  user_email: z.string(),
});

export const ResetPasswordSchema = z.strictObject({
  token,
  password: z
    .string({ error: resetMessages.weakPassword })
    .max(PASSWORD_MAX, resetMessages.weakPassword)
    .refine(isStrongResetPassword, resetMessages.weakPassword),
});
