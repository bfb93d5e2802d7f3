import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ymd } from '@uniquair/domain/dates/ymd';
import { insertBookingRow } from '../../test/helpers/booking.ts';
import { capture } from '../../test/helpers/command-output.ts';
import { createTestDatabase, type TestDatabase } from '../../test/helpers/database.ts';
import { upsertFeedback } from '../modules/booking/booking.manage-repository.ts';
import { feedbackListCommand } from './feedback-list.ts';
import { UsageError } from './command-line.ts';

describe('feedback:list', () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase();
    const feedback = [
      { pnr: 'FBOLD01', rating: 4, comment: 'Fine.', now: '2026-11-20T10:00:00.000Z' },
      { pnr: 'FBBAD02', rating: 1, comment: 'Slow\npayment page', now: '2026-11-21T10:00:00.000Z' },
      { pnr: 'FBEVL03', rating: 2, comment: 'Evil\u001b[2J', now: '2026-11-21T11:00:00.000Z' },
    ];
    for (const entry of feedback) {
      const bookingId = await insertBookingRow(database.db, {
        pnr: entry.pnr,
        departureDate: ymd(2026, 12, 1),
        createdAt: entry.now,
      });
      await upsertFeedback(database.db, { bookingId, ...entry });
    }
  });

  afterAll(async () => {
    await database.dispose();
  });

  it('prints the latest feedback first, comments escaped and indented', async () => {
    const output = capture();
    expect(await feedbackListCommand([], database, output)).toBe(0);
    expect(output.lines[0]).toBe('2026-11-21T11:00:00.000Z  FBEVL03  ★★☆☆☆ 2/5');
    expect(output.lines[1]).not.toContain('\u001b');
    expect(output.lines).toContain('    Slow');
    expect(output.lines).toContain('    payment page');
    expect(output.lines.join('\n').indexOf('FBBAD02')).toBeLessThan(
      output.lines.join('\n').indexOf('FBOLD01'),
    );
    expect(output.lines.at(-1)).toBe('3 feedback(s), most recent first.');
  });

  it('filters by time and rating, and prints JSON lines', async () => {
    const output = capture();
    await feedbackListCommand(
      ['--since', '2026-11-21T00:00:00Z', '--max-rating', '1', '--json'],
      database,
      output,
    );
    expect(output.lines.map((line) => (JSON.parse(line) as { pnr: string }).pnr)).toEqual([
      'FBBAD02',
    ]);
  });

  it('refuses bad arguments', async () => {
    await expect(feedbackListCommand(['--max-rating', '6'], database, capture())).rejects.toThrow(
      UsageError,
    );
    await expect(feedbackListCommand(['extra'], database, capture())).rejects.toThrow(UsageError);
  });
});
