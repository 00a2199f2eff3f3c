import { QueryClient } from '@tanstack/react-query';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      // Trading data goes stale fast, but the screens poll on their own schedules (trading.md §4).
      queries: { staleTime: 2_000, retry: 1, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}
