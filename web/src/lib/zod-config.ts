import { config } from 'zod/v4/core';

/**
 * zod without its compiled fast path: probing for it runs `new Function`, which the
 * Content-Security-Policy (no `'unsafe-eval'`) refuses and reports as a violation on every page
 * that checks a schema. Imported first by `main.tsx`, before any schema is used.
 */
config({ jitless: true });
