/// <reference types="vitest/config" />
import react from '@vitejs/plugin-react';
import { defineConfig, type ProxyOptions } from 'vite';

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

export default defineConfig({
  plugins: [react()],
  server: { proxy },
  preview: { proxy },
  test: {
    name: 'web',
    environment: 'happy-dom',
    root: import.meta.dirname,
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/testing/setup-tests.ts'],
  },
});
