import { useEffect } from 'react';
import { useRouteError } from 'react-router';
import { reportClientError } from '../../lib/client-log';
import { ErrorFallback } from './error-fallback';

/**
 * The router's errorElement. RouterProvider's onError (app/router.tsx) reports first, with the
 * component stack; this effect covers errors it does not see and is deduplicated by the logger.
 */
export function RouteError() {
  const error = useRouteError();
  useEffect(() => {
    reportClientError(error);
  }, [error]);
  return <ErrorFallback error={error} />;
}
