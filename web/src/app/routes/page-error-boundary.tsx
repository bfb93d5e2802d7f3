import { isRouteErrorResponse, useRouteError } from 'react-router';
import { NotFound } from '../../components/errors/not-found.tsx';
import { PageError } from '../../components/errors/page-error.tsx';

/**
 * A page failed to load or render: the error shows inside the shell. A 404 thrown by a page (its
 * parameters break the route's constraints) shows the not-found page.
 */
export function PageErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  return <PageError error={error} component="route" />;
}
