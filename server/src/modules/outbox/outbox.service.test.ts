import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testClock } from '../../../test/helpers/clock.ts';
import { createTestDatabase, type TestDatabase } from '../../../test/helpers/database.ts';
import { outboxEntriesOfTopic } from './outbox.repository.ts';
import { enqueue, OutboxDispatcher } from './outbox.service.ts';

const log = pino({ level: 'silent' });

describe('the outbox', () => {
  let database: TestDatabase;
  const clock = testClock();

  beforeAll(async () => {
    database = await createTestDatabase();
  });

  afterAll(async () => {
    await database.dispose();
  });

  const dispatcher = (leaseMs?: number) =>
    new OutboxDispatcher(database.db, {
      log,
      now: clock.now,
      pollIntervalMs: 0,
      ...(leaseMs === undefined ? {} : { leaseMs }),
    });

  it('runs each entry exactly once with two dispatchers working concurrently', async () => {
    const topic = 'test.concurrent';
    const runs = new Map<number, number>();
    const handler = async (payload: unknown) => {
      const { n } = payload as { n: number };
      runs.set(n, (runs.get(n) ?? 0) + 1);
      await new Promise((resolve) => setTimeout(resolve, 1));
    };
    const first = dispatcher();
    const second = dispatcher();
    first.register(topic, handler);
    second.register(topic, handler);
    for (let n = 0; n < 60; n += 1) await enqueue(database.db, topic, { n }, clock.now());

    await Promise.all([first.drain(), second.drain(), first.drain(), second.drain()]);

    expect(runs.size).toBe(60);
    expect([...runs.values()].every((count) => count === 1)).toBe(true);
    const rows = await outboxEntriesOfTopic(database.db, topic);
    expect(rows.every((row) => row.processed_at !== null && row.locked_until === null)).toBe(true);
  });

  it('commits a transactional handler’s writes together with the entry, once', async () => {
    const topic = 'test.transactional';
    const first = dispatcher();
    const second = dispatcher();
    const handler = async (payload: unknown, context: { db: typeof database.db }) => {
      // The handler's own write goes into the same transaction as the entry's completion.
      await enqueue(context.db, 'test.follow-up', payload, clock.now());
    };
    first.register(topic, handler, { transactional: true });
    second.register(topic, handler, { transactional: true });
    for (let n = 0; n < 20; n += 1) await enqueue(database.db, topic, { n }, clock.now());

    await Promise.all([first.drain(), second.drain()]);

    const followUps = await outboxEntriesOfTopic(database.db, 'test.follow-up');
    expect(followUps).toHaveLength(20);
    expect(new Set(followUps.map((row) => row.payload)).size).toBe(20);
  });

  it('retries a failing entry with back-off and records the error', async () => {
    const topic = 'test.failing';
    let calls = 0;
    const outbox = dispatcher();
    outbox.register(topic, async () => {
      calls += 1;
      if (calls < 3) throw new Error(`supplier down (${calls})`);
    });
    await enqueue(database.db, topic, {}, clock.now());

    expect(await outbox.drain()).toBe(1);
    let [row] = await outboxEntriesOfTopic(database.db, topic);
    expect(row?.processed_at).toBeNull();
    expect(row?.last_error).toBe('supplier down (1)');
    expect(row?.attempts).toBe(1);
    // Not due yet: nothing runs until the back-off has passed.
    expect(await outbox.drain()).toBe(0);

    clock.advance(5_000);
    await outbox.drain();
    [row] = await outboxEntriesOfTopic(database.db, topic);
    expect(row?.last_error).toBe('supplier down (2)');
    expect(Date.parse(row?.available_at ?? '')).toBe(clock.now().getTime() + 10_000);

    clock.advance(10_000);
    await outbox.drain();
    [row] = await outboxEntriesOfTopic(database.db, topic);
    expect(row?.processed_at).not.toBeNull();
    expect(row?.attempts).toBe(3);
    expect(calls).toBe(3);
  });

  it('leaves entries without a handler pending', async () => {
    const outbox = dispatcher();
    await enqueue(database.db, 'test.unhandled', { pnr: 'ABC1234' }, clock.now());
    expect(await outbox.drain()).toBe(0);
    const [row] = await outboxEntriesOfTopic(database.db, 'test.unhandled');
    expect(row?.processed_at).toBeNull();
    expect(row?.attempts).toBe(0);

    outbox.register('test.unhandled', async () => {});
    expect(await outbox.drain()).toBe(1);
  });

  it('takes over an entry whose worker stopped once its lease has run out', async () => {
    const topic = 'test.lease';
    let calls = 0;
    const stuck = dispatcher(30_000);
    // The first worker claims the entry and never finishes (a stopped process).
    stuck.register(topic, () => new Promise<void>(() => {}));
    await enqueue(database.db, topic, {}, clock.now());
    void stuck.drain();
    // However slow the database, the other worker starts once the first one holds the entry.
    while ((await outboxEntriesOfTopic(database.db, topic))[0]?.locked_until == null) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }

    const other = dispatcher();
    other.register(topic, async () => {
      calls += 1;
    });
    expect(await other.drain()).toBe(0);
    clock.advance(30_000);
    expect(await other.drain()).toBe(1);
    expect(calls).toBe(1);
  });
});
