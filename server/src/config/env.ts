import { createHmac } from 'node:crypto';
import { z } from 'zod';
import type { PaymentProviderFlags } from '@uniquair/domain/config/payment-providers';
import {
  DEFAULT_DATABASE_URL,
  DEFAULT_GATEWAY_DATABASE_URL,
  DEFAULT_WEB_DIST_DIR,
} from './paths.ts';
import { redactDatabaseUrl } from '../db/dialect.ts';
import {
  booleanFlag,
  databaseUrl,
  gatewayPublicUrl,
  gatewaySecret,
  metricsToken,
  PAYMENT_CRASH_POINTS,
  paymentProviderFlags,
  paymentProviderList,
  refuseAttachmentsInWebApp,
  refuseMetricsOnMainPort,
  supportAttachmentsDir,
  vapidSubjectOf,
  type PaymentCrash,
} from './env-fields.ts';
import { refuseUnsafeProduction } from './production.ts';

export { PAYMENT_CRASH_POINTS, type PaymentCrash, type PaymentCrashPoint } from './env-fields.ts';
/**
 * Every setting of the server, read from the environment once at start-up. Each variable is
 * documented in README.md and listed with its default in .env.example.
 */
const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
  PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
  DATABASE_URL: databaseUrl(DEFAULT_DATABASE_URL),
  SEED_ON_START: booleanFlag.default(true),
  // Hours; unset: 1, or 0 under NODE_ENV=test (the suite's database is seeded for a fixed day).
  INVENTORY_ROLL_HOURS: z.coerce.number().int().min(0).max(168).optional(),
  FARES_REPRICE_HOURS: z.coerce.number().int().min(0).max(168).optional(), // likewise
  WEB_DIST_DIR: z.string().min(1).default(DEFAULT_WEB_DIST_DIR),
  SUPPORT_ATTACHMENTS_DIR: supportAttachmentsDir,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  METRICS_TOKEN: metricsToken.optional(),
  METRICS_PORT: z.coerce.number().int().min(0).max(65_535).optional(),
  TRUST_PROXY: booleanFlag.default(false),
  SESSION_SECRET: z
    .string()
    .min(32, 'must be at least 32 characters (e.g. `openssl rand -hex 32`)')
    .optional(),
  PAYMENT_PROVIDERS: paymentProviderList.optional(),
  DATASET_VERSION_CHECK_MS: z.coerce.number().int().min(0).max(3_600_000).default(1000),
  REDIS_URL: z.url({ protocol: /^rediss?$/ }).optional(),
  REDIS_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9:_.-]{1,64}$/, 'letters, digits and : _ . - only')
    .default('uniquair:'),
  SEARCH_RESULT_TTL_SECONDS: z.coerce.number().int().min(1).max(86_400).default(900),
  SEARCH_MAX_STREAMS_PER_CLIENT: z.coerce.number().int().min(0).max(100_000).default(500),
  SEARCH_INITS_PER_MINUTE: z.coerce.number().int().min(0).max(1_000_000).default(600),
  SEARCH_SLOW_SUPPLIER_MS: z.coerce.number().int().min(1).max(60_000).optional(),
  VITE_ANALYTICS_URL: z.url({ protocol: /^https$/ }).optional(),
  VITE_LIVE_CHAT_URL: z.url({ protocol: /^https$/ }).optional(),
  AIRLINE_API_KEYS: z
    .string()
    .transform((value) =>
      value
        .split(',')
        .map((key) => key.trim())
        .filter((key) => key !== ''),
    )
    .pipe(z.array(z.string().min(16, 'each key needs at least 16 characters')).min(1))
    .optional(),
  SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
  MAIL_FROM: z
    .string()
    .trim()
    .min(3)
    .max(200)
    .refine(
      (value) => /@[^@\s>]+>?$/.test(value),
      'expected an address, e.g. Uniquair <no-reply@example.com>',
    )
    .optional(),
  SESSION_MAX_AGE_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 90)
    .default(24 * 30),
  SESSION_IDLE_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 90)
    .default(24),
  PAYMENT_GATEWAY: z.enum(['sandbox']).optional(),
  PAYMENT_SANDBOX_IN_PRODUCTION: booleanFlag.default(false),
  PAYMENT_GATEWAY_URL: z.url({ protocol: /^https?$/ }).optional(),
  PAYMENT_GATEWAY_PUBLIC_URL: gatewayPublicUrl.optional(),
  PAYMENT_GATEWAY_SECRET_KEY: gatewaySecret.optional(),
  PAYMENT_GATEWAY_PUBLISHABLE_KEY: gatewaySecret.optional(),
  PAYMENT_GATEWAY_TIMEOUT_MS: z.coerce.number().int().min(100).max(300_000).default(30_000),
  PAYMENT_WEBHOOK_SECRET: gatewaySecret.optional(),
  PAYMENT_WEBHOOK_URL: z.url({ protocol: /^https?$/ }).optional(),
  GATEWAY_PORT: z.coerce.number().int().min(0).max(65_535).default(3900),
  GATEWAY_DATABASE_URL: databaseUrl(DEFAULT_GATEWAY_DATABASE_URL),
  GATEWAY_SETTLE_DELAY_MS: z.coerce.number().int().min(0).max(3_600_000).default(3000),
  BOOKING_CREATES_PER_MINUTE: z.coerce.number().int().min(0).max(1_000_000).default(300),
  BOOKING_UNPAID_PER_TRAVELLER: z.coerce.number().int().min(0).max(1_000_000).default(2),
  BOOKING_UNPAID_PER_CLIENT: z.coerce.number().int().min(0).max(1_000_000).default(200),
  BOOKING_LOOKUP_MISSES: z.coerce.number().int().min(0).max(1_000_000).default(20),
  BOOKING_HOLD_SWEEP_SECONDS: z.coerce.number().int().min(0).max(86_400).default(30),
  INVOICE_SELLER_NAME: z.string().trim().min(2).max(200).default('Uniquair Demo Ltd'),
  INVOICE_SELLER_ADDRESS: z
    .string()
    .trim()
    .min(5)
    .max(500)
    .default('1 Example Street, 010101 Bucharest, Romania'),
  INVOICE_SELLER_VAT_NUMBER: z
    .string()
    .trim()
    .regex(
      /^[A-Z]{2}[0-9A-Z+*.-]{2,14}$/,
      'expected a VAT number with its country prefix, e.g. RO12345678',
    )
    .default('RO00000000'),
  VAPID_PUBLIC_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{87}$/, 'expected a P-256 public key: 87 base64url characters')
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{43}$/, 'expected a P-256 private key: 43 base64url characters')
    .optional(),
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:[^\s@]+@[^\s@]+|https:\/\/\S+)$/, 'expected mailto:address or an https URL')
    .optional(),
  TEST_CRASH_AT: z.enum(PAYMENT_CRASH_POINTS).optional(),
  TEST_CRASH_AFTER: z.coerce.number().int().min(1).max(1000).default(1),
  PUSH_EXTRA_ORIGINS: z
    .string()
    .transform((value) =>
      value
        .split(',')
        .map((origin) => origin.trim())
        .filter((origin) => origin !== ''),
    )
    .pipe(z.array(z.url({ protocol: /^https$/ }).transform((url) => new URL(url).origin)))
    .optional(),
  OUTBOX_POLL_MS: z.coerce.number().int().min(0).max(3_600_000).default(1000),
  SHUTDOWN_GRACE_SECONDS: z.coerce.number().int().min(1).max(600).default(10),
  PAYMENT_RECONCILE_SECONDS: z.coerce.number().int().min(0).max(86_400).default(60),
});

