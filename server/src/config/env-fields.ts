import { existsSync, statSync } from 'node:fs';
import { dirname, isAbsolute, relative, resolve, sep } from 'node:path';
import { z } from 'zod';
import {
  DEFAULT_PAYMENT_PROVIDER_FLAGS,
  isPaymentProvider,
  PAYMENT_PROVIDERS,
  type PaymentProviderFlags,
} from '@uniquair/domain/config/payment-providers';
import { DEFAULT_DATA_DIR, DEFAULT_SUPPORT_ATTACHMENTS_DIR } from './paths.ts';
import { parseDatabaseUrl } from '../db/dialect.ts';

/* The value types of the environment's variables, used by the schema in `env.ts`. */

/**
 * `PAYMENT_PROVIDERS`: the enabled payment providers, comma-separated (`CREDIT_CARD,PAYPAL`), or
 * `none`. Every provider not listed is disabled; unset, the defaults of SPEC §3 apply.
 */
export const paymentProviderList = z.string().transform((text, context) => {
  const names = text
    .split(',')
    .map((name) => name.trim().toUpperCase())
    .filter((name) => name !== '');
  if (names.length === 1 && names[0] === 'NONE') return [];
  const unknown = names.filter((name) => !isPaymentProvider(name));
  if (unknown.length > 0) {
    context.addIssue({
      code: 'custom',
      message: `unknown provider(s) ${unknown.join(', ')}; known: ${PAYMENT_PROVIDERS.join(', ')}, or none`,
    });
    return z.NEVER;
  }
  return names;
});

export function paymentProviderFlags(enabled: readonly string[] | undefined): PaymentProviderFlags {
  if (enabled === undefined) return DEFAULT_PAYMENT_PROVIDER_FLAGS;
  return Object.fromEntries(
    PAYMENT_PROVIDERS.map((name) => [name, enabled.includes(name)]),
  ) as Record<(typeof PAYMENT_PROVIDERS)[number], boolean>;
}

/** A key or secret of the payment gateway: printable, no spaces, long enough to guess at nothing. */
export const gatewaySecret = z
  .string()
  .regex(/^[A-Za-z0-9_.-]{16,200}$/, 'must be 16 to 200 letters, digits or _ . - characters');

/** The gateway's address as browsers see it: an http(s) URL, or a path on the app's own origin. */
export const gatewayPublicUrl = z
  .string()
  .refine(
    (value) => /^\/[A-Za-z0-9._~/-]*$/.test(value) || /^https?:\/\/[^\s]+$/.test(value),
    'expected an http(s) URL or a path starting with / (e.g. /sandbox-gateway)',
  );

/**
 * A database URL the server can open: PostgreSQL, or a SQLite file whose folder exists. Only the
 * repository's `./data` folder, home of the default databases, is created when missing (so that
 * `npm install && npm start` works on a fresh checkout): a typo in a configured path must not
 * start a new, empty, freshly seeded airline.
 */
export function databaseUrl(defaultUrl: string) {
  return z
    .string()
    .min(1)
    .default(defaultUrl)
    .superRefine((url, context) => {
      let location;
      try {
        location = parseDatabaseUrl(url);
      } catch {
        context.addIssue({
          code: 'custom',
          message:
            'expected postgres://user:password@host:5432/name (or postgresql://), ' +
            'sqlite:<path>, file:<path>, a file path or :memory:',
        });
        return;
      }
      if (location.kind !== 'sqlite' || location.filename === ':memory:') return;
      const folder = dirname(location.filename);
      if (folder === DEFAULT_DATA_DIR) return;
      if (!existsSync(folder) || !statSync(folder).isDirectory()) {
        context.addIssue({
          code: 'custom',
          message: `the folder ${folder} of this SQLite file does not exist (create it first; only the repository's data/ folder is created)`,
        });
      }
    });
}

/**
 * Where the chaos tests make a payment kill its own process (`TEST_CRASH_AT`; refused in
 * production, inert unless set): with the attempt written and the provider not called yet, or
 * with the provider's answer received and nothing of it committed.
 */
export const PAYMENT_CRASH_POINTS = ['before-charge', 'after-answer'] as const;
export type PaymentCrashPoint = (typeof PAYMENT_CRASH_POINTS)[number];
export interface PaymentCrash {
  at: PaymentCrashPoint;
  /** How many payments reach the point (each held there) before the process kills itself. */
  after: number;
}

export const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

/** The VAPID contact by default: the sender's address, else no-reply at the public host. */
export function vapidSubjectOf(mailFrom: string | undefined, publicUrl: string): string {
  const address = /<([^<>\s]+@[^<>\s]+)>\s*$/.exec(mailFrom ?? '')?.[1] ?? mailFrom?.trim();
  if (address !== undefined && /^[^\s@<>]+@[^\s@<>]+$/.test(address)) return `mailto:${address}`;
  return `mailto:no-reply@${new URL(publicUrl).hostname}`;
}

/**
 * `SUPPORT_ATTACHMENTS_DIR`: the folder of the images sent with support messages, made absolute;
 * `./data/support-attachments` by default (docs/decisions/007-support-attachments-on-disk.md).
 */
export const supportAttachmentsDir = z
  .string()
  .min(1)
  .transform((folder) => resolve(folder))
  .default(DEFAULT_SUPPORT_ATTACHMENTS_DIR);

/**
 * Refuses a `SUPPORT_ATTACHMENTS_DIR` that is `WEB_DIST_DIR` or lies below it: what travellers
 * upload must never be served as a file of the web app.
 */
export function refuseAttachmentsInWebApp(
  env: { SUPPORT_ATTACHMENTS_DIR: string; WEB_DIST_DIR: string },
  context: z.RefinementCtx,
): void {
  const below = relative(resolve(env.WEB_DIST_DIR), env.SUPPORT_ATTACHMENTS_DIR);
  if (below === '' || (below !== '..' && !below.startsWith(`..${sep}`) && !isAbsolute(below))) {
    context.addIssue({
      code: 'custom',
      path: ['SUPPORT_ATTACHMENTS_DIR'],
      message: 'must be outside WEB_DIST_DIR (the served web app)',
    });
  }
}

/** `METRICS_TOKEN`: the bearer token the metrics scrapers send (docs/operations.md "Metrics"). */
export const metricsToken = z
  .string()
  .regex(
    /^[A-Za-z0-9._~+/-]{32,200}$/,
    'must be 32 to 200 letters, digits or . _ ~ + / - characters (e.g. `openssl rand -hex 32`)',
  );

/** Refuses a `METRICS_PORT` equal to `PORT`: the metrics listener needs a port of its own. */
export function refuseMetricsOnMainPort(
  env: { PORT: number; METRICS_PORT?: number | undefined },
  context: z.RefinementCtx,
): void {
  if (env.METRICS_PORT !== undefined && env.METRICS_PORT !== 0 && env.METRICS_PORT === env.PORT) {
    context.addIssue({
      code: 'custom',
      path: ['METRICS_PORT'],
      message: 'must differ from PORT (unset it to serve /metrics on the main port)',
    });
  }
}
