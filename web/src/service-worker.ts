/**
 * Entry of the service worker build: vite-plugin-pwa names the output after this file, so the
 * worker is served at `/service-worker.js` (SPEC §7). The worker itself is `sw.ts`.
 */
import './sw.ts';
