import type { z } from 'zod';
import type { Role } from '../users/user.schema.js';

/**
 * Who may call an endpoint: anyone, any signed-in user, or the listed roles. The server enforces
 * it before validation or the handler runs (http/authorize.ts); the web app only hides.
 */
export type EndpointAccess = 'public' | 'authenticated' | readonly Role[];

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** What a 200 carries when it is not JSON: a download, a page, a stream or a socket. */
export type EndpointProduces =
  | 'text/csv'
  | 'text/html'
  | 'application/xml'
  | 'application/zip'
  | 'application/octet-stream'
  | 'text/event-stream'
  | 'websocket';

/**
 * One endpoint of the API, in one place for the server that answers it and the web app that
 * calls it: method, path (`:name` for path parameters), who may call it, and the zod schemas of
 * its parameters, query, body and 200 answer. Errors are answered with ApiErrorSchema.
 */
export interface Endpoint {
  readonly method: HttpMethod;
  readonly path: `/${string}`;
  /** Older paths the spec's clients still call; the server answers them the same way. */
  readonly aliases?: readonly `/${string}`[];
  readonly access: EndpointAccess;
  /** OpenAPI's one-line summary, in pt-BR, and its group. */
  readonly summary: string;
  /** OpenAPI's longer description, where the summary does not say enough. */
  readonly description?: string;
  readonly tags: readonly string[];
  readonly params?: z.ZodType;
  readonly query?: z.ZodType;
  readonly body?: z.ZodType;
  /** The success answer: JSON by this schema, or the `produces` kind described by it. */
  readonly response: z.ZodType;
  /** The success status when it is not 200: 201 for what a call creates. */
  readonly status?: 201 | 202;
  readonly produces?: EndpointProduces;
  /** The error statuses it answers, for the OpenAPI document (400, 401 and 403 by default). */
  readonly errors?: readonly number[];
  /** Path parameters that are secrets (a pairing token, a download id): hidden from the log. */
  readonly secretParams?: readonly string[];
}

/** Declares an endpoint, keeping its literal types so the server and the client infer from it. */
export function defineEndpoint<const E extends Endpoint>(endpoint: E): E {
  return endpoint;
}

type Infer<S, Fallback> = S extends z.ZodType ? z.input<S> : Fallback;

/** The names of the `:name` segments of a path template. */
export type PathParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

/** What a caller gives to reach an endpoint: its path parameters, query and body, when it has them. */
export type EndpointInput<E extends Endpoint> = ([PathParamNames<E['path']>] extends [never]
  ? { params?: undefined }
  : { params: Infer<E['params'], Record<PathParamNames<E['path']>, string | number>> }) &
  (E['query'] extends z.ZodType ? { query?: z.input<E['query']> } : { query?: undefined }) &
  (E['body'] extends z.ZodType ? { body: z.input<E['body']> } : { body?: undefined });

/** The parsed 200 answer of an endpoint. */
export type EndpointAnswer<E extends Endpoint> = z.output<E['response']>;

type QueryValue = string | number | boolean | null | undefined;

/**
 * The URL path (with its query string) that reaches `endpoint` with these parameters: each
 * `:name` is replaced by its value, URL-encoded; query values that are undefined, null or empty
 * are left out.
 */
export function endpointUrl(
  endpoint: Pick<Endpoint, 'path'>,
  input: { params?: unknown; query?: unknown } = {},
): string {
  const params = (input.params ?? {}) as Record<string, QueryValue>;
  const path = endpoint.path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_m, name: string) => {
    const value = params[name];
    if (value === undefined || value === null || value === '') {
      throw new Error(`Parâmetro de caminho ausente: ${name} em ${endpoint.path}`);
    }
    return encodeURIComponent(String(value));
  });
  // application/x-www-form-urlencoded, as URLSearchParams writes it (core has no DOM or Node types).
  const text = Object.entries((input.query ?? {}) as Record<string, QueryValue>)
    .filter(([, value]) => value !== undefined && value !== null && value !== '')
    .map(([key, value]) => `${formEncode(key)}=${formEncode(String(value))}`)
    .join('&');
  return text ? `${path}?${text}` : path;
}

const formEncode = (text: string) => encodeURIComponent(text).replace(/%20/g, '+');

/** The `:name` segments of a path template, in order. */
export function pathParamNames(path: string): string[] {
  return [...path.matchAll(/:([A-Za-z_][A-Za-z0-9_]*)/g)].map((m) => m[1] ?? '');
}
