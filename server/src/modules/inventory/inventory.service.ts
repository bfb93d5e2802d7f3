import { ymdFromUtcDate } from '@uniquair/domain/dates/ymd';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { describeRoll, rollInventory, type InventoryRollSummary } from '../../db/inventory-roll.ts';
import type { Clock } from '../../lib/clock.ts';

export interface InventoryServiceOptions {
  db: Kysely<Database>;
  now: Clock;
  log: FastifyBaseLogger;
}

/**
 * The rolling inventory of a running server (docs/database.md "Rolling the inventory forward"):
 * each run adds the days that entered the year on sale since the last one and archives flown
 * flights, as `npm run inventory:roll` does, and logs what it did.
 */
export class InventoryService {
  readonly #options: InventoryServiceOptions;

  constructor(options: InventoryServiceOptions) {
    this.#options = options;
  }

  /** Rolls the inventory forward to today (UTC, by the app's clock). */
  async roll(): Promise<InventoryRollSummary> {
    const { db, now, log } = this.#options;
    const summary = await rollInventory(db, { today: ymdFromUtcDate(now()), now });
    const { days, archived, ...figures } = summary;
    const changed =
      days.length > 0 ||
      (archived?.flights ?? 0) > 0 ||
      summary.busy ||
      summary.priceSummaryRebuilt !== null;
    log[changed ? 'info' : 'debug'](
      { inventoryRoll: { ...figures, days: days.length, archived } },
      describeRoll(summary),
    );
    return summary;
  }
}
