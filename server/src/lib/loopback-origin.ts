import type { FastifyInstance } from 'fastify';

/**
 * `http://127.0.0.1:<port>` of this server once it listens, else null: how parts of this process
 * that speak HTTP to each other (the payment client and the in-process sandbox gateway, the
 * gateway's webhooks) reach it, exactly as they would reach another host.
 */
export function loopbackOrigin(app: FastifyInstance): string | null {
  if (!app.server.listening) return null;
  const address = app.server.address();
  if (address === null || typeof address === 'string') return null;
  const host =
    address.address === '0.0.0.0' || address.address === '::'
      ? '127.0.0.1'
      : address.family === 'IPv6'
        ? `[${address.address}]`
        : address.address;
  return `http://${host}:${address.port}`;
}
