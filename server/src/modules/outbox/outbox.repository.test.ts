import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestDatabase,
  dialectUnderTest,
  type TestDatabase,
} from '../../../test/helpers/database.ts';
import { claimNextOutboxEntry, insertOutboxEntry } from './outbox.repository.ts';

describe(`claiming outbox entries (${dialectUnderTest()})`, () => {
  let database: TestDatabase;
  const now = '2026-11-27T10:00:00.000Z';
  const lease = '2026-11-27T10:05:00.000Z';

  beforeAll(async () => {
    database = await createTestDatabase();
  });

  afterAll(async () => {
    await database.dispose();
  });

  it('takes the oldest due entry once, then the next, then none', async () => {
    const topic = 'test.claim-order';
    const first = await insertOutboxEntry(database.db, { topic, payload: '{}', now });
    const second = await insertOutboxEntry(database.db, { topic, payload: '{}', now });
    const claims = [
      await claimNextOutboxEntry(database.db, [topic], now, lease),
      await claimNextOutboxEntry(database.db, [topic], now, lease),
      await claimNextOutboxEntry(database.db, [topic], now, lease),
    ];
    expect(claims.map((claim) => (claim ? Number(claim.id) : null))).toEqual([first, second, null]);
    expect(claims[0]?.attempts).toBe(1);
    expect(claims[0]?.locked_until).toBe(lease);
  });

  // Row locks exist on PostgreSQL only (SQLite has one writer at a time): `npm run test:pg`.
  describe.runIf(dialectUnderTest() === 'postgres')('beside a worker of another process', () => {
    it('passes over an entry another worker holds locked instead of waiting for it', async () => {
      const topic = 'test.claim-skip';
      const held = await insertOutboxEntry(database.db, { topic, payload: '{}', now });
      const free = await insertOutboxEntry(database.db, { topic, payload: '{}', now });
      let release: () => void = () => undefined;
      const released = new Promise<void>((resolve) => (release = resolve));
      let locked: () => void = () => undefined;
      const isLocked = new Promise<void>((resolve) => (locked = resolve));
      // Another process's worker, in the middle of claiming the oldest entry.
      const other = database.db.transaction().execute(async (trx) => {
        await sql`select id from outbox where id = ${held} for update`.execute(trx);
        locked();
        await released;
      });
      await isLocked;
      try {
        const claimed = await claimNextOutboxEntry(database.db, [topic], now, lease);
        expect(Number(claimed?.id)).toBe(free);
      } finally {
        release();
        await other;
      }
    });
  });
});
