import { config } from 'zod/v4/core';

/**
 * zod without its compiled fast path: probing for it runs `new Function`, which the
 * Content-Security-Policy (no `'unsafe-eval'`) refuses and reports as a violation on every page
 * that checks a schema. Imported by the shell (`app/routes/root.tsx`), which every page renders
 * inside, so it runs before any page checks a schema, and zod stays out of the start-up bundle.
 */
config({ jitless: true });
