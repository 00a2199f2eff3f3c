import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { bearer, type TestUser } from './identities.js';

/** Who sends a request: a user (their session), a bare token, or nobody. */
export type Sender = Pick<TestUser, 'token'> | string | null | undefined;

/** What a request may add: its own headers, or the address it comes from (rate limits count it). */
export interface RequestExtras {
  headers?: Record<string, string>;
  remoteAddress?: string;
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface Requests {
  get: (url: string, extras?: RequestExtras) => Promise<LightMyRequestResponse>;
  post: (url: string, payload?: unknown, extras?: RequestExtras) => Promise<LightMyRequestResponse>;
  put: (url: string, payload?: unknown, extras?: RequestExtras) => Promise<LightMyRequestResponse>;
  patch: (
    url: string,
    payload?: unknown,
    extras?: RequestExtras,
  ) => Promise<LightMyRequestResponse>;
  del: (url: string, extras?: RequestExtras) => Promise<LightMyRequestResponse>;
  /** GET answered 200 (the URL names a failure), its body parsed. */
  read: <T>(url: string) => Promise<T>;
  /** The same requests sent by someone else. */
  as: (sender: Sender) => Requests;
  /** POST /auth/login, from an address of its own unless given (5 failures lock an address). */
  login: (
    login: string,
    password: string,
    remoteAddress?: string,
  ) => Promise<LightMyRequestResponse>;
}

let addressSeq = 0;
/** A client address no other request of this worker used. */
export function freshAddress(): string {
  addressSeq += 1;
  return `10.${200 + (process.pid % 50)}.${Math.floor(addressSeq / 250) % 250}.${(addressSeq % 250) + 1}`;
}

const tokenOf = (s: Sender) => (typeof s === 'string' ? s : s?.token);

/**
 * The shared request helpers of the integration tests, over app.inject: `api.get(url)` anonymous,
 * `api.as(trader).post(url, body)` with the trader's session.
 */
export function requests(app: FastifyInstance, sender?: Sender): Requests {
  const token = tokenOf(sender);
  const send = (method: Method, url: string, payload: unknown, extras: RequestExtras = {}) => {
    const options: InjectOptions = {
      method,
      url,
      headers: { ...(token ? bearer(token) : {}), ...extras.headers },
      ...(payload === undefined ? {} : { payload: payload as InjectOptions['payload'] }),
      ...(extras.remoteAddress ? { remoteAddress: extras.remoteAddress } : {}),
    };
    return app.inject(options);
  };
  const self: Requests = {
    get: (url, extras) => send('GET', url, undefined, extras),
    post: (url, payload, extras) => send('POST', url, payload, extras),
    put: (url, payload, extras) => send('PUT', url, payload, extras),
    patch: (url, payload, extras) => send('PATCH', url, payload, extras),
    del: (url, extras) => send('DELETE', url, undefined, extras),
    read: async <T>(url: string) => {
      const res = await send('GET', url, undefined);
      expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
      return res.json<T>();
    },
    as: (other) => requests(app, other),
    login: (login, password, remoteAddress = freshAddress()) =>
      app.inject({
        method: 'POST',
        url: '/auth/login',
        payload: { email: login, password },
        remoteAddress,
      }),
  };
  return self;
}
