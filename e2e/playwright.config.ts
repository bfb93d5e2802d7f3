import { fileURLToPath } from 'node:url';
import { defineConfig, devices } from '@playwright/test';
import {
  E2E_DATABASE,
  E2E_PORT,
  PUSH_CERT_DIR,
  PUSH_RECEIVER_PORT,
  SEEDED_DB_TEMPLATE,
  WEB_DIST,
  WEB_PREBUILT,
} from './fixtures/run-paths.ts';

const e2eDir = fileURLToPath(new URL('.', import.meta.url));
const baseURL = `http://127.0.0.1:${E2E_PORT}`;
/** A fresh SQLite file per run: a copy of CI's seeded one, or empty and seeded by the server. */
const database = E2E_DATABASE;
/** This run's support attachments, emptied at the start like the database. */
const attachments = `${E2E_DATABASE.replace(/\.sqlite$/, '')}-attachments`;

/**
 * Debian's Chromium, headless, without the features that reach the network, and compositing in
 * software in the browser itself: there is no GPU, and a GPU process emulating one only adds work
 * (ten journeys of four spec files took 84 s with it off, 95 s on).
 */
const chromium = {
  ...devices['Desktop Chrome'],
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-gpu-compositing',
      '--disable-dev-shm-usage',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  },
};

/** The tag of journeys that change the web build the server serves. */
const DEPLOYMENT = /@deployment/;

/**
 * Black-box journeys in Debian's Chromium (no browser downloads) against the real server, which
 * serves the freshly built web app and the API on one port.
 */
export default defineConfig({
  testDir: './tests',
  fullyParallel: true,
  // CI runs on a shared host that can be several times slower than a developer's machine (the
  // same journey has taken 4 s here and 20 s there): a journey gets 90 s and an expectation 15 s
  // before they fail. A wrong page still fails, only later; nothing asserted changes.
  timeout: 90_000,
  expect: { timeout: 15_000 },
  forbidOnly: Boolean(process.env.CI),
  retries: process.env.CI ? 1 : 0,
  // The journeys mostly wait on the browser and the server: two at a time even on two cores.
  workers: Number(process.env.E2E_WORKERS ?? 2),
  reporter: 'list',
  use: {
    baseURL,
    locale: 'en-US',
    // A trace records every action's screenshot and page snapshot, which costs the browser about
    // a third of the suite's time. CI, which retries a failed journey once, traces that retry;
    // elsewhere a failed journey keeps the trace of its one run.
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
  },
  projects: [
    { name: 'chromium', use: chromium, grepInvert: DEPLOYMENT },
    // Journeys that change the served build (a new deployment, a missing worker file) run alone,
    // one after the other, once every other journey is done: no other page sees the change.
    {
      name: 'deployments',
      use: chromium,
      grep: DEPLOYMENT,
      dependencies: ['chromium'],
      fullyParallel: false,
      workers: 1,
    },
  ],
  webServer: {
    // Remove the previous run's database (or start from CI's seeded copy), rebuild the web app so
    // it matches the sources unless CI built it once already, then start the server the way
    // `npm start` does (migrate, seed an empty database, serve).
    command: [
      `rm -rf "${database}" "${database}-wal" "${database}-shm" "${attachments}"`,
      ...(SEEDED_DB_TEMPLATE ? [`cp "${SEEDED_DB_TEMPLATE}" "${database}"`] : []),
      // The local push service's certificate, which the server trusts (price-watch journey).
      `mkdir -p "${PUSH_CERT_DIR}"`,
      `openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes -days 2 -subj /CN=127.0.0.1 -addext subjectAltName=IP:127.0.0.1 -keyout "${PUSH_CERT_DIR}key.pem" -out "${PUSH_CERT_DIR}cert.pem" 2>/dev/null`,
      ...(WEB_PREBUILT
        ? []
        : [
            `npm run build --workspace @uniquair/web -- --logLevel warn --outDir "${WEB_DIST}" --emptyOutDir`,
          ]),
      'exec node ../scripts/start.mjs',
    ].join(' && '),
    cwd: e2eDir,
    env: {
      HOST: '127.0.0.1',
      PORT: String(E2E_PORT),
      DATABASE_URL: `sqlite:${database}`,
      SUPPORT_ATTACHMENTS_DIR: attachments,
      WEB_DIST_DIR: WEB_DIST,
      // Links and payment returns come back to the origin the browser uses (its storage lives there).
      PUBLIC_URL: baseURL,
      LOG_LEVEL: 'warn',
      // Pushes may go to the journey's local push service, whose certificate the server trusts.
      PUSH_EXTRA_ORIGINS: `https://127.0.0.1:${PUSH_RECEIVER_PORT}`,
      NODE_EXTRA_CA_CERTS: `${PUSH_CERT_DIR}cert.pem`,
      // Every journey books from 127.0.0.1, often several in one browser: the hoarding caps and
      // the create rate limit are tested by the server suite, not here.
      BOOKING_CREATES_PER_MINUTE: '0',
      BOOKING_UNPAID_PER_TRAVELLER: '0',
      BOOKING_UNPAID_PER_CLIENT: '0',
      // Every way to pay is on offer, so each journey can use the sandbox gateway's methods.
      PAYMENT_PROVIDERS:
        'CREDIT_CARD,REVOLUT_CREDIT_CARD,PAYPAL,TRUSTLY,SILK_PAY,SILK_PAY_UNION_PAY,DIRECT_TO_AIRLINE',
    },
    url: `${baseURL}/api/health`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    stderr: 'pipe',
  },
});
