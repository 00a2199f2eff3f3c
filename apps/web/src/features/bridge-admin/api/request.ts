import type { Endpoint, EndpointAnswer } from '@vortex/core';
import {
  NetworkError,
  requestEndpoint,
  serverErrorOf,
  type ApiResponse,
} from '../../../lib/api-client';
import { bridgeAdminTexts as t } from '../messages';

/** A failed call: 'HTTP {status}' (§8) as the message, the server's own reason as the detail. */
export class BridgeAdminError extends Error {
  override name = 'BridgeAdminError';
  constructor(
    message: string,
    readonly detail?: string,
  ) {
    super(message);
  }
}

/** The text after a toast's prefix ('Erro ao revogar token: ...'): the reason, else the status. */
export function reasonOf(error: Error): string {
  return error instanceof BridgeAdminError ? (error.detail ?? error.message) : error.message;
}

/** What a call to `E` takes after the endpoint itself: its params, query, body and signal. */
type AdminCallArgs<E extends Endpoint> =
  Parameters<typeof requestEndpoint<E>> extends [unknown, ...infer Rest] ? Rest : never;

// requestEndpoint with its arguments spelled as above: TS defers both conditional types for a
// generic E and cannot see that they are the same list.
const send = requestEndpoint as <E extends Endpoint>(
  endpoint: E,
  ...input: AdminCallArgs<E>
) => Promise<ApiResponse>;

/** One bridge admin call through the endpoint table, its answer parsed with the table's schema. */
export async function adminCall<E extends Endpoint>(
  endpoint: E,
  ...input: AdminCallArgs<E>
): Promise<EndpointAnswer<E>> {
  let res;
  try {
    res = await send(endpoint, ...input);
  } catch (error) {
    if (error instanceof NetworkError) throw new BridgeAdminError(t.network);
    throw error;
  }
  if (!res.ok) throw new BridgeAdminError(t.http(res.status), serverErrorOf(res));
  const parsed = endpoint.response.safeParse(res.data);
  if (!parsed.success) throw new BridgeAdminError(t.invalidAnswer);
  return parsed.data as EndpointAnswer<E>;
}
