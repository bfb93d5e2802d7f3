import { addDays } from '@uniquair/domain/dates/ymd';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config/env.ts';
import { readInventoryState } from '../../db/inventory-roll.ts';
import { INVENTORY_DAYS } from '../../db/seed/flights.ts';
import { buildTestApp, type TestApp } from '../../../test/helpers/build.ts';
import { testClock } from '../../../test/helpers/clock.ts';
import { itRejectsSettings } from '../../../test/helpers/config.ts';
import { dialectUnderTest, TEST_TODAY } from '../../../test/helpers/database.ts';

describe('INVENTORY_ROLL_HOURS', () => {
  it('rolls hourly by default, never under test unless set, and never at 0', () => {
    expect(loadConfig({}).inventoryRollMs).toBe(3_600_000);
    expect(loadConfig({ NODE_ENV: 'test' }).inventoryRollMs).toBe(0);
    expect(loadConfig({ NODE_ENV: 'test', INVENTORY_ROLL_HOURS: '24' }).inventoryRollMs).toBe(
      86_400_000,
    );
    expect(loadConfig({ INVENTORY_ROLL_HOURS: '0' }).inventoryRollMs).toBe(0);
  });

  itRejectsSettings([
    ['INVENTORY_ROLL_HOURS', '-1'],
    ['INVENTORY_ROLL_HOURS', '169'],
    ['INVENTORY_ROLL_HOURS', 'daily'],
  ]);
});

describe(`the inventory job of a server (${dialectUnderTest()})`, () => {
  let testApp: TestApp;
  beforeAll(async () => {
    // Two days after the seed: the server finds two days missing when it starts.
    const clock = testClock(`${addDays(TEST_TODAY, 2)}T00:30:00.000Z`);
    testApp = await buildTestApp({ INVENTORY_ROLL_HOURS: '24' }, { clock: clock.now });
  });
  afterAll(() => testApp.close());

  it('rolls the inventory forward as soon as it is ready, then has nothing to add', async () => {
    const { app } = testApp;
    const lastDay = addDays(TEST_TODAY, INVENTORY_DAYS + 1);
    let state = await readInventoryState(app.db);
    const deadline = Date.now() + 30_000;
    while (state?.last_day !== lastDay && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      state = await readInventoryState(app.db);
    }
    expect(state?.last_day).toBe(lastDay);
    const again = await app.inventory.roll();
    expect(again).toMatchObject({ days: [], flights: 0, lastDay });
  });
});
