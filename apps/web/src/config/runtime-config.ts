import { z } from 'zod';

// http(s) only: z.url() alone would take 'localhost:5000' as a URL with scheme 'localhost:'.
const RuntimeConfigSchema = z.object({ apiUrl: z.url({ protocol: /^https?$/ }).optional() });

/**
 * The API base URL, without a trailing slash. The server's /runtime-config.js wins; without it
 * (under `vite dev`, or a static host) the API is the local host at port 5000 (trading.md §7).
 */
export function resolveApiUrl(win: Pick<Window, '__VORTEX_CONFIG__' | 'location'>): string {
  const parsed = RuntimeConfigSchema.safeParse(win.__VORTEX_CONFIG__ ?? {});
  if (!parsed.success) {
    // Loud on purpose: a wrong URL would otherwise show up only as "Erro de conexão" everywhere.
    throw new Error(`window.__VORTEX_CONFIG__ inválido: ${z.prettifyError(parsed.error)}`);
  }
  const { protocol, hostname } = win.location;
  return (parsed.data.apiUrl ?? `${protocol}//${hostname}:5000`).replace(/\/+$/, '');
}

let cached: string | undefined;

/** Read once: the config script runs before the app and never changes afterwards. */
export function apiUrl(): string {
  cached ??= resolveApiUrl(window);
  return cached;
}
