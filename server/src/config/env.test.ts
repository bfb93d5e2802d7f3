import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { itRejectsSettings } from '../../test/helpers/config.ts';
import { ConfigError, loadConfig } from './env.ts';
import {
  DEFAULT_DATA_DIR,
  DEFAULT_DATABASE_URL,
  DEFAULT_SUPPORT_ATTACHMENTS_DIR,
} from './paths.ts';
import { PRODUCTION_ENV } from '../../test/helpers/production-env.ts';

describe('loadConfig', () => {
  it('applies the documented defaults to an empty environment', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      env: 'development',
      host: '0.0.0.0',
      port: 3000,
      publicUrl: 'http://localhost:3000',
      secure: false,
      databaseUrl: DEFAULT_DATABASE_URL,
      seedOnStart: true,
      logLevel: 'info',
      trustProxy: false,
    });
    expect(config.databaseUrl).toMatch(/^sqlite:.*\/data\/uniquair\.sqlite$/);
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' }).port).toBe(3000);
  });

  it('derives the public URL from PORT and trims a trailing slash from PUBLIC_URL', () => {
    expect(loadConfig({ PORT: '4100' }).publicUrl).toBe('http://localhost:4100');
    const config = loadConfig({ PUBLIC_URL: 'https://fly.example.com/' });
    expect(config.publicUrl).toBe('https://fly.example.com');
    expect(config.secure).toBe(true);
  });

  it.each([
    ['PORT', 'eighty', /PORT: .*\(got "eighty"\)/],
    ['PORT', '70000', /PORT: /],
    ['PUBLIC_URL', 'ftp://example.com', /PUBLIC_URL: /],
    ['LOG_LEVEL', 'loud', /LOG_LEVEL: /],
    ['SEED_ON_START', 'maybe', /SEED_ON_START: /],
    ['NODE_ENV', 'staging', /NODE_ENV: /],
  ])('rejects %s=%s with a message naming the variable', (name, value, message) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(message);
  });

  it.each(['DATABASE_URL', 'GATEWAY_DATABASE_URL'])(
    'accepts for %s PostgreSQL, SQLite in an existing folder and the data/ folder',
    (name) => {
      for (const url of [
        'postgres://app:secret@db.example:5432/uniquair',
        'postgresql://db.example/uniquair',
        `sqlite:${tmpdir()}/uniquair.sqlite`,
        `sqlite:${DEFAULT_DATA_DIR}/other.sqlite`,
        ':memory:',
      ]) {
        expect(() => loadConfig({ [name]: url })).not.toThrow();
      }
    },
  );

  it('refuses a database URL of another kind, naming what is accepted, password hidden', () => {
    try {
      loadConfig({ DATABASE_URL: 'mysql://root:hunter2@db.example:3306/uniquair' });
      expect.unreachable('a mysql:// URL was accepted');
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const [issue] = (error as ConfigError).issues;
      expect(issue).toMatch(/^DATABASE_URL: expected postgres:\/\/.*sqlite:<path>/);
      expect(issue).toContain('mysql://root:***@db.example');
      expect(issue).not.toContain('hunter2');
    }
  });

  it('refuses a SQLite file whose folder does not exist (a typo must not start an empty airline)', () => {
    const missing = join(tmpdir(), `uniquair-missing-${process.pid}`, 'uniquair.sqlite');
    expect(() => loadConfig({ DATABASE_URL: `sqlite:${missing}` })).toThrow(
      /DATABASE_URL: the folder .*uniquair-missing-\d+ of this SQLite file does not exist/,
    );
    expect(() => loadConfig({ GATEWAY_DATABASE_URL: missing })).toThrow(/GATEWAY_DATABASE_URL: /);
  });

  it('lists every invalid variable at once', () => {
    try {
      loadConfig({ PORT: '-1', LOG_LEVEL: 'loud' });
      expect.unreachable('loadConfig accepted an invalid environment');
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      expect((error as ConfigError).issues).toHaveLength(2);
    }
  });

  it.each([
    ['false', false],
    ['0', false],
    ['no', false],
    ['true', true],
    ['1', true],
  ])('reads SEED_ON_START=%s as %s', (value, expected) => {
    expect(loadConfig({ SEED_ON_START: value }).seedOnStart).toBe(expected);
  });

  it('requires SESSION_SECRET in production, without echoing a rejected secret', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/SESSION_SECRET: is required/);
    expect(() => loadConfig({ NODE_ENV: 'production', SESSION_SECRET: 'short-secret' })).toThrow(
      /SESSION_SECRET: must be at least 32 characters/,
    );
    try {
      loadConfig({ SESSION_SECRET: 'short-secret' });
      expect.unreachable('a short SESSION_SECRET was accepted');
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      expect((error as Error).message).not.toContain('short-secret');
    }
    const secret = 'x'.repeat(40);
    expect(loadConfig({ ...PRODUCTION_ENV, SESSION_SECRET: secret }).sessionSecret).toBe(secret);
    expect(loadConfig({}).sessionSecret).toBeUndefined();
  });

  it('enables the default payment providers when PAYMENT_PROVIDERS is unset', () => {
    expect(loadConfig({}).paymentProviders).toEqual({
      CREDIT_CARD: true,
      PAYPAL: false,
      TRUSTLY: false,
      SILK_PAY: false,
      SILK_PAY_UNION_PAY: false,
      DIRECT_TO_AIRLINE: true,
      REVOLUT_CREDIT_CARD: true,
    });
  });

  it('enables exactly the listed payment providers, or none', () => {
    expect(loadConfig({ PAYMENT_PROVIDERS: ' paypal, CREDIT_CARD,' }).paymentProviders).toEqual({
      CREDIT_CARD: true,
      PAYPAL: true,
      TRUSTLY: false,
      SILK_PAY: false,
      SILK_PAY_UNION_PAY: false,
      DIRECT_TO_AIRLINE: false,
      REVOLUT_CREDIT_CARD: false,
    });
    const none = loadConfig({ PAYMENT_PROVIDERS: 'none' }).paymentProviders;
    expect(Object.values(none).every((enabled) => !enabled)).toBe(true);
  });

  it('rejects an unknown payment provider, naming it', () => {
    expect(() => loadConfig({ PAYMENT_PROVIDERS: 'CREDIT_CARD,BITCOIN' })).toThrow(
      /PAYMENT_PROVIDERS: unknown provider\(s\) BITCOIN/,
    );
  });

  it('reads DATASET_VERSION_CHECK_MS, 1000 by default', () => {
    expect(loadConfig({}).datasetVersionCheckMs).toBe(1000);
    expect(loadConfig({ DATASET_VERSION_CHECK_MS: '0' }).datasetVersionCheckMs).toBe(0);
    expect(() => loadConfig({ DATASET_VERSION_CHECK_MS: '-5' })).toThrow(
      /DATASET_VERSION_CHECK_MS: /,
    );
  });
  it('runs without Redis by default, and reads REDIS_URL and REDIS_PREFIX', () => {
    expect(loadConfig({})).toMatchObject({ redisUrl: null, redisPrefix: 'uniquair:' });
    const config = loadConfig({ REDIS_URL: 'redis://127.0.0.1:6379/2', REDIS_PREFIX: 'staging:' });
    expect(config).toMatchObject({ redisUrl: 'redis://127.0.0.1:6379/2', redisPrefix: 'staging:' });
    expect(loadConfig({ REDIS_URL: 'rediss://cache.example.com' }).redisUrl).toBe(
      'rediss://cache.example.com',
    );
    expect(() => loadConfig({ REDIS_URL: 'http://127.0.0.1:6379' })).toThrow(/REDIS_URL: /);
    expect(() => loadConfig({ REDIS_PREFIX: 'has spaces' })).toThrow(/REDIS_PREFIX: /);
  });

  it('reads the search settings: result lifetime 900 s, 20 streams and 60 searches a minute per client by default', () => {
    expect(loadConfig({})).toMatchObject({
      searchResultTtlSeconds: 900,
      searchMaxStreamsPerClient: 500,
      searchInitsPerMinute: 600,
    });
    expect(loadConfig({ SEARCH_INITS_PER_MINUTE: '0' }).searchInitsPerMinute).toBe(0);
    expect(
      loadConfig({ SEARCH_RESULT_TTL_SECONDS: '60', SEARCH_MAX_STREAMS_PER_CLIENT: '0' }),
    ).toMatchObject({ searchResultTtlSeconds: 60, searchMaxStreamsPerClient: 0 });
    for (const [name, value] of [
      ['SEARCH_RESULT_TTL_SECONDS', '0'],
      ['SEARCH_RESULT_TTL_SECONDS', 'soon'],
      ['SEARCH_MAX_STREAMS_PER_CLIENT', '-1'],
      ['SEARCH_INITS_PER_MINUTE', 'many'],
    ] as const) {
      expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(`${name}: `));
    }
  });

  it('slows searches with SEARCH_SLOW_SUPPLIER_MS only outside production', () => {
    expect(loadConfig({}).searchSlowSupplierMs).toBeNull();
    expect(
      loadConfig({ NODE_ENV: 'test', SEARCH_SLOW_SUPPLIER_MS: '5000' }).searchSlowSupplierMs,
    ).toBe(5000);
    expect(() => loadConfig({ SEARCH_SLOW_SUPPLIER_MS: '0' })).toThrow(/SEARCH_SLOW_SUPPLIER_MS: /);
    expect(() => loadConfig({ ...PRODUCTION_ENV, SEARCH_SLOW_SUPPLIER_MS: '5000' })).toThrow(
      /SEARCH_SLOW_SUPPLIER_MS: is for tests and development only/,
    );
  });

  it('reads AIRLINE_API_KEYS as a comma-separated list of long keys, none by default', () => {
    expect(loadConfig({}).airlineApiKeys).toEqual([]);
    const keys = loadConfig({
      AIRLINE_API_KEYS: ' partner-key-0000000001 ,partner-key-0000000002,',
    });
    expect(keys.airlineApiKeys).toEqual(['partner-key-0000000001', 'partner-key-0000000002']);
    expect(() => loadConfig({ AIRLINE_API_KEYS: 'short' })).toThrow(
      /AIRLINE_API_KEYS.*at least 16 characters/,
    );
  });
});

