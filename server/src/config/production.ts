import type { z } from 'zod';

/** The settings production is checked on, as parsed (README "Running in production"). */
export interface ProductionSettings {
  NODE_ENV: 'development' | 'production' | 'test';
  PUBLIC_URL?: string | undefined;
  SESSION_SECRET?: string | undefined;
  AIRLINE_API_KEYS?: readonly string[] | undefined;
  PAYMENT_GATEWAY?: 'sandbox' | undefined;
  PAYMENT_SANDBOX_IN_PRODUCTION: boolean;
  PAYMENT_GATEWAY_URL?: string | undefined;
  PAYMENT_GATEWAY_SECRET_KEY?: string | undefined;
  PAYMENT_GATEWAY_PUBLISHABLE_KEY?: string | undefined;
  PAYMENT_WEBHOOK_SECRET?: string | undefined;
  PUSH_EXTRA_ORIGINS?: readonly string[] | undefined;
  SEARCH_SLOW_SUPPLIER_MS?: number | undefined;
  TEST_CRASH_AT?: string | undefined;
}

/** Variables that exist for tests and development only, and why production refuses them. */
const NOT_IN_PRODUCTION = [
  ['PUSH_EXTRA_ORIGINS', 'for tests and development only (push goes to the known push services)'],
  ['SEARCH_SLOW_SUPPLIER_MS', 'for tests and development only (it slows every search down)'],
  ['TEST_CRASH_AT', 'for the chaos tests only (the process kills itself mid-payment)'],
] as const;

/** Hosts no traveller can reach: a production build tried on one machine (benchmarks, smoke tests). */
const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * What `NODE_ENV=production` refuses to start with, each issue naming its variable: a default
 * that is right on a developer's machine and wrong in front of travellers is never taken silently.
 * The public address must be given and be https (http only on a loopback host); the sessions'
 * secret and the airline partners' keys must be set; the payment gateway must be chosen, and the
 * sandbox (no real money moves) only with `PAYMENT_SANDBOX_IN_PRODUCTION=true`, which shows a
 * "test payments" banner on every page; a gateway elsewhere needs its keys given, not derived;
 * test-only variables are refused.
 */
export function refuseUnsafeProduction(env: ProductionSettings, context: z.RefinementCtx): void {
  if (env.NODE_ENV !== 'production') return;
  const refuse = (name: keyof ProductionSettings, message: string) =>
    context.addIssue({ code: 'custom', path: [name], message });

  for (const [name, why] of NOT_IN_PRODUCTION) {
    if (env[name] !== undefined) refuse(name, `is ${why}`);
  }
  if (env.PUBLIC_URL === undefined) {
    refuse('PUBLIC_URL', 'is required in production: the https address travellers use');
  } else {
    const url = new URL(env.PUBLIC_URL);
    if (url.protocol !== 'https:' && !LOOPBACK_HOSTS.has(url.hostname)) {
      refuse('PUBLIC_URL', 'must be https in production (http only on a loopback host)');
    }
  }
  if (env.SESSION_SECRET === undefined) {
    refuse('SESSION_SECRET', 'is required in production (at least 32 random characters)');
  }
  if (env.AIRLINE_API_KEYS === undefined) {
    refuse(
      'AIRLINE_API_KEYS',
      'is required in production: without keys the airline partner API is open to anyone',
    );
  }
  if (env.PAYMENT_GATEWAY === undefined) {
    refuse('PAYMENT_GATEWAY', 'must be chosen explicitly in production (e.g. sandbox)');
  } else if (env.PAYMENT_GATEWAY === 'sandbox' && !env.PAYMENT_SANDBOX_IN_PRODUCTION) {
    refuse(
      'PAYMENT_SANDBOX_IN_PRODUCTION',
      'must be true to take payments through the sandbox gateway in production: no real money ' +
        'moves (every page then shows a "test payments" banner)',
    );
  }
  // A gateway elsewhere shares its keys with us: in production they must be given, not derived.
  if (env.PAYMENT_GATEWAY_URL !== undefined) {
    for (const name of [
      'PAYMENT_GATEWAY_SECRET_KEY',
      'PAYMENT_GATEWAY_PUBLISHABLE_KEY',
      'PAYMENT_WEBHOOK_SECRET',
    ] as const) {
      if (env[name] === undefined) {
        refuse(name, 'is required in production when PAYMENT_GATEWAY_URL is set');
      }
    }
  }
}