/** The payment gateway the booking flow charges through (DESIGN §6, docs/payments.md). */
export type PaymentGatewayConfig = Readonly<{
  /** `sandbox`: the built-in sandbox gateway (the only kind so far). */
  kind: 'sandbox';
  /**
   * Server-side base URL of the gateway API (`…/sandbox-gateway`); null: the sandbox runs inside
   * this server and is reached over loopback on the port the server listens on.
   */
  url: string | null;
  /** The gateway as browsers reach it (card tokenisation, hosted pages); a path: this origin. */
  publicUrl: string;
  /** Server-to-server API key (`sk_…`). */
  secretKey: string;
  /** Key the browser sends with card fields to the tokenisation endpoint (`pk_…`). */
  publishableKey: string;
  /** Shared secret of the webhook signatures. */
  webhookSecret: string;
  /** Where the gateway posts webhooks; null: this server's `/api/payments/webhook` over loopback. */
  webhookUrl: string | null;
  /** Time limit of one call to the gateway. */
  timeoutMs: number;
  /** Port of the gateway run as a separate process (`npm run gateway -w server`). */
  gatewayPort: number;
  /** Database of the gateway run as a separate process. */
  gatewayDatabaseUrl: string;
  /** How long the sandbox takes to confirm a bank-redirect payment (webhook `payment.succeeded`). */
  settleDelayMs: number;
}>;

