import { vi } from 'vitest';

export interface FakeCall {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: unknown;
}

type Handler = (call: FakeCall) => Response | Promise<Response>;

export function json(body: unknown, init: ResponseInit = {}): Response {
  return new Response(JSON.stringify(body), {
    ...init,
    headers: { 'Content-Type': 'application/json' },
  });
}

/**
 * Stubs fetch at the network boundary. Handlers are keyed 'METHOD /path'; anything else
 * answers 404 so a forgotten call shows up in `calls` instead of hanging.
 */
export function fakeApi(handlers: Record<string, Handler> = {}) {
  const calls: FakeCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const rawBody = typeof init?.body === 'string' ? init.body : null;
    const call: FakeCall = {
      method: init?.method ?? 'GET',
      path: url.pathname,
      headers: Object.fromEntries(new Headers(init?.headers).entries()),
      body: rawBody ? (JSON.parse(rawBody) as unknown) : null,
    };
    calls.push(call);
    const handler = handlers[`${call.method} ${call.path}`];
    return handler ? handler(call) : json({ success: false, error: 'not found' }, { status: 404 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock, callsTo: (path: string) => calls.filter((c) => c.path === path) };
}
