import websocket from '@fastify/websocket';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Clients only listen on our sockets; anything they send is tiny or ignored. */
const MAX_CLIENT_MESSAGE_BYTES = 1024;

/** RFC 6455 §7.4.1: the endpoint is going away (the server is shutting down). */
const GOING_AWAY = 1001;

/**
 * WebSocket support for the routes declared with `{ websocket: true }` beside it. Register it in
 * the (encapsulated) plugin that declares the socket routes, not at the root: @fastify/websocket
 * adds an onRequest and an onResponse hook to every route of the context it is registered in, and
 * the hot JSON reads should not pay for them. When the app closes, every socket is closed with
 * 1001 "going away", so clients know to reconnect elsewhere.
 */
export const websocketPlugin = fp(
  async (app: FastifyInstance) => {
    await app.register(websocket, {
      options: { maxPayload: MAX_CLIENT_MESSAGE_BYTES, perMessageDeflate: false },
      preClose(this: FastifyInstance, done: () => void) {
        for (const client of this.websocketServer.clients) {
          client.close(GOING_AWAY, 'server closing');
        }
        this.websocketServer.close();
        done();
      },
    });
  },
  { name: 'websocket' },
);