describe('third-party script origins', () => {
  it('are the origins of VITE_ANALYTICS_URL and VITE_LIVE_CHAT_URL, once each', () => {
    expect(loadConfig({}).thirdPartyOrigins).toEqual([]);
    expect(
      loadConfig({
        VITE_ANALYTICS_URL: 'https://stats.example/a.js',
        VITE_LIVE_CHAT_URL: 'https://stats.example/chat.js',
      }).thirdPartyOrigins,
    ).toEqual(['https://stats.example']);
  });

  it('refuse a script that is not served over HTTPS', () => {
    expect(() => loadConfig({ VITE_ANALYTICS_URL: 'http://stats.example/a.js' })).toThrow(
      /VITE_ANALYTICS_URL/,
    );
    expect(() => loadConfig({ VITE_LIVE_CHAT_URL: 'javascript:alert(1)' })).toThrow(
      /VITE_LIVE_CHAT_URL/,
    );
  });
});

describe('mail and session settings', () => {
  it('defaults to no SMTP server, a sender on the public host, 30-day sessions idle after a day', () => {
    const config = loadConfig({ PUBLIC_URL: 'https://fly.example.com' });
    expect(config.smtpUrl).toBeNull();
    expect(config.mailFrom).toBe('Uniquair <no-reply@fly.example.com>');
    expect(config.sessionMaxAgeMs).toBe(30 * 86_400_000);
    expect(config.sessionIdleMs).toBe(86_400_000);
  });

  it('reads SMTP_URL, MAIL_FROM and the session lifetimes', () => {
    const config = loadConfig({
      SMTP_URL: 'smtps://mailer:secret@smtp.example.com:465',
      MAIL_FROM: 'Fly <hello@example.com>',
      SESSION_MAX_AGE_HOURS: '12',
      SESSION_IDLE_HOURS: '2',
    });
    expect(config.smtpUrl).toBe('smtps://mailer:secret@smtp.example.com:465');
    expect(config.mailFrom).toBe('Fly <hello@example.com>');
    expect(config.sessionMaxAgeMs).toBe(12 * 3_600_000);
    expect(config.sessionIdleMs).toBe(2 * 3_600_000);
  });

  it('refuses a wrong SMTP_URL without echoing it (it may hold a password)', () => {
    try {
      loadConfig({ SMTP_URL: 'http://user:hunter2@mail.example.com' });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      expect((error as ConfigError).message).toMatch(/SMTP_URL: /);
      expect((error as ConfigError).message).not.toContain('hunter2');
    }
  });

  itRejectsSettings([
    ['MAIL_FROM', 'nobody'],
    ['SESSION_MAX_AGE_HOURS', '0'],
    ['SESSION_IDLE_HOURS', 'forever'],
  ]);
});

