/**
 * A production environment that passes every start-up check (`config/production.ts`): tests of
 * production behaviour start from it, and tests of the checks change one setting at a time.
 */
export const PRODUCTION_ENV: Readonly<Record<string, string>> = Object.freeze({
  NODE_ENV: 'production',
  PUBLIC_URL: 'https://fly.example.com',
  SESSION_SECRET: 'production-secret-'.padEnd(40, 'x'),
  AIRLINE_API_KEYS: 'partner-key-0000000001',
  PAYMENT_GATEWAY: 'sandbox',
  PAYMENT_SANDBOX_IN_PRODUCTION: 'true',
});
