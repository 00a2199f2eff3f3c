import { ApiErrorSchema } from '@vortex/core';
import { toast } from 'sonner';
import { NetworkError, serverErrorOf, type ApiResponse } from '../../../lib/api-client';

/** A failed admin action: the spec's text as the title, the server's reason as the detail. */
export class UserActionError extends Error {
  override name = 'UserActionError';
  constructor(
    message: string,
    readonly detail?: string,
  ) {
    super(message);
  }
}

export interface ActionTexts {
  /** The server refused (4xx/5xx, or success: false). */
  failed: string;
  /** The server could not be reached. */
  network: string;
}

/**
 * One admin call (a requestEndpoint of the table); resolves with the parsed body (null when
 * empty) or throws UserActionError.
 */
export async function adminRequest(
  request: () => Promise<ApiResponse>,
  texts: ActionTexts,
): Promise<unknown> {
  let res;
  try {
    res = await request();
  } catch (error) {
    if (error instanceof NetworkError) throw new UserActionError(texts.network);
    throw error;
  }
  if (!res.ok || ApiErrorSchema.safeParse(res.data).success) {
    throw new UserActionError(texts.failed, serverErrorOf(res));
  }
  return res.data;
}

/** Toasts a failed action; anything unexpected falls back to the action's own failure text. */
export function toastActionError(error: Error, fallback: string): void {
  if (error instanceof UserActionError) {
    toast.error(error.message, error.detail ? { description: error.detail } : {});
  } else {
    toast.error(fallback);
  }
}
