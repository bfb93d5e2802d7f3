import type {
  FareSale,
  FareSaleRequest,
  FareSaleResponse,
  FareSalesResponse,
} from '@uniquair/contract/airline';
import { addDays, addYears, maxYmd, type Ymd } from '@uniquair/domain/dates/ymd';
import type { FareSale as FareSaleRow } from '../../db/tables/fares.ts';
import type { Clock } from '../../lib/clock.ts';
import { ServiceError } from '../../lib/service-error.ts';
import type { FaresRepository, FlightScope } from './fares.repository.ts';

/** A sale reaches at most this far ahead, as a search does (SPEC §5: one year). */
const MAX_YEARS_AHEAD = 1;

function saleJson(row: FareSaleRow): FareSale {
  return {
    id: Number(row.id),
    routeId: row.route_id,
    from: row.from_date,
    until: row.until_date,
    percent: row.percent,
    createdAt: row.created_at,
    endedAt: row.ended_at,
  };
}

/** Every departure day from `from` to `until`, both included. */
function daysFrom(from: Ymd, until: Ymd): Ymd[] {
  const days: Ymd[] = [];
  for (let day = from; day <= until; day = addDays(day, 1)) days.push(day);
  return days;
}

/**
 * What sales need of the fares service (`FaresService`): its today, and re-pricing the days a sale
 * changes in the transaction that writes the sale.
 */
export interface SaleRepricing {
  today(): Ymd;
  repriceForSale<T>(
    scope: FlightScope,
    before: (repository: FaresRepository) => Promise<T>,
  ): Promise<{ batch: { changes: readonly unknown[] }; value: T }>;
}

/**
 * Airline partners' fare sales (docs/search.md "Prices that move"): a sale takes a percentage off
 * one route's fares on some departure days; publishing or ending one re-prices those days at once,
 * in the transaction that writes it. A partner sees and ends its own sales only: `partner` is the
 * fingerprint of its key, or null when the partner API runs without keys (everyone's then).
 */
export class FareSales {
  readonly #repository: FaresRepository;
  readonly #fares: SaleRepricing;
  readonly #now: Clock;

  constructor(options: { repository: FaresRepository; fares: SaleRepricing; now: Clock }) {
    this.#repository = options.repository;
    this.#fares = options.fares;
    this.#now = options.now;
  }

  /**
   * `POST /api/airline/fares/sale`. NOT_FOUND for an unknown route; VALIDATION_ERROR for a route
   * without flights of its own (a connection, a city), `until` before `from`, a sale over before
   * today or running more than a year ahead.
   */
  async publish(request: FareSaleRequest, partner: string | null): Promise<FareSaleResponse> {
    const route = await this.#repository.route(request.routeId);
    if (route === undefined) {
      throw new ServiceError('NOT_FOUND', 'No such route', {
        'body.routeId': [`Unknown route ${request.routeId}`],
      });
    }
    const today = this.#fares.today();
    const from = request.from as Ymd;
    const until = request.until as Ymd;
    const errors: Record<string, string[]> = {};
    if (!route.ownFlights) {
      errors['body.routeId'] = [
        'This route has no flights of its own (a connection or a city): put the routes flown on sale',
      ];
    }
    if (until < from) {
      errors['body.until'] = ['The last day must not be before the first'];
    } else if (until < today) {
      errors['body.until'] = [`The sale is over before today (${today})`];
    } else if (until > addYears(today, MAX_YEARS_AHEAD)) {
      errors['body.until'] = ['A sale ends at most a year ahead'];
    }
    if (Object.keys(errors).length > 0) {
      throw new ServiceError('VALIDATION_ERROR', 'The sale is not valid', errors);
    }
    const { batch, value: sale } = await this.#fares.repriceForSale(
      { routeIds: [route.id], dates: daysFrom(maxYmd(from, today), until) },
      (repository) =>
        repository.insertSale({
          route_id: route.id,
          from_date: from,
          until_date: until,
          percent: request.percent,
          partner,
          created_at: this.#now().toISOString(),
        }),
    );
    return { success: true, sale: saleJson(sale), repriced: batch.changes.length };
  }

  /** `GET /api/airline/fares/sales`: the partner's running sales, of one route or all. */
  async list(partner: string | null, routeId?: number): Promise<FareSalesResponse> {
    const rows = await this.#repository.salesOf(partner, this.#fares.today(), routeId);
    return { success: true, sales: rows.map(saleJson) };
  }

  /**
   * `DELETE /api/airline/fares/sale/{id}`: ends a running sale of the partner and re-prices its
   * days from today on; NOT_FOUND for an unknown sale, another partner's or one already ended.
   */
  async end(id: number, partner: string | null): Promise<FareSaleResponse> {
    const now = this.#now().toISOString();
    const today = this.#fares.today();
    const found = await this.#repository.runningSale(id, partner);
    if (found === undefined) throw notFound(id);
    const days =
      found.until_date < today ? [] : daysFrom(maxYmd(found.from_date, today), found.until_date);
    const { batch, value: ended } = await this.#fares.repriceForSale(
      { routeIds: [found.route_id], dates: days },
      (repository) => repository.endSale(id, partner, now),
    );
    if (ended === undefined) throw notFound(id);
    return { success: true, sale: saleJson(ended), repriced: batch.changes.length };
  }
}

function notFound(id: number): ServiceError {
  return new ServiceError('NOT_FOUND', 'No such sale', {
    'params.saleId': [`No running sale ${id} of this partner`],
  });
}
