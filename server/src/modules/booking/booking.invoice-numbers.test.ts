import { beforeAll, describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../../test/helpers/build.ts';
import { dialectUnderTest } from '../../../test/helpers/database.ts';
import { migrateToLatest } from '../../db/migrate.ts';
import { formatInvoiceNumber, nextInvoiceNumber } from './booking.invoice-repository.ts';
import { allocate } from './booking.invoices.ts';

describe('allocate: line amounts in the charge currency', () => {
  it('keeps the amounts when nothing is converted', () => {
    expect(allocate(26_450, [12_000, 11_000, 3_450])).toEqual([12_000, 11_000, 3_450]);
  });

  it('splits a converted total in proportion, the parts adding up to it exactly', () => {
    // 3 equal fares of 100.00 USD charged as 277.78 EUR: one cent goes to the first line.
    expect(allocate(27_778, [10_000, 10_000, 10_000])).toEqual([9_260, 9_259, 9_259]);
    const parts = allocate(99_999, [3_333, 0, 1_234, 8_765, 1]);
    expect(parts.reduce((sum, part) => sum + part, 0)).toBe(99_999);
    expect(parts[1]).toBe(0);
  });

  it('gives everything to the first line when every weight is 0', () => {
    expect(allocate(500, [0, 0])).toEqual([500, 0]);
  });
});

describe(`invoice numbers (${dialectUnderTest()})`, () => {
  const database = useTestDatabase({ seeded: false });

  beforeAll(async () => {
    await migrateToLatest(database.db);
  });

  it('are written UQ-<year>-<six digits>', () => {
    expect(formatInvoiceNumber('UQ', 2026, 1)).toBe('UQ-2026-000001');
    expect(formatInvoiceNumber('UQ', 2027, 123_456)).toBe('UQ-2027-123456');
  });

  it('count 1, 2, 3 … per series and year, each year from 1', async () => {
    const { db } = database;
    const taken = [];
    for (let n = 0; n < 3; n += 1) taken.push(await nextInvoiceNumber(db, 'T1', 2026));
    expect(taken).toEqual([1, 2, 3]);
    expect(await nextInvoiceNumber(db, 'T1', 2027)).toBe(1);
    expect(await nextInvoiceNumber(db, 'T2', 2026)).toBe(1);
    expect(await nextInvoiceNumber(db, 'T1', 2026)).toBe(4);
  });

  it('give a number back when the transaction that took it rolls back: no gaps', async () => {
    const { db } = database;
    expect(await nextInvoiceNumber(db, 'T3', 2026)).toBe(1);
    await expect(
      db.transaction().execute(async (trx) => {
        expect(await nextInvoiceNumber(trx, 'T3', 2026)).toBe(2);
        throw new Error('the payment failed after the number was taken');
      }),
    ).rejects.toThrow('the payment failed');
    expect(await nextInvoiceNumber(db, 'T3', 2026)).toBe(2);
  });

  it('never repeat or skip under 40 concurrent transactions', async () => {
    const { db } = database;
    const numbers = await Promise.all(
      Array.from({ length: 40 }, () =>
        db.transaction().execute((trx) => nextInvoiceNumber(trx, 'T4', 2026)),
      ),
    );
    expect([...numbers].sort((a, b) => a - b)).toEqual(
      Array.from({ length: 40 }, (_, index) => index + 1),
    );
  });
});
