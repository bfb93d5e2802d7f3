import type { ScheduleChangeRequest } from '@uniquair/contract/booking-schedule-changes';
import type { DatabaseHandle } from '../db/dialect.ts';
import { refreshRouteDayPrices } from '../db/route-day-prices.ts';
import { ServiceError } from '../lib/service-error.ts';
import { ScheduleChanges } from '../modules/booking/booking.schedule-changes.ts';
import { parseCommandLine, UsageError } from './command-line.ts';
import { runCommand, type CommandOutput } from './run-command.ts';

export const FLIGHTS_CHANGE_USAGE = `Usage: npm run flights:change -- <flightId> --departure <UTC instant> --arrival <UTC instant>
       npm run flights:change -- <flightId> --cancel

Retimes an inventory flight (its legs move with it; local times follow the airports' time zones)
or cancels it (it is no longer sold). Every booking on it gets a schedule change to answer, and
an e-mail and a push through the outbox, which the running server sends.
Instants are ISO 8601 with a zone, e.g. 2026-12-01T09:30:00Z.
The database is DATABASE_URL (default: the SQLite file under ./data).`;

function instant(option: string, value: string | undefined): string {
  if (value === undefined) throw new UsageError(`--${option} is required to retime a flight.`);
  const parsed = Date.parse(value);
  if (Number.isNaN(parsed) || !/(Z|[+-]\d\d:?\d\d)$/i.test(value)) {
    throw new UsageError(`--${option} must be an instant with a zone, got "${value}".`);
  }
  return new Date(parsed).toISOString();
}

/** `flights:change`: retimes or cancels one flight; answers the exit code. */
export async function flightsChangeCommand(
  args: string[],
  database: DatabaseHandle,
  output: CommandOutput,
  now: () => Date = () => new Date(),
): Promise<number> {
  const { positionals, values } = parseCommandLine(args, {
    departure: { type: 'string' },
    arrival: { type: 'string' },
    cancel: { type: 'boolean', default: false },
  });
  const [id, ...rest] = positionals;
  const flightId = Number(id);
  if (id === undefined || rest.length > 0 || !Number.isSafeInteger(flightId) || flightId < 1) {
    throw new UsageError('Give exactly one flight id (a positive whole number).');
  }
  if (values.cancel && (values.departure !== undefined || values.arrival !== undefined)) {
    throw new UsageError('--cancel takes no times.');
  }
  const request: ScheduleChangeRequest = values.cancel
    ? { cancelled: true }
    : {
        departureUtc: instant('departure', values.departure),
        arrivalUtc: instant('arrival', values.arrival),
      };
  const changes = new ScheduleChanges({
    db: database.db,
    now,
    seatsChanged: async (routeIds, dates) => {
      await refreshRouteDayPrices(database.db, routeIds, dates);
    },
    outboxWritten: () => undefined,
  });
  try {
    const result = await changes.changeFlight(flightId, request);
    output.out(
      result.change === 'cancelled'
        ? `Flight ${flightId} cancelled.`
        : `Flight ${flightId} now departs ${result.departureUtc} and arrives ${result.arrivalUtc}.`,
    );
    output.out(`${result.bookingsAffected} booking(s) told about the change.`);
    return 0;
  } catch (error) {
    if (!(error instanceof ServiceError)) throw error;
    const fields = Object.entries(error.errors).map(
      ([field, texts]) => `${field}: ${texts.join(', ')}`,
    );
    output.err(`${error.code}${fields.length > 0 ? ` (${fields.join('; ')})` : ''}`);
    return 1;
  }
}

await runCommand(import.meta.url, FLIGHTS_CHANGE_USAGE, flightsChangeCommand);
