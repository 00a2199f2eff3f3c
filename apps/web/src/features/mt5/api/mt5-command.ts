import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { NetworkError, type ApiResponse } from '../../../lib/api-client';
import { mt5Keys } from './mt5-keys';

/** A failed MT5 action: the spec's text as the title, the server's reason as the detail. */
export class Mt5ActionError extends Error {
  override name = 'Mt5ActionError';
  constructor(
    message: string,
    readonly detail?: string,
  ) {
    super(message);
  }
}

/** A call to an MT5 endpoint; an unreachable server becomes `networkText`. */
export async function postMt5(request: () => Promise<ApiResponse>, networkText: string) {
  let res: ApiResponse;
  try {
    res = await request();
  } catch (error) {
    if (error instanceof NetworkError) throw new Mt5ActionError(networkText);
    throw error;
  }
  return res;
}

export function toastMt5Error(error: Error, fallback: string): void {
  if (error instanceof Mt5ActionError) {
    toast.error(error.message, error.detail ? { description: error.detail } : {});
  } else {
    toast.error(fallback);
  }
}

/** An MT5 command: toast its outcome, then re-read the status and the account either way. */
export function useMt5Command<TVars, TResult>(options: {
  request: (vars: TVars) => Promise<TResult>;
  success: (result: TResult) => void;
  fallbackError: string;
}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: options.request,
    onSuccess: options.success,
    onError: (error) => {
      toastMt5Error(error, options.fallbackError);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: mt5Keys.all }),
  });
}
