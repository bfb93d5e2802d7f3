import type { Kysely } from 'kysely';
import type { Database } from './database.ts';

/** What a module's repository starts from: the database its queries run on. */
export abstract class Repository {
  protected readonly db: Kysely<Database>;

  constructor(db: Kysely<Database>) {
    this.db = db;
  }
}
