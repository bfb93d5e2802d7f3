import { useEffect } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { MainErrorFallback } from '../../components/errors/main-error-fallback.tsx';
import { NotFound } from '../../components/errors/not-found.tsx';
import { PageError } from '../../components/errors/page-error.tsx';
import { StartupScreen } from '../../components/ui/startup-screen.tsx';
import { reportError } from '../../lib/error-reporting.ts';

/**
 * What the router shows around the shell (`root.tsx`), which loads with the start-up data: these
 * are part of the main bundle, so the spinner and the error pages need no chunk to show.
 */

/** Shown until the start-up data and the first page's module have loaded. */
export function RootHydrateFallback() {
  return <StartupScreen />;
}

/** Start-up failed (init data or route list could not load): the whole-page error screen. */
export function RootErrorBoundary() {
  const error = useRouteError();
  useEffect(() => {
    void reportError({ component: 'startup', error });
  }, [error]);
  return <MainErrorFallback />;
}

/**
 * A page failed to load or render: the error shows inside the shell. A 404 thrown by a page (its
 * parameters break the route's constraints) shows the not-found page.
 */
export function PageErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  return <PageError error={error} component="route" />;
}