describe('booking settings', () => {
  it('defaults to 20 creates a minute, 2 unpaid holds per traveller, 10 per client, a 30 s sweep', () => {
    const config = loadConfig({});
    expect(config.bookingCreatesPerMinute).toBe(300);
    expect(config.bookingMaxUnpaidPerTraveller).toBe(2);
    expect(config.bookingMaxUnpaidPerClient).toBe(200);
    expect(config.bookingLookupMissesPer10Minutes).toBe(20);
    expect(config.bookingHoldSweepMs).toBe(30_000);
  });

  it('reads the BOOKING_ variables; 0 turns a limit off', () => {
    const config = loadConfig({
      BOOKING_CREATES_PER_MINUTE: '0',
      BOOKING_UNPAID_PER_TRAVELLER: '5',
      BOOKING_UNPAID_PER_CLIENT: '0',
      BOOKING_LOOKUP_MISSES: '100',
      BOOKING_HOLD_SWEEP_SECONDS: '5',
    });
    expect(config.bookingCreatesPerMinute).toBe(0);
    expect(config.bookingMaxUnpaidPerTraveller).toBe(5);
    expect(config.bookingMaxUnpaidPerClient).toBe(0);
    expect(config.bookingLookupMissesPer10Minutes).toBe(100);
    expect(config.bookingHoldSweepMs).toBe(5_000);
  });

  it('keeps support attachments under ./data by default, never inside the served web app', () => {
    expect(loadConfig({}).supportAttachmentsDir).toBe(DEFAULT_SUPPORT_ATTACHMENTS_DIR);
    expect(DEFAULT_SUPPORT_ATTACHMENTS_DIR.startsWith(DEFAULT_DATA_DIR)).toBe(true);
    const folder = join(tmpdir(), 'uniquair-attachments');
    expect(loadConfig({ SUPPORT_ATTACHMENTS_DIR: folder }).supportAttachmentsDir).toBe(folder);
    for (const inside of ['/srv/web', '/srv/web/uploads']) {
      expect(() =>
        loadConfig({ WEB_DIST_DIR: '/srv/web', SUPPORT_ATTACHMENTS_DIR: inside }),
      ).toThrow(/SUPPORT_ATTACHMENTS_DIR: must be outside WEB_DIST_DIR/);
    }
    expect(
      loadConfig({ WEB_DIST_DIR: '/srv/web', SUPPORT_ATTACHMENTS_DIR: '/srv/web-files' })
        .supportAttachmentsDir,
    ).toBe('/srv/web-files');
  });

  itRejectsSettings([
    ['BOOKING_CREATES_PER_MINUTE', '-1'],
    ['BOOKING_UNPAID_PER_TRAVELLER', 'many'],
    ['BOOKING_HOLD_SWEEP_SECONDS', '1.5'],
  ]);
});

