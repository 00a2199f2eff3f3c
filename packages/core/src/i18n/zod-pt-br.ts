import { z } from 'zod';

let configured = false;

/** Zod's own messages (for rules without a message of ours) in pt-BR, set once per process. */
export function useZodPtBr(): void {
  if (configured) return;
  z.config(z.locales.ptBR());
  configured = true;
}
