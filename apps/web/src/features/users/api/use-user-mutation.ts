import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { toastActionError } from './admin-request';
import { usersQueryKey } from './get-users';

interface UserMutationOptions<TVars, TResult> {
  request: (vars: TVars) => Promise<TResult>;
  /** The toast of a success; the list reloads after it. */
  success: (result: TResult) => void;
  /** Shown when the failure is not one the request already named. */
  fallbackError: string;
}

/** An admin action on a user: toast the outcome, reload the list when it went through. */
export function useUserMutation<TVars, TResult>({
  request,
  success,
  fallbackError,
}: UserMutationOptions<TVars, TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: async (result) => {
      success(result);
      await queryClient.invalidateQueries({ queryKey: usersQueryKey });
    },
    onError: (error) => {
      toastActionError(error, fallbackError);
    },
  });
}

export const toastSuccess = (text: string) => () => {
  toast.success(text);
};
