/**
 * Generates every icon of the web app manifest from one source image, `web/public/favicon.svg`:
 * the square icons (any purpose), the maskable icons (the artwork inside the 80 % safe zone on a
 * full-bleed brand background) and the Apple touch icon. Run after changing the logo:
 *
 *   node web/scripts/generate-icons.mjs
 *
 * The PNGs it writes under `web/public/icons/` are committed; the manifest in vite.config.ts
 * lists them through `web/src/lib/pwa/manifest-icons.ts`.
 */
import { mkdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const publicDir = fileURLToPath(new URL('../public/', import.meta.url));
const source = await readFile(`${publicDir}favicon.svg`);
const outDir = `${publicDir}icons/`;
await mkdir(outDir, { recursive: true });

/** Brand colour behind maskable icons (the logo's own background). */
const BACKGROUND = '#2f2a8f';
const ANY_SIZES = [48, 72, 96, 128, 144, 152, 192, 256, 384, 512];
const MASKABLE_SIZES = [192, 512];
/** Maskable icons keep their artwork inside this share of the square (W3C: a 40 % radius circle). */
const SAFE_ZONE = 0.8;

function render(size) {
  return sharp(source, { density: Math.ceil((72 * size) / 64) * 2 })
    .resize(size, size)
    .png();
}

for (const size of ANY_SIZES) {
  await render(size).toFile(`${outDir}icon-${size}.png`);
}

for (const size of MASKABLE_SIZES) {
  const inner = Math.round(size * SAFE_ZONE);
  const artwork = await render(inner).toBuffer();
  await sharp({ create: { width: size, height: size, channels: 4, background: BACKGROUND } })
    .composite([{ input: artwork, gravity: 'center' }])
    .png()
    .toFile(`${outDir}maskable-${size}.png`);
}

// iOS ignores the manifest icons and takes this one, without transparency.
const touch = await render(160).toBuffer();
await sharp({ create: { width: 180, height: 180, channels: 4, background: BACKGROUND } })
  .composite([{ input: touch, gravity: 'center' }])
  .flatten({ background: BACKGROUND })
  .png()
  .toFile(`${outDir}apple-touch-icon.png`);

console.log(`icons written to ${outDir}`);
