import { runWithConfig } from './config/entry-point.ts';

/**
 * The server entry point. The configuration is checked before the app's modules load, so a bad
 * setting stops the process in about a second with its message; a good one loads and serves the
 * app (serve.ts).
 */
runWithConfig(async (config) => {
  const { serve } = await import('./serve.ts');
  await serve(config);
});
