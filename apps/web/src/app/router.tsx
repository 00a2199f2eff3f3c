import { useState } from 'react';
import { createBrowserRouter, type RouterProviderProps } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { reportClientError } from '../lib/client-log';
import { routes } from './route-table';

/** Runs once per route error, with the component stack for render errors. */
export const onRouterError: NonNullable<RouterProviderProps['onError']> = (error, info) => {
  reportClientError(error, info.errorInfo?.componentStack);
};

export function AppRouter() {
  // Created once, inside React, so tests and HMR never share a router between trees.
  const [router] = useState(() => createBrowserRouter(routes));
  return <RouterProvider router={router} onError={onRouterError} />;
}
