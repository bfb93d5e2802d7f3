/**
 * Takes the web app manifest's screenshots (`web/public/screenshots/`) from the real app in
 * Chromium: the home page wide (1280 × 800, desktop) and narrow (412 × 915, phone). Run it
 * against a running server after a visible change to the home page, and commit the PNGs:
 *
 *   npm run build && npm start                    # or any running instance
 *   node web/scripts/capture-screenshots.mjs http://127.0.0.1:3000
 *
 * CHROMIUM_PATH overrides the browser (default /usr/bin/chromium).
 */
import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const base = process.argv[2] ?? 'http://127.0.0.1:3000';
const outDir = fileURLToPath(new URL('../public/screenshots/', import.meta.url));
await mkdir(outDir, { recursive: true });

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
});
try {
  const shots = [
    { file: 'home-wide.png', viewport: { width: 1280, height: 800 }, isMobile: false },
    { file: 'home-narrow.png', viewport: { width: 412, height: 915 }, isMobile: true },
  ];
  for (const shot of shots) {
    const context = await browser.newContext({
      viewport: shot.viewport,
      deviceScaleFactor: 1,
      isMobile: shot.isMobile,
      hasTouch: shot.isMobile,
      locale: 'en-US',
      serviceWorkers: 'block',
    });
    const page = await context.newPage();
    await page.goto(base, { waitUntil: 'networkidle' });
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.screenshot({ path: `${outDir}${shot.file}` });
    await context.close();
    console.log(`${outDir}${shot.file}`);
  }
} finally {
  await browser.close();
}
