import { BroadcastChannel } from 'node:worker_threads';

/**
 * The web tests run each file in a fresh VM context (the `vmThreads` pool, web/vite.config.ts)
 * whose globals are happy-dom's window. Node's own globals that the test tools need and happy-dom
 * lacks come from here: `BroadcastChannel`, which MSW's WebSocket support creates on import.
 * Imported first by the set-up, before MSW.
 */
if (!('BroadcastChannel' in globalThis)) {
  Object.defineProperty(globalThis, 'BroadcastChannel', {
    value: BroadcastChannel,
    configurable: true,
    writable: true,
  });
}
