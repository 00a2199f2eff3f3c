import { setTimeout as sleep } from 'node:timers/promises';

/** Calls the API as the signed-in user, as the web app does; throws with the answer when not 2xx. */
export async function apiAs<T>(
  apiUrl: string,
  token: string,
  path: string,
  init: { method?: string; body?: unknown } = {},
): Promise<T> {
  const res = await fetch(`${apiUrl}${path}`, {
    method: init.method ?? 'GET',
    headers: {
      authorization: `Bearer ${token}`,
      ...(init.body ? { 'content-type': 'application/json' } : {}),
    },
    ...(init.body ? { body: JSON.stringify(init.body) } : {}),
  });
  if (!res.ok) throw new Error(`${path}: HTTP ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** Polls `read` until it returns a value, every 500 ms, up to `timeoutMs`; throws naming `what`. */
export async function until<T>(
  what: string,
  read: () => Promise<T | undefined>,
  timeoutMs: number,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const value = await read();
    if (value !== undefined) return value;
    await sleep(500);
  }
  throw new Error(`esperado em ${timeoutMs} ms: ${what}`);
}
