import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { systemClock, type Clock } from '../lib/clock.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The current instant, for rules that depend on "today" (search dates, price calendars,
     * result expiry). Modules read the time here rather than from `new Date()`.
     */
    now: Clock;
  }
}

/** Decorates `app.now` with the given clock (the system clock by default). */
export const clockPlugin = fp(
  async (app: FastifyInstance, options: { clock?: Clock }) => {
    app.decorate('now', options.clock ?? systemClock);
  },
  { name: 'clock' },
);
