import { z } from 'zod';

/** Every failure of the API answers this shape, with a pt-BR message. */
export const ApiErrorSchema = z.object({
  success: z.literal(false),
  error: z.string(),
});
export type ApiError = z.infer<typeof ApiErrorSchema>;
