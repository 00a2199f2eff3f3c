import type { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { AppProviders } from '../app/providers';
import { onRouterError } from '../app/router';
import { routes as appRoutes } from '../app/route-table';

/** The real providers and route table on a memory router starting at `path`. */
export function renderApp(
  path: string,
  options: { queryClient?: QueryClient; routes?: RouteObject[] } = {},
) {
  const router = createMemoryRouter(options.routes ?? appRoutes, { initialEntries: [path] });
  const view = render(
    <AppProviders {...(options.queryClient ? { queryClient: options.queryClient } : {})}>
      <RouterProvider router={router} onError={onRouterError} />
    </AppProviders>,
  );
  return { ...view, router, pathname: () => router.state.location.pathname };
}