/**
 * A development key or secret of the sandbox gateway: derived from SESSION_SECRET when it is set
 * (so every process of one deployment agrees, and nobody outside it can compute them), else from
 * a fixed development seed (development and tests only; production always has SESSION_SECRET).
 */
function derivedGatewaySecret(sessionSecret: string | undefined, label: string): string {
  return createHmac('sha256', sessionSecret ?? 'uniquair-sandbox-gateway-development')
    .update(`sandbox-gateway:${label}`)
    .digest('hex')
    .slice(0, 40);
}

function paymentGatewayConfig(env: z.infer<typeof EnvSchema>): PaymentGatewayConfig {
  const url = env.PAYMENT_GATEWAY_URL?.replace(/\/+$/, '') ?? null;
  return Object.freeze({
    kind: env.PAYMENT_GATEWAY ?? 'sandbox',
    url,
    publicUrl: (env.PAYMENT_GATEWAY_PUBLIC_URL ?? url ?? '/sandbox-gateway').replace(/\/+$/, ''),
    secretKey:
      env.PAYMENT_GATEWAY_SECRET_KEY ??
      `sk_test_${derivedGatewaySecret(env.SESSION_SECRET, 'secret-key')}`,
    publishableKey:
      env.PAYMENT_GATEWAY_PUBLISHABLE_KEY ??
      `pk_test_${derivedGatewaySecret(env.SESSION_SECRET, 'publishable-key')}`,
    webhookSecret:
      env.PAYMENT_WEBHOOK_SECRET ??
      `whsec_${derivedGatewaySecret(env.SESSION_SECRET, 'webhook-secret')}`,
    webhookUrl: env.PAYMENT_WEBHOOK_URL ?? null,
    timeoutMs: env.PAYMENT_GATEWAY_TIMEOUT_MS,
    gatewayPort: env.GATEWAY_PORT,
    gatewayDatabaseUrl: env.GATEWAY_DATABASE_URL,
    settleDelayMs: env.GATEWAY_SETTLE_DELAY_MS,
  });
}

