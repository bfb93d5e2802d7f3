import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import type { Database } from '../db/database.ts';
import type { DatabaseHandle } from '../db/dialect.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The open database: its Kysely instance, its dialect and how to close it. */
    database: DatabaseHandle;
    /** Shorthand for `database.db`, the only way repositories reach SQL. */
    db: Kysely<Database>;
  }
}

/**
 * Makes an already open and migrated database available to every module. Whoever opened the
 * database closes it (the server on shutdown, a test after its run), so the app can be rebuilt
 * over the same database.
 */
export const databasePlugin = fp(
  async (app: FastifyInstance, options: { database: DatabaseHandle }) => {
    app.decorate('database', options.database);
    app.decorate('db', options.database.db);
  },
  { name: 'database' },
);
