import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** How often a closing server closes the connections that have become idle since. */
const SWEEP_MS = 100;

/**
 * Kept-alive connections never hold a closing server. Fastify closes the idle ones when it starts
 * closing, but a connection whose request was still running then stays open once answered, for
 * the keep-alive time (72 s), and the server's close waits for it: a rolling deploy would wait
 * the whole shutdown grace. So from the start of closing (preClose) until the server is closed,
 * connections that have become idle are closed too.
 */
export const closingConnectionsPlugin = fp(
  async (app: FastifyInstance) => {
    let sweeper: NodeJS.Timeout | null = null;
    app.addHook('preClose', async () => {
      sweeper = setInterval(() => app.server.closeIdleConnections(), SWEEP_MS);
      sweeper.unref();
    });
    app.addHook('onClose', async () => {
      if (sweeper !== null) clearInterval(sweeper);
      sweeper = null;
    });
  },
  { name: 'closing-connections' },
);