describe('production start-up checks', () => {
  /** The variables named by the issues of loading this environment (none: it loads). */
  function refused(env: Record<string, string | undefined>): string[] {
    try {
      loadConfig(env);
      return [];
    } catch (error) {
      if (!(error instanceof ConfigError)) throw error;
      return error.issues.map((issue) => issue.split(':')[0] as string);
    }
  }

  it('takes a production environment with every setting chosen', () => {
    const config = loadConfig(PRODUCTION_ENV);
    expect(config.env).toBe('production');
    expect(config.secure).toBe(true);
    expect(config.testPayments).toBe(true);
  });

  it.each([
    ['PAYMENT_GATEWAY', { PAYMENT_GATEWAY: undefined }, /must be chosen explicitly in production/],
    [
      'PAYMENT_SANDBOX_IN_PRODUCTION',
      { PAYMENT_SANDBOX_IN_PRODUCTION: undefined },
      /no real money moves \(every page then shows a "test payments" banner\)/,
    ],
    [
      'PAYMENT_SANDBOX_IN_PRODUCTION',
      { PAYMENT_SANDBOX_IN_PRODUCTION: 'false' },
      /must be true to take payments through the sandbox gateway/,
    ],
    ['AIRLINE_API_KEYS', { AIRLINE_API_KEYS: undefined }, /open to anyone/],
    ['PUBLIC_URL', { PUBLIC_URL: undefined }, /is required in production/],
    ['PUBLIC_URL', { PUBLIC_URL: 'http://fly.example.com' }, /must be https in production/],
    ['SESSION_SECRET', { SESSION_SECRET: undefined }, /is required in production/],
    ['TEST_CRASH_AT', { TEST_CRASH_AT: 'before-charge' }, /for the chaos tests only/],
  ] as const)('refuses to start without a safe %s', (name, change, message) => {
    const env = { ...PRODUCTION_ENV, ...change };
    expect(refused(env)).toEqual([name]);
    expect(() => loadConfig(env)).toThrow(message);
  });

  it('names every unsafe default at once', () => {
    expect(refused({ NODE_ENV: 'production' }).sort()).toEqual([
      'AIRLINE_API_KEYS',
      'PAYMENT_GATEWAY',
      'PUBLIC_URL',
      'SESSION_SECRET',
    ]);
  });

  it('lets a production build run on a loopback address, where no traveller reaches it', () => {
    for (const url of ['http://127.0.0.1:3000', 'http://localhost:8080', 'http://[::1]:3000']) {
      expect(refused({ ...PRODUCTION_ENV, PUBLIC_URL: url })).toEqual([]);
    }
    expect(refused({ ...PRODUCTION_ENV, PUBLIC_URL: 'http://127.0.0.2.example.com' })).toEqual([
      'PUBLIC_URL',
    ]);
  });

  it('shows no test-payments banner outside production, where the sandbox is the default', () => {
    const development = loadConfig({});
    expect(development.paymentGateway.kind).toBe('sandbox');
    expect(development.testPayments).toBe(false);
    expect(loadConfig({ PAYMENT_SANDBOX_IN_PRODUCTION: 'true' }).testPayments).toBe(false);
  });
});

describe('FARES_REPRICE_HOURS', () => {
  it('re-prices hourly by default, never under test unless set, and never at 0', () => {
    expect(loadConfig({}).faresRepriceMs).toBe(3_600_000);
    expect(loadConfig({ NODE_ENV: 'test' }).faresRepriceMs).toBe(0);
    expect(loadConfig({ NODE_ENV: 'test', FARES_REPRICE_HOURS: '6' }).faresRepriceMs).toBe(
      21_600_000,
    );
    expect(loadConfig({ FARES_REPRICE_HOURS: '0' }).faresRepriceMs).toBe(0);
  });

  itRejectsSettings([
    ['FARES_REPRICE_HOURS', '-1'],
    ['FARES_REPRICE_HOURS', '169'],
    ['FARES_REPRICE_HOURS', '1.5'],
    ['FARES_REPRICE_HOURS', 'hourly'],
  ]);
});
