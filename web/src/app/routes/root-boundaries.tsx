import { useEffect } from 'react';
import { useRouteError } from 'react-router';
import { MainErrorFallback } from '../../components/errors/main-error-fallback.tsx';
import { StartupScreen } from '../../components/ui/startup-screen.tsx';
import { reportError } from '../../lib/error-reporting.ts';

/**
 * What the router shows around the shell (`root.tsx`), which loads with the start-up data: these
 * are part of the main bundle, so the start-up screen and the start-up error page need no chunk
 * to show. The error page of a page inside the shell is `page-error-boundary.tsx`.
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
