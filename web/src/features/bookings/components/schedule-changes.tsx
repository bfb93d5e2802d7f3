import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BookingDetail } from '@uniquair/contract/booking';
import type { BookingScheduleChange } from '@uniquair/contract/booking-schedule-changes';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useIntl, type IntlShape } from 'react-intl';
import {
  airportIndex,
  airportLabel,
  type BookingViewProps,
} from '../../../components/booking/booking-itinerary.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { useCityName } from '../../../lib/city-names.ts';
import { bookingQueryKey } from '../../../lib/booking-access.ts';
import { acceptScheduleChange, getSubstitutes, takeSubstitute } from '../api/schedule-changes.ts';
import { CANCELLATION_SECTION_ID, canCancel } from './booking-cancellation.tsx';
import styles from './schedule-changes.module.css';

/** A wall-clock reading `YYYY-MM-DDTHH:mm` in the UI language (already local to its airport). */
export function localTime(intl: IntlShape, local: string): string {
  const at = Date.parse(`${local.slice(0, 16)}:00Z`);
  if (Number.isNaN(at)) return local;
  return intl.formatDate(at, {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: 'numeric',
    minute: '2-digit',
    timeZone: 'UTC',
  });
}

/**
 * The third answer, "cancel with a full refund, whatever the fare": the booking page's
 * cancellation, whose quote gives everything back while a change is unanswered.
 */
export function ScheduleChangeCancelOption({
  booking,
}: {
  readonly booking: BookingDetail;
  readonly change: BookingScheduleChange;
}): ReactNode {
  const intl = useIntl();
  if (!canCancel(booking)) return null;
  return (
    <p>
      {intl.formatMessage({ id: 'scheduleChange.cancelOption' })}{' '}
      <a href={`#${CANCELLATION_SECTION_ID}`}>
        {intl.formatMessage({ id: 'scheduleChange.cancelLink' })}
      </a>
    </p>
  );
}

function Times({
  label,
  times,
  missedConnection = false,
}: {
  readonly label: string;
  readonly times: BookingScheduleChange['old'] | null;
  /** Without times: the connection was missed rather than the flight cancelled. */
  readonly missedConnection?: boolean;
}) {
  const intl = useIntl();
  return (
    <div>
      <dt>{label}</dt>
      {times === null ? (
        <dd>
          {intl.formatMessage({
            id: missedConnection
              ? 'scheduleChange.missedConnectionTimes'
              : 'scheduleChange.cancelledTimes',
          })}
        </dd>
      ) : (
        <>
          <dd>
            {intl.formatMessage(
              { id: 'scheduleChange.departs' },
              { time: localTime(intl, times.departureLocal) },
            )}
          </dd>
          <dd>
            {intl.formatMessage(
              { id: 'scheduleChange.arrives' },
              { time: localTime(intl, times.arrivalLocal) },
            )}
          </dd>
        </>
      )}
    </div>
  );
}

/** The substitutes of one leg as radio buttons, with a confirm button (keyboard: arrows, Enter). */
function Substitutes({
  pnr,
  flightIndex,
  onDone,
}: {
  readonly pnr: string;
  readonly flightIndex: number;
  readonly onDone: () => Promise<void>;
}) {
  const intl = useIntl();
  const name = useId();
  const [chosen, setChosen] = useState<string | null>(null);
  const flights = useQuery({
    // Not under the booking's key: answering refreshes the booking, not this list.
    queryKey: ['schedule-change-substitutes', pnr.toUpperCase(), flightIndex],
    queryFn: () => getSubstitutes(pnr, flightIndex),
    staleTime: 0,
  });
  const take = useMutation({
    mutationFn: (choice: { flightId: string; fareClass: string }) =>
      takeSubstitute(pnr, { flightIndex, ...choice }),
    onSuccess: onDone,
    onError: () => void flights.refetch(),
  });
  if (flights.isPending) return <p aria-live="polite">…</p>;
  if (flights.isError) {
    return <p role="alert">{intl.formatMessage({ id: 'scheduleChange.failed' })}</p>;
  }
  if (flights.data.length === 0) {
    return <p>{intl.formatMessage({ id: 'scheduleChange.noSubstitutes' })}</p>;
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const flight = flights.data.find((candidate) => candidate.flightId === chosen);
    if (flight) take.mutate({ flightId: flight.flightId, fareClass: flight.fareClass });
  };
  const soldOut = isApiError(take.error) && take.error.code === 'SUBSTITUTE_SOLD_OUT';
  return (
    <form onSubmit={submit}>
      <fieldset className={styles.substitutes}>
        <legend>{intl.formatMessage({ id: 'scheduleChange.substitutesLabel' })}</legend>
        {flights.data.map((flight) => (
          <label key={flight.flightId} className={styles.option}>
            <input
              type="radio"
              name={name}
              value={flight.flightId}
              checked={chosen === flight.flightId}
              onChange={() => setChosen(flight.flightId)}
            />
            <span>
              {intl.formatMessage(
                { id: 'scheduleChange.substituteOption' },
                {
                  flightNumber: flight.flightNumber,
                  departure: localTime(intl, flight.departureLocal),
                  arrival: localTime(intl, flight.arrivalLocal),
                  fareClass: flight.fareClass,
                  seats: flight.seatsLeft,
                },
              )}
            </span>
          </label>
        ))}
      </fieldset>
      {take.isError ? (
        <p role="alert">
          {intl.formatMessage({
            id: soldOut ? 'scheduleChange.error.soldOut' : 'scheduleChange.failed',
          })}
        </p>
      ) : null}
      <Button type="submit" disabled={chosen === null} loading={take.isPending}>
        {intl.formatMessage({ id: 'scheduleChange.confirm' })}
      </Button>
    </form>
  );
}