export type Config = Readonly<{
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  /** Origin the app is reached at; defaults to http://localhost:<port>. */
  publicUrl: string;
  /** Whether the public origin is HTTPS (secure cookies, HSTS, upgrade-insecure-requests). */
  secure: boolean;
  databaseUrl: string;
  seedOnStart: boolean;
  /** How often the flight inventory is rolled forward (docs/database.md); 0: never. */
  inventoryRollMs: number;
  /** How often every fare is re-priced (docs/decisions/009-fares-that-move.md); 0: never. */
  faresRepriceMs: number;
  webDistDir: string;
  /** Absolute folder of the images of support messages (docs/decisions/007-…), not served. */
  supportAttachmentsDir: string;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /** `GET /metrics`: the bearer token it asks for, a port of its own (docs/operations.md). */
  metrics: Readonly<{ token: string | null; port: number | null }>;
  trustProxy: boolean;
  /**
   * Secret that signs cookies (the affiliate attachment; sessions later). Required in production;
   * elsewhere, when unset, the cookies plugin uses a development secret (see plugins/cookies.ts).
   */
  sessionSecret: string | undefined;
  /** Payment provider flags (SPEC §3) sent to the app. */
  paymentProviders: PaymentProviderFlags;
  /**
   * How long cached reference data is served before `dataset_versions` is read again to see
   * whether it changed (0: on every request).
   */
  datasetVersionCheckMs: number;
  /** Redis for state shared between server processes (search progress); null to run alone. */
  redisUrl: string | null;
  /** Prefix of every Redis key and channel, so several deployments can share one Redis. */
  redisPrefix: string;
  /** How long a finished search result stays fresh before it reports `expired`. */
  searchResultTtlSeconds: number;
  /** Most search progress streams (SSE and WebSocket) one client may hold; 0 for no limit. */
  searchMaxStreamsPerClient: number;
  /** Searches one client may start per minute (`POST /api/search/init`); 0 for no limit. */
  searchInitsPerMinute: number;
  /** Tests and benchmarks: a supplier answering each leg with nothing after this long; null: none. */
  searchSlowSupplierMs: number | null;
  /** Keys airline partners send as `X-Api-Key` to `/api/airline/*`; none leaves it open. */
  airlineApiKeys: readonly string[];
  /**
   * Origins of the optional analytics and live-chat scripts the web app is built with
   * (VITE_ANALYTICS_URL, VITE_LIVE_CHAT_URL); the Content-Security-Policy allows exactly these.
   */
  thirdPartyOrigins: readonly string[];
  /**
   * SMTP server the e-mails go to (`smtp://user:pass@host:587`, `smtps://…:465`); null keeps them
   * in the outbox (readable at /dev/mailbox in development).
   */
  smtpUrl: string | null;
  /** Sender of the e-mails. */
  mailFrom: string;
  /** Absolute lifetime of a session (30 days by default). */
  sessionMaxAgeMs: number;
  /** A session unused this long ends (24 hours by default). */
  sessionIdleMs: number;
  /** Bookings one client may create per minute (`POST /api/booking/create`); 0 for no limit. */
  bookingCreatesPerMinute: number;
  /**
   * Unpaid bookings still holding seats that one signed-in user, or one device (by the booking
   * tokens it sends), may have at once; 0 for no limit (reference notes INV-5).
   */
  bookingMaxUnpaidPerTraveller: number;
  /** … and one client address; 0 for no limit. */
  bookingMaxUnpaidPerClient: number;
  /** Booking look-ups answered 404 one client may make in 10 minutes before 429; 0: no limit. */
  bookingLookupMissesPer10Minutes: number;
  /** How often expired seat holds are released (seconds); 0 leaves it to reads. */
  bookingHoldSweepMs: number;
  /** Who issues the invoices: company name, postal address, VAT number (docs/invoices.md). */
  invoiceSeller: Readonly<{ name: string; address: string; vatNumber: string }>;
  /**
   * The VAPID key pair (base64url) Web Push is signed with; null: generated on the first start
   * and kept in the database (`push_vapid_keys`).
   */
  vapidKeys: Readonly<{ publicKey: string; privateKey: string }> | null;
  /** The contact in the VAPID token (`mailto:` or https): the sender address by default. */
  vapidSubject: string;
  /** Origins push may go to besides the known push services (tests and development only). */
  pushExtraOrigins: readonly string[];
  /** How often the outbox worker looks for due side effects; 0: only right after a commit. */
  outboxPollMs: number;
  /**
   * How long a SIGTERM waits for in-flight requests and workers before the process exits anyway
   * (docs/operations.md "Stopping a server").
   */
  shutdownGraceMs: number;
  /** How often open payment attempts are settled with the provider; 0: never by timer. */
  paymentReconcileMs: number;
  /**
   * Chaos tests only: where payments kill this process (SIGKILL), once `after` of them reached
   * the point (each held there until then); null otherwise.
   */
  testCrash: PaymentCrash | null;
  /** The payment gateway: where it is, its keys, the webhook secret. */
  paymentGateway: PaymentGatewayConfig;
  /**
   * Production takes payments through the sandbox gateway (`PAYMENT_SANDBOX_IN_PRODUCTION`): no
   * real money moves, and every page says so in a "test payments" banner.
   */
  testPayments: boolean;
}>;

/** Raised when the environment is invalid; its message lists every bad variable. */
export class ConfigError extends Error {
  readonly issues: readonly string[];

  constructor(issues: readonly string[]) {
    // One bad setting reads as one line; several as a list.
    super(
      issues.length === 1
        ? `Invalid configuration: ${issues[0]}`
        : `Invalid configuration:\n${issues.map((issue) => `  - ${issue}`).join('\n')}`,
    );
    this.name = 'ConfigError';
    this.issues = issues;
  }
}

