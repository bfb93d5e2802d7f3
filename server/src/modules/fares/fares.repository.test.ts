import { addDays } from '@uniquair/domain/dates/ymd';
import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../../test/helpers/build.ts';
import { dialectUnderTest, TEST_TODAY } from '../../../test/helpers/database.ts';
import { dailyRoundTrip } from '../../../test/helpers/search.ts';
import { FaresRepository } from './fares.repository.ts';

const at = (days: number) => addDays(TEST_TODAY, days);

describe(`the fare versions (${dialectUnderTest()})`, () => {
  const database = useTestDatabase();

  it('move for each changed route and day on its own, with the days connections start on', async () => {
    const repository = new FaresRepository(database.db);
    const { out, back } = await dailyRoundTrip(database.db);
    await repository.bumpFareVersions([
      { routeId: out.id, date: at(10) },
      { routeId: back.id, date: at(40) },
    ]);
    const versions = await repository.fareVersions([
      { routeId: out.id, date: at(10) },
      { routeId: out.id, date: at(7) },
      { routeId: back.id, date: at(40) },
      { routeId: back.id, date: at(37) },
      // Another route's day: not changed.
      { routeId: out.id, date: at(40) },
      { routeId: out.id, date: at(37) },
      { routeId: back.id, date: at(10) },
      { routeId: back.id, date: at(7) },
    ]);
    expect(versions).toEqual([1, 1, 1, 1, 0, 0, 0, 0]);
  });
});
