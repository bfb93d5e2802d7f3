import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import type { Database } from '../db/database.ts';
import type { DatabaseHandle } from '../db/dialect.ts';
import { OutageLog } from '../lib/outage-log.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The open database: its Kysely instance, its dialect and how to close it. */
    database: DatabaseHandle;
    /** Shorthand for `database.db`, the only way repositories reach SQL. */
    db: Kysely<Database>;
    /**
     * Requests that found the database unreachable (answered 503 by the error handler): the
     * outage is logged once, reminded once a minute, and its end once (the next answer below 500).
     */
    databaseOutage: OutageLog;
  }
}

/**
 * Makes an already open and migrated database available to every module. Whoever opened the
 * database closes it (the server on shutdown, a test after its run), so the app can be rebuilt
 * over the same database. Losing the database mid-run needs no restart: the pool reconnects.
 */
export const databasePlugin = fp(
  async (app: FastifyInstance, options: { database: DatabaseHandle }) => {
    app.decorate('database', options.database);
    app.decorate('db', options.database.db);
    const outage = new OutageLog({ name: 'database', log: app.log });
    app.decorate('databaseOutage', outage);
    app.addHook('onResponse', (_request, reply, done) => {
      if (outage.down && reply.statusCode < 500) outage.recovered('requests');
      done();
    });
  },
  { name: 'database' },
);