/** Reads and validates the configuration; throws ConfigError naming every invalid variable. */
export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  const present = Object.fromEntries(
    Object.entries(source).filter(([, value]) => value !== undefined && value !== ''),
  );
  const parsed = EnvSchema.superRefine((env, context) => {
    if ((env.VAPID_PUBLIC_KEY === undefined) !== (env.VAPID_PRIVATE_KEY === undefined)) {
      context.addIssue({
        code: 'custom',
        path: [env.VAPID_PUBLIC_KEY === undefined ? 'VAPID_PUBLIC_KEY' : 'VAPID_PRIVATE_KEY'],
        message: 'set both VAPID keys, or neither (a pair is then generated and stored)',
      });
    }
    refuseAttachmentsInWebApp(env, context);
    refuseMetricsOnMainPort(env, context);
    refuseUnsafeProduction(env, context);
  }).safeParse(present);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => {
        const name = issue.path.join('.');
        const secret =
          name === 'SESSION_SECRET' ||
          name === 'SMTP_URL' ||
          name === 'VAPID_PRIVATE_KEY' ||
          name === 'PAYMENT_GATEWAY_SECRET_KEY' ||
          name === 'PAYMENT_WEBHOOK_SECRET' ||
          name === 'METRICS_TOKEN';
        const given = present[name];
        const shown = name.endsWith('DATABASE_URL') && given ? redactDatabaseUrl(given) : given;
        const value = typeof shown === 'string' && !secret ? ` (got "${shown}")` : '';
        return `${name}: ${issue.message}${value}`;
      }),
    );
  }
  const env = parsed.data;
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, '');
  return Object.freeze({
    env: env.NODE_ENV,
    host: env.HOST,
    port: env.PORT,
    publicUrl,
    secure: publicUrl.startsWith('https:'),
    databaseUrl: env.DATABASE_URL,
    seedOnStart: env.SEED_ON_START,
    inventoryRollMs: (env.INVENTORY_ROLL_HOURS ?? (env.NODE_ENV === 'test' ? 0 : 1)) * 3_600_000,
    faresRepriceMs: (env.FARES_REPRICE_HOURS ?? (env.NODE_ENV === 'test' ? 0 : 1)) * 3_600_000,
    webDistDir: env.WEB_DIST_DIR,
    supportAttachmentsDir: env.SUPPORT_ATTACHMENTS_DIR,
    logLevel: env.LOG_LEVEL,
    metrics: Object.freeze({ token: env.METRICS_TOKEN ?? null, port: env.METRICS_PORT ?? null }),
    trustProxy: env.TRUST_PROXY,
    sessionSecret: env.SESSION_SECRET,
    paymentProviders: paymentProviderFlags(env.PAYMENT_PROVIDERS),
    datasetVersionCheckMs: env.DATASET_VERSION_CHECK_MS,
    redisUrl: env.REDIS_URL ?? null,
    redisPrefix: env.REDIS_PREFIX,
    searchResultTtlSeconds: env.SEARCH_RESULT_TTL_SECONDS,
    searchMaxStreamsPerClient: env.SEARCH_MAX_STREAMS_PER_CLIENT,
    searchInitsPerMinute: env.SEARCH_INITS_PER_MINUTE,
    searchSlowSupplierMs: env.SEARCH_SLOW_SUPPLIER_MS ?? null,
    airlineApiKeys: Object.freeze([...(env.AIRLINE_API_KEYS ?? [])]),
    smtpUrl: env.SMTP_URL ?? null,
    mailFrom: env.MAIL_FROM ?? `Uniquair <no-reply@${new URL(publicUrl).hostname}>`,
    sessionMaxAgeMs: env.SESSION_MAX_AGE_HOURS * 3_600_000,
    sessionIdleMs: env.SESSION_IDLE_HOURS * 3_600_000,
    bookingCreatesPerMinute: env.BOOKING_CREATES_PER_MINUTE,
    bookingMaxUnpaidPerTraveller: env.BOOKING_UNPAID_PER_TRAVELLER,
    bookingMaxUnpaidPerClient: env.BOOKING_UNPAID_PER_CLIENT,
    bookingLookupMissesPer10Minutes: env.BOOKING_LOOKUP_MISSES,
    bookingHoldSweepMs: env.BOOKING_HOLD_SWEEP_SECONDS * 1000,
    invoiceSeller: Object.freeze({
      name: env.INVOICE_SELLER_NAME,
      address: env.INVOICE_SELLER_ADDRESS,
      vatNumber: env.INVOICE_SELLER_VAT_NUMBER,
    }),
    vapidKeys:
      env.VAPID_PUBLIC_KEY !== undefined && env.VAPID_PRIVATE_KEY !== undefined
        ? Object.freeze({ publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY })
        : null,
    vapidSubject: env.VAPID_SUBJECT ?? vapidSubjectOf(env.MAIL_FROM, publicUrl),
    pushExtraOrigins: Object.freeze([...new Set(env.PUSH_EXTRA_ORIGINS ?? [])]),
    outboxPollMs: env.OUTBOX_POLL_MS,
    shutdownGraceMs: env.SHUTDOWN_GRACE_SECONDS * 1000,
    paymentReconcileMs: env.PAYMENT_RECONCILE_SECONDS * 1000,
    testCrash:
      env.TEST_CRASH_AT === undefined
        ? null
        : { at: env.TEST_CRASH_AT, after: env.TEST_CRASH_AFTER },
    paymentGateway: paymentGatewayConfig(env),
    testPayments: env.NODE_ENV === 'production' && env.PAYMENT_SANDBOX_IN_PRODUCTION,
    thirdPartyOrigins: Object.freeze([
      ...new Set(
        [env.VITE_ANALYTICS_URL, env.VITE_LIVE_CHAT_URL]
          .filter((url): url is string => url !== undefined)
          .map((url) => new URL(url).origin),
      ),
    ]),
  });
}
