import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Toaster } from 'sonner';
import { ErrorBoundary } from '../components/error-boundary/error-boundary';
import { toasterOptions } from '../config/toaster';
import { SessionProvider } from '../lib/session';
import { useTheme } from '../lib/theme';
import { createQueryClient } from './query-client';

function ThemedToaster() {
  const [theme] = useTheme();
  return <Toaster {...toasterOptions} theme={theme} richColors closeButton />;
}

export function AppProviders({
  children,
  queryClient,
}: {
  children: ReactNode;
  /** Tests pass their own client to inspect it. */
  queryClient?: QueryClient;
}) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <ErrorBoundary>
      <QueryClientProvider client={client}>
        <SessionProvider>
          {children}
          <ThemedToaster />
        </SessionProvider>
      </QueryClientProvider>
    </ErrorBoundary>
  );
}
