import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { toast } from 'sonner';
import { bridgeAdminKeys } from './query-keys';
import { reasonOf } from './request';

interface AdminActionOptions<TVars, TResult> {
  request: (vars: TVars) => Promise<TResult>;
  success: (result: TResult, vars: TVars) => string;
  failure: (reason: string) => string;
  /** The lists the action changes; they reload after it went through. */
  invalidates: QueryKey[];
}

/** A bridge admin action: toast the outcome (§8), reload the lists it changed. */
export function useAdminAction<TVars, TResult>(options: AdminActionOptions<TVars, TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: options.request,
    onSuccess: async (result, vars) => {
      toast.success(options.success(result, vars));
      // Every action writes an audit row: the audit panel shows it too.
      await Promise.all(
        [...options.invalidates, bridgeAdminKeys.audit].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      );
    },
    onError: (error) => {
      toast.error(options.failure(reasonOf(error)));
    },
  });
}
