import {
  ApiErrorSchema,
  endpointUrl,
  type Endpoint,
  type EndpointAnswer,
  type EndpointInput,
} from '@vortex/core';
import type { z } from 'zod';
import { apiUrl } from '../config/runtime-config';
import { readLocal, storageKeys } from './storage';

export interface ApiRequestInit {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Sent as a JSON body. */
  json?: unknown;
  /** Bearer token: the stored one by default, none with `null`. */
  token?: string | null;
  signal?: AbortSignal;
}

export interface ApiResponse {
  ok: boolean;
  status: number;
  statusText: string;
  /** The parsed JSON body, or null when the body is empty or not JSON. */
  data: unknown;
}

/** fetch rejected: the server is unreachable, CORS refused, or the request was aborted. */
export class NetworkError extends Error {
  override name = 'NetworkError';
}

/** The server answered with a non-2xx status; `message` is its pt-BR error when it sent one. */
export class HttpError extends Error {
  override name = 'HttpError';
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

export async function apiRequest(path: string, init: ApiRequestInit = {}): Promise<ApiResponse> {
  const token = init.token === undefined ? readLocal(storageKeys.authToken) : init.token;
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (token) headers.Authorization = `Bearer ${token}`;
  if (init.json !== undefined) headers['Content-Type'] = 'application/json';

  let response: Response;
  try {
    response = await fetch(`${apiUrl()}${path}`, {
      method: init.method ?? 'GET',
      headers,
      body: init.json === undefined ? null : JSON.stringify(init.json),
      signal: init.signal ?? null,
    });
  } catch (cause) {
    throw new NetworkError(cause instanceof Error ? cause.message : String(cause), { cause });
  }
  const text = await response.text();
  let data: unknown = null;
  try {
    data = text ? (JSON.parse(text) as unknown) : null;
  } catch {
    // An HTML error page from a proxy: callers see `data: null` and use the status.
  }
  return { ok: response.ok, status: response.status, statusText: response.statusText, data };
}

/** The server's own pt-BR error ({ success: false, error }), when the answer carries one. */
export function serverErrorOf(res: ApiResponse): string | undefined {
  const envelope = ApiErrorSchema.partial().safeParse(res.data);
  return (envelope.success ? envelope.data.error : undefined) || undefined;
}

/** The error text of a failed answer: the server's own message first, then the HTTP status. */
export function errorMessageOf(res: ApiResponse, fallback: string): string {
  return serverErrorOf(res) || res.statusText || fallback;
}

/** GET/POST and parse with the contract's schema; for react-query functions. */
export async function apiJson<S extends z.ZodType>(
  path: string,
  schema: S,
  init?: ApiRequestInit,
): Promise<z.infer<S>> {
  const res = await apiRequest(path, init);
  if (!res.ok) throw new HttpError(errorMessageOf(res, `HTTP ${res.status}`), res.status);
  return schema.parse(res.data);
}

/** How a call to a table endpoint goes out: its inputs plus the request's own options. */
export type CallInput<E extends Endpoint> = EndpointInput<E> &
  Pick<ApiRequestInit, 'token' | 'signal'>;

/** The input argument: optional when the endpoint needs nothing (no path params, no body). */
type CallArgs<E extends Endpoint> =
  Partial<CallInput<E>> extends CallInput<E> ? [input?: CallInput<E>] : [input: CallInput<E>];

interface LooseInput {
  params?: unknown;
  query?: unknown;
  body?: unknown;
  token?: string | null;
  signal?: AbortSignal;
}

/**
 * Calls an endpoint of the table in packages/core and returns the raw answer, for callers that
 * word each status themselves. The path, method and body come from the table, never a literal.
 */
export function requestEndpoint<E extends Endpoint>(
  endpoint: E,
  ...[input]: CallArgs<E>
): Promise<ApiResponse> {
  const { params, query, body, token, signal }: LooseInput = input ?? {};
  return apiRequest(endpointUrl(endpoint, { params, query }), {
    method: endpoint.method,
    ...(body !== undefined ? { json: body } : {}),
    ...(token !== undefined ? { token } : {}),
    ...(signal ? { signal } : {}),
  });
}

/** Calls an endpoint of the table and parses its 200 answer with the table's schema. */
export async function callEndpoint<E extends Endpoint>(
  endpoint: E,
  ...input: CallArgs<E>
): Promise<EndpointAnswer<E>> {
  const res = await requestEndpoint(endpoint, ...input);
  if (!res.ok) throw new HttpError(errorMessageOf(res, `HTTP ${res.status}`), res.status);
  return endpoint.response.parse(res.data) as EndpointAnswer<E>;
}
