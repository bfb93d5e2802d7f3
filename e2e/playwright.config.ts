import { fileURLToPath } from 'node:url';
import { defineConfig, devices } from '@playwright/test';

const e2eDir = fileURLToPath(new URL('.', import.meta.url));
const repoRoot = fileURLToPath(new URL('..', import.meta.url));
/** E2E_PORT lets several runs share a machine; each gets its own database and web build. */
const port = Number(process.env.E2E_PORT ?? 3100);
const baseURL = `http://127.0.0.1:${port}`;
/** A fresh SQLite file per run: the server migrates and seeds it on start. */
const database = `${repoRoot}data/e2e-${port}.sqlite`;
/**
 * The web app built from the current sources: for this run, or the build CI made once for every
 * suite (`WEB_BUILD_DIR`).
 */
const prebuiltWeb = process.env.WEB_BUILD_DIR;
const webDist = prebuiltWeb ?? `${repoRoot}data/e2e-web-${port}`;
/** A demo database CI seeded once for every suite (`SEEDED_DB_TEMPLATE`): copied, not seeded again. */
const seededTemplate = process.env.SEEDED_DB_TEMPLATE;

/**
 * Black-box journeys in Debian's Chromium (no browser downloads) against the real server, which
 * serves the freshly built web app and the API on one port.
 */
export default defineConfig({
  testDir: './tests',
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  retries: process.env.CI ? 1 : 0,
  // The journeys mostly wait on the browser and the server: two at a time even on two cores.
  workers: Number(process.env.E2E_WORKERS ?? 2),
  reporter: 'list',
  use: {
    baseURL,
    locale: 'en-US',
    trace: 'retain-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: {
          executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
          args: [
            '--no-sandbox',
            '--disable-gpu',
            '--disable-dev-shm-usage',
            '--disable-background-networking',
            '--disable-component-update',
            '--disable-sync',
            '--no-first-run',
          ],
        },
      },
    },
  ],
  webServer: {
    // Remove the previous run's database (or start from CI's seeded copy), rebuild the web app so
    // it matches the sources unless CI built it once already, then start the server the way
    // `npm start` does (migrate, seed an empty database, serve).
    command: [
      `rm -f "${database}" "${database}-wal" "${database}-shm"`,
      ...(seededTemplate ? [`cp "${seededTemplate}" "${database}"`] : []),
      ...(prebuiltWeb
        ? []
        : [
            `npm run build --workspace @uniquair/web -- --logLevel warn --outDir "${webDist}" --emptyOutDir`,
          ]),
      'exec node ../scripts/start.mjs',
    ].join(' && '),
    cwd: e2eDir,
    env: {
      HOST: '127.0.0.1',
      PORT: String(port),
      DATABASE_URL: `sqlite:${database}`,
      WEB_DIST_DIR: webDist,
      // Links and payment returns come back to the origin the browser uses (its storage lives there).
      PUBLIC_URL: baseURL,
      LOG_LEVEL: 'warn',
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