function ChangeCard({
  booking,
  change,
  route,
}: {
  readonly booking: BookingDetail;
  readonly change: BookingScheduleChange;
  readonly route: { from: string; to: string };
}) {
  const intl = useIntl();
  const queryClient = useQueryClient();
  const headingId = useId();
  const [choosing, setChoosing] = useState(false);
  const refresh = () =>
    queryClient.invalidateQueries({ queryKey: bookingQueryKey(booking.pnr), exact: true });
  const accept = useMutation({
    mutationFn: () => acceptScheduleChange(booking.pnr, change.flightIndex),
    onSuccess: refresh,
  });
  return (
    <article className={styles.change} aria-labelledby={headingId}>
      <h3 id={headingId}>
        {intl.formatMessage(
          {
            id: change.missedConnection
              ? 'scheduleChange.missedConnection'
              : change.new === null
                ? 'scheduleChange.flightCancelled'
                : 'scheduleChange.flightRetimed',
          },
          route,
        )}
      </h3>
      <dl className={styles.times}>
        <Times label={intl.formatMessage({ id: 'scheduleChange.old' })} times={change.old} />
        <Times
          label={intl.formatMessage({ id: 'scheduleChange.new' })}
          times={change.new}
          missedConnection={change.missedConnection}
        />
      </dl>
      <div className={styles.actions}>
        {change.new !== null ? (
          <Button onClick={() => accept.mutate()} loading={accept.isPending}>
            {intl.formatMessage({ id: 'scheduleChange.accept' })}
          </Button>
        ) : null}
        <Button
          variant="secondary"
          aria-expanded={choosing}
          onClick={() => setChoosing((open) => !open)}
        >
          {intl.formatMessage({ id: 'scheduleChange.choose' })}
        </Button>
        <ScheduleChangeCancelOption booking={booking} change={change} />
      </div>
      {accept.isError ? (
        <p role="alert">{intl.formatMessage({ id: 'scheduleChange.failed' })}</p>
      ) : null}
      {choosing ? (
        <Substitutes pnr={booking.pnr} flightIndex={change.flightIndex} onDone={refresh} />
      ) : null}
    </article>
  );
}

/**
 * The booking page's schedule changes (docs/schedule-changes.md): for each changed flight not yet
 * answered, the booked and the new times side by side (local at the airports), with "Accept new
 * time" and "Choose another flight". After an answer the booking is read again, so the flights
 * and tickets shown are the new ones.
 */
export function ScheduleChanges({ booking, airports }: BookingViewProps) {
  const intl = useIntl();
  const places = airportIndex(airports, useCityName());
  const pending = booking.scheduleChanges.filter((change) => !change.answered);
  if (pending.length === 0) return null;
  return (
    <section className={styles.change} aria-labelledby="booking-schedule-changes">
      <h2 id="booking-schedule-changes">{intl.formatMessage({ id: 'scheduleChange.title' })}</h2>
      {pending.map((change) => {
        const flight = booking.flights.find((leg) => leg.index === change.flightIndex);
        const route = {
          from: airportLabel(intl, places, flight?.from ?? ''),
          to: airportLabel(intl, places, flight?.to ?? ''),
        };
        return (
          <ChangeCard
            key={`${change.flightIndex}-${change.createdAt}`}
            booking={booking}
            change={change}
            route={route}
          />
        );
      })}
    </section>
  );
}
