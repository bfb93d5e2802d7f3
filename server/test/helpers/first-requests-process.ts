/**
 * A process's first requests, run as a process of their own (`transaction-guard.test.ts`): it
 * opens DATABASE_URL (a database with a `notes (text)` table) and for DURATION_MS reads and
 * writes in transactions at once, as requests of a server just started do, then prints one JSON
 * line: the reads and transactions served and the queries the transaction guard refused.
 */
import { sql, type Kysely } from 'kysely';
import { openDatabase } from '../../src/db/dialect.ts';
import { transactionGuardEvents } from '../../src/db/transaction-guard.ts';

const handle = openDatabase(process.env.DATABASE_URL ?? '');
const db = handle.db as unknown as Kysely<{ notes: { text: string } }>;
const until = Date.now() + Number(process.env.DURATION_MS ?? 1000);
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const served = { reads: 0, transactions: 0, refused: 0, failed: 0 };
transactionGuardEvents.on('queryOutsideTransaction', () => (served.refused += 1));

async function reads(): Promise<void> {
  while (Date.now() < until) {
    try {
      await sql`select 1`.execute(db);
      served.reads += 1;
    } catch {
      served.failed += 1;
    }
    await pause(Math.random() * 3);
  }
}

async function writes(writer: number): Promise<void> {
  for (let i = 0; Date.now() < until; i += 1) {
    try {
      await db.transaction().execute(async (trx) => {
        await trx
          .insertInto('notes')
          .values({ text: `${writer}.${i}` })
          .execute();
        await pause(1);
      });
      served.transactions += 1;
    } catch {
      served.failed += 1;
      await pause(1);
    }
  }
}

await Promise.all([reads(), reads(), reads(), writes(1), writes(2), writes(3)]);
await handle.close();
console.log(JSON.stringify(served));
