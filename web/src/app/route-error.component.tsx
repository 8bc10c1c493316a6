import { useEffect } from 'react';
import { useRouteError } from 'react-router';
import { ErrorFallback } from '../features/pages/error-fallback.component';

/** The router catches screen crashes itself, so they are reported here rather than by ErrorBoundary. */
export function RouteError() {
  const error = useRouteError();
  useEffect(() => {
    console.error(error);
  }, [error]);
  return <ErrorFallback error={error} />;
}
