import { reportError } from './error-reporting.ts';

/*
 * The page's own error handlers, installed by the shell once it is on screen. Apart from
 * `error-reporting.ts`, which the start-up error boundaries need, so that the start-up bundle
 * carries only what runs before the first page (docs/decisions/006).
 */

/**
 * Reports uncaught errors and unhandled promise rejections of the page, and tells `onError` so
 * the app can say so. Returns a function that removes the handlers.
 */
export function installGlobalErrorReporting(
  onError: () => void,
  target: Window = window,
): () => void {
  const handleError = (event: ErrorEvent) => {
    // Errors of scripts from other origins carry no details; they are not ours to report.
    if (event.error === undefined && event.message === 'Script error.') return;
    void reportError({ component: 'window', error: event.error ?? event.message });
    onError();
  };
  const handleRejection = (event: PromiseRejectionEvent) => {
    void reportError({ component: 'unhandledrejection', error: event.reason });
    onError();
  };
  target.addEventListener('error', handleError);
  target.addEventListener('unhandledrejection', handleRejection);
  return () => {
    target.removeEventListener('error', handleError);
    target.removeEventListener('unhandledrejection', handleRejection);
  };
}
