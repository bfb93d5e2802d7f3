/// <reference types="vitest/config" />
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type ProxyOptions } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { WEB_MANIFEST } from './src/lib/pwa/web-manifest.ts';

/** Where `npm run dev --workspace server` listens. */
const apiOrigin = 'http://127.0.0.1:3000';

/**
 * API, server-sent events and WebSocket paths go to the server. Keys starting with `^` are
 * patterns, so `/sp/` does not swallow `/spp/` or a content page such as `/special-offers`.
 */
const proxy: Record<string, ProxyOptions> = {
  '^/api(/|$)': { target: apiOrigin },
  '^/spp/': { target: apiOrigin },
  '^/sp/': { target: apiOrigin, ws: true },
};

/**
 * Marks index.html with the build it belongs to (`<meta name="uniquair-build">`), so a new
 * deployment changes the shell the service worker precaches even when no code changed.
 */
function buildIdPlugin(buildId: string): Plugin {
  return {
    name: 'uniquair-build-id',
    transformIndexHtml: () => [
      { tag: 'meta', attrs: { name: 'uniquair-build', content: buildId }, injectTo: 'head' },
    ],
  };
}

export default defineConfig({
  plugins: [
    react(),
    buildIdPlugin(process.env.VITE_BUILD_ID ?? new Date().toISOString()),
    // The service worker (src/sw.ts through src/service-worker.ts → /service-worker.js) and the
    // manifest; the app registers the worker itself (lib/pwa/service-worker.ts).
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src',
      filename: 'service-worker.ts',
      injectRegister: false,
      registerType: 'prompt',
      manifest: WEB_MANIFEST as unknown as Record<string, unknown>,
      includeManifestIcons: false,
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,svg,webmanifest}', 'icons/icon-192.png'],
        globIgnores: ['service-worker.js', 'screenshots/**'],
      },
    }),
  ],
  server: { proxy },
  preview: { proxy },
  test: {
    name: 'web',
    environment: 'happy-dom',
    root: import.meta.dirname,
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/testing/setup-tests.ts'],
    // Screens render and settle in well under a second; the margin is for a busy machine, so a
    // slow run fails on what it asserts rather than on the clock.
    testTimeout: 20_000,
  },
});
