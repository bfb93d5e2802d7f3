import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { sql, type Kysely } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  createTestDatabase,
  dialectUnderTest,
  type TestDatabase,
} from '../../test/helpers/database.ts';
import { takeQueriesOutsideTransaction } from '../../test/helpers/transaction-guard.ts';
import { outsideTransaction, QueryOutsideTransactionError } from './transaction-guard.ts';

type Notes = Kysely<{ notes: { text: string } }>;

const FIRST_REQUESTS = fileURLToPath(
  new URL('../../test/helpers/first-requests-process.ts', import.meta.url),
);

/** An empty database of the dialect under test with one table. */
async function notesDatabase(): Promise<{ database: TestDatabase; db: Notes }> {
  const database = await createTestDatabase({ seeded: false });
  const db = database.db as unknown as Notes;
  await sql`create table notes (text text not null)`.execute(db);
  return { database, db };
}

/** SQLite makes a query from elsewhere wait for the transaction; PostgreSQL answers it at once. */
const waitsForCommit = dialectUnderTest() === 'sqlite';

describe(`a query inside a transaction that does not go through it (${dialectUnderTest()})`, () => {
  let database: TestDatabase;
  let db: Notes;

  beforeEach(async () => {
    ({ database, db } = await notesDatabase());
  });
  afterEach(() => database.dispose());

  const texts = async (from: typeof db = db) =>
    (await from.selectFrom('notes').select('text').orderBy('text').execute()).map((r) => r.text);

  it('fails at once, rolls the transaction back, and leaves the database answering', async () => {
    const attempt = db.transaction().execute(async (trx) => {
      await trx.insertInto('notes').values({ text: 'inside' }).execute();
      // Without the guard this waits forever for the connection `trx` holds.
      await db.selectFrom('notes').selectAll().execute();
    });

    await expect(attempt).rejects.toBeInstanceOf(QueryOutsideTransactionError);
    await expect(attempt).rejects.toThrow(/through the transaction \(trx\)/);
    expect(await texts()).toEqual([]);
    // Told to the suite too, which fails a test that leaves one (this one takes it).
    expect(takeQueriesOutsideTransaction()).toHaveLength(1);
  });

  it('is told to the suite even when the code that queried caught the error', async () => {
    const cached = ['served from a cache'];
    const readOrCached = () => texts().catch(() => cached);
    const read = await db.transaction().execute(async (trx) => {
      await trx.insertInto('notes').values({ text: 'inside' }).execute();
      return readOrCached();
    });

    expect(read).toBe(cached);
    const [told, ...more] = takeQueriesOutsideTransaction();
    expect(told).toBeInstanceOf(QueryOutsideTransactionError);
    expect(more).toEqual([]);
  });

  it('catches a second transaction begun inside the first, however deep in what it awaits', async () => {
    const nested = async () => {
      await Promise.resolve();
      await db
        .transaction()
        .execute((inner) => inner.insertInto('notes').values({ text: 'x' }).execute());
    };
    const attempt = db.transaction().execute(async (trx) => {
      await trx.insertInto('notes').values({ text: 'outer' }).execute();
      await new Promise((resolve) => setTimeout(resolve, 1));
      await nested();
    });

    await expect(attempt).rejects.toBeInstanceOf(QueryOutsideTransactionError);
    expect(await texts()).toEqual([]);
    expect(takeQueriesOutsideTransaction()).toHaveLength(1);
  });

  it('lets a query from elsewhere run: after the transaction on SQLite, beside it on PostgreSQL', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const transaction = db.transaction().execute(async (trx) => {
      await trx.insertInto('notes').values({ text: 'committed' }).execute();
      await held;
    });
    await new Promise((resolve) => setTimeout(resolve, 1));

    // Another caller, as another request would be: not refused; on SQLite it waits, then reads
    // the committed row.
    const reader = texts();
    release();
    await transaction;
    expect(await reader).toEqual(waitsForCommit ? ['committed'] : expect.any(Array));
    expect(await texts()).toEqual(['committed']);
  });

  it('lets the code that ran a transaction query freely once it has committed or rolled back', async () => {
    await db
      .transaction()
      .execute((trx) => trx.insertInto('notes').values({ text: 'a' }).execute());
    expect(await texts()).toEqual(['a']);

    await expect(
      db.transaction().execute(async (trx) => {
        await trx.insertInto('notes').values({ text: 'b' }).execute();
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect(await texts()).toEqual(['a']);

    // A task started inside a transaction that runs after it ended waits for nothing.
    let later: Promise<string[]> | undefined;
    await db.transaction().execute(async (trx) => {
      await trx.insertInto('notes').values({ text: 'c' }).execute();
      later = new Promise((resolve) => setTimeout(resolve, 5)).then(() => texts());
    });
    expect(await later).toEqual(['a', 'c']);
  });

  it('runs work a transaction queues for after itself once it ends, when queued as such', async () => {
    let queued: Promise<string[]> | undefined;
    let unmarked: Promise<string[]> | undefined;
    await db.transaction().execute(async (trx) => {
      await trx.insertInto('notes').values({ text: 'booked' }).execute();
      // Both start before the commit: the first says it is meant for after the transaction.
      queued = outsideTransaction(() => Promise.resolve().then(() => texts()));
      unmarked = Promise.resolve().then(() => texts());
      await unmarked.catch(() => undefined);
      await trx.insertInto('notes').values({ text: 'paid' }).execute();
    });

    // Not refused; on SQLite it waited for the commit.
    expect(await queued).toEqual(waitsForCommit ? ['booked', 'paid'] : expect.any(Array));
    await expect(unmarked).rejects.toBeInstanceOf(QueryOutsideTransactionError);
    expect(takeQueriesOutsideTransaction()).toHaveLength(1);
  });

  it('holds no other caller while transactions run beside them, from the first connections of a process on', () => {
    // A process just started (no connection made yet) reading and writing in transactions at
    // once for a second, as a server's first requests do: every read and transaction is served.
    const run = spawnSync(process.execPath, ['--import', 'tsx', FIRST_REQUESTS], {
      env: { ...process.env, DATABASE_URL: database.url, DURATION_MS: '1000' },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(run.status, run.stderr).toBe(0);
    const served = JSON.parse(run.stdout) as Record<string, number>;
    expect({ refused: served.refused, failed: served.failed }).toEqual({ refused: 0, failed: 0 });
    expect(served.reads).toBeGreaterThan(0);
    expect(served.transactions).toBeGreaterThan(0);
  });

  it('refuses a controlled transaction, whose statements it could not tell apart', () => {
    expect(() => db.startTransaction()).toThrow(/not guarded: use db.transaction\(\).execute\(\)/);
  });

  it('tells one database from another: a query to a second database is not refused', async () => {
    const { database: other, db: otherDb } = await notesDatabase();
    try {
      await db.transaction().execute(async (trx) => {
        await trx.insertInto('notes').values({ text: 'here' }).execute();
        await otherDb.insertInto('notes').values({ text: 'there' }).execute();
      });
      expect(await texts()).toEqual(['here']);
      expect(await texts(otherDb)).toEqual(['there']);
    } finally {
      await other.dispose();
    }
  });
});
