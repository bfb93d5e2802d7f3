import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BookingDetail, PaymentOptionsResponse } from '@uniquair/contract/booking';
import type { BookingChange, ChangeOption } from '@uniquair/contract/booking-changes';
import { useId, useMemo, useState, type FormEvent } from 'react';
import { useIntl, type IntlShape } from 'react-intl';
import {
  airportIndex,
  airportLabel,
  type BookingViewProps,
} from '../../../components/booking/booking-itinerary.tsx';
import { formatMoney } from '../../../components/booking/format-money.ts';
import { Button } from '../../../components/ui/button.tsx';
import { LabelledInput } from '../../../components/ui/text-input.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { useCityName } from '../../../lib/city-names.ts';
import { bookingQueryKey } from '../../../lib/booking-access.ts';
import { usePaymentOptions } from '../../payment/api/get-payment-options.ts';
import { HoldCountdown } from '../../payment/components/hold-countdown.tsx';
import { PaymentMethods } from '../../payment/components/payment-methods.tsx';
import { getChangeOptions, payChange, requestChange } from '../api/flight-changes.ts';
import type { MessageKey } from '@uniquair/i18n/messages';
import styles from './flight-change.module.css';
import { localTime } from './schedule-changes.tsx';
import detailStyles from './booking-details.module.css';

/** Error codes of a change and the words the traveller reads for them. */
const CHANGE_ERRORS: Readonly<Record<string, MessageKey>> = {
  CHANGE_PRICE_CHANGED: 'change.error.priceChanged',
  CHANGE_SOLD_OUT: 'change.error.soldOut',
  FARE_NOT_CHANGEABLE: 'change.error.notChangeable',
  CHANGE_NOT_AVAILABLE: 'change.error.notAvailable',
  BOOKING_ALREADY_FLOWN: 'change.error.flown',
  PAYMENT_IN_PROGRESS: 'change.error.paymentInProgress',
};

function errorText(intl: IntlShape, error: unknown): string {
  const code = isApiError(error) ? error.code : '';
  return intl.formatMessage({ id: CHANGE_ERRORS[code] ?? 'change.failed' });
}

/** What an option costs, in words: to pay (fee and difference), no charge, or money back. */
function priceText(
  intl: IntlShape,
  option: Pick<ChangeOption, 'toPay' | 'payout' | 'changeFee' | 'fareDifference'>,
) {
  const money = (value: { amount: number; currency: string }) =>
    formatMoney(intl, value.amount, value.currency);
  if (
    option.fareDifference.amount < 0 &&
    option.payout.amount === 0 &&
    option.toPay.amount === option.changeFee.amount
  ) {
    // A cheaper fare on a non-refundable fare: only the fee is due, nothing comes back.
    return intl.formatMessage(
      { id: 'change.toPayKept' },
      {
        amount: money(option.toPay),
        difference: formatMoney(
          intl,
          -option.fareDifference.amount,
          option.fareDifference.currency,
        ),
      },
    );
  }
  if (option.toPay.amount > 0) {
    return intl.formatMessage(
      { id: 'change.toPay' },
      {
        amount: money(option.toPay),
        fee: money(option.changeFee),
        difference: formatMoney(intl, option.fareDifference.amount, option.fareDifference.currency),
      },
    );
  }
  if (option.payout.amount > 0) {
    return intl.formatMessage({ id: 'change.payout' }, { amount: money(option.payout) });
  }
  return intl.formatMessage({ id: 'change.free' });
}

/** The ways to pay a change: the booking's card methods, each for the change's amount. */
function changePaymentOptions(
  options: PaymentOptionsResponse,
  change: BookingChange,
): PaymentOptionsResponse {
  return {
    ...options,
    options: options.options
      .filter((option) => option.kind === 'card')
      .map((option) => ({
        ...option,
        amount: change.toPay.amount,
        currency: change.toPay.currency,
      })),
  };
}

/** A change awaiting payment: what it is, the time its seats are held, and the card form. */
function ChangePayment({ pnr, change }: { readonly pnr: string; readonly change: BookingChange }) {
  const intl = useIntl();
  const queryClient = useQueryClient();
  const [ended, setEnded] = useState(false);
  const options = usePaymentOptions(pnr, !ended);
  const refresh = () => queryClient.invalidateQueries({ queryKey: bookingQueryKey(pnr) });
  const headingId = useId();
  return (
    <div className={styles.leg} aria-labelledby={headingId} role="group">
      <h3 id={headingId}>{intl.formatMessage({ id: 'change.paymentTitle' })}</h3>
      <p>
        {intl.formatMessage(
          { id: 'change.awaiting' },
          {
            amount: formatMoney(intl, change.toPay.amount, change.toPay.currency),
            flightNumber: change.flightNumber,
            departure: localTime(intl, change.departureLocal),
          },
        )}
      </p>
      <p>{priceText(intl, change)}</p>
      {change.holdExpiresAt ? (
        <HoldCountdown
          expiresAt={change.holdExpiresAt}
          onExpire={() => {
            setEnded(true);
            void refresh();
          }}
        />
      ) : null}
      {ended ? (
        <p role="alert">{intl.formatMessage({ id: 'change.error.expired' })}</p>
      ) : options.data ? (
        <PaymentMethods
          pnr={pnr}
          options={changePaymentOptions(options.data, change)}
          disabled={ended}
          pay={payChange}
          onPaid={refresh}
        />
      ) : options.isError ? (
        <p role="alert">{intl.formatMessage({ id: 'payment.optionsFailed' })}</p>
      ) : (
        <p aria-live="polite">…</p>
      )}
    </div>
  );
}

/** One leg: "Change this flight", then a date, the week's options around it and the choice. */
function LegChange({
  booking,
  flightIndex,
  route,
}: {
  readonly booking: BookingDetail;
  readonly flightIndex: number;
  readonly route: { from: string; to: string };
}) {
  const intl = useIntl();
  const queryClient = useQueryClient();
  const name = useId();
  const leg = booking.flights.find((flight) => flight.index === flightIndex);
  const [open, setOpen] = useState(false);
  const [date, setDate] = useState(leg?.date ?? '');
  const [chosen, setChosen] = useState<string | null>(null);
  // One idempotency key per choice: a retry of the same choice sends the same key.
  const [key, setKey] = useState(() => crypto.randomUUID());
  const options = useQuery({
    queryKey: ['flight-change-options', booking.pnr.toUpperCase(), flightIndex, date],
    queryFn: () => getChangeOptions(booking.pnr, flightIndex, date || null),
    enabled: open,
    staleTime: 0,
  });
  const change = useMutation({
    mutationFn: (option: ChangeOption) =>
      requestChange(
        booking.pnr,
        {
          flightIndex,
          flightId: option.flightId,
          fareClass: option.fareClass,
          acceptedPrice: option.toPay,
        },
        key,
      ),
    onSuccess: async () => {
      setOpen(false);
      setChosen(null);
      setKey(crypto.randomUUID());
      await queryClient.invalidateQueries({ queryKey: bookingQueryKey(booking.pnr) });
    },
    onError: (error) => {
      if (isApiError(error) && !error.isNetworkError) {
        setKey(crypto.randomUUID());
        void options.refetch();
      }
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const option = options.data?.flights.find((flight) => flight.flightId === chosen);
    if (option) change.mutate(option);
  };
  return (
    <div className={styles.leg}>
      <div className={styles.actions}>
        <Button variant="secondary" aria-expanded={open} onClick={() => setOpen((value) => !value)}>
          {intl.formatMessage({ id: 'change.start' }, route)}
        </Button>
      </div>
      {open ? (
        <form onSubmit={submit} className={styles.leg}>
          <LabelledInput
            className={styles.date}
            type="date"
            label={intl.formatMessage({ id: 'change.dateLabel' })}
            value={date}
            onChange={(event) => {
              setDate(event.target.value);
              setChosen(null);
            }}
          />
          {options.isPending ? (
            <p aria-live="polite">…</p>
          ) : options.isError ? (
            <p role="alert">{errorText(intl, options.error)}</p>
          ) : options.data.flights.length === 0 ? (
            <p>{intl.formatMessage({ id: 'change.none' })}</p>
          ) : (
            <fieldset className={styles.options}>
              <legend>{intl.formatMessage({ id: 'change.optionsLabel' })}</legend>
              {options.data.flights.map((flight) => (
                <label key={flight.flightId} className={styles.option}>
                  <input
                    type="radio"
                    name={name}
                    value={flight.flightId}
                    checked={chosen === flight.flightId}
                    onChange={() => {
                      setChosen(flight.flightId);
                      setKey(crypto.randomUUID());
                    }}
                  />
                  <span>
                    {intl.formatMessage(
                      { id: 'change.option' },
                      {
                        flightNumber: flight.flightNumber,
                        departure: localTime(intl, flight.departureLocal),
                        arrival: localTime(intl, flight.arrivalLocal),
                        fareClass: flight.fareClass,
                      },
                    )}
                    <span className={styles.price}>{priceText(intl, flight)}</span>
                  </span>
                </label>
              ))}
            </fieldset>
          )}
          {change.isError ? <p role="alert">{errorText(intl, change.error)}</p> : null}
          <div className={styles.actions}>
            <Button type="submit" disabled={chosen === null} loading={change.isPending}>
              {intl.formatMessage({ id: 'change.choose' })}
            </Button>
            <Button variant="secondary" onClick={() => setOpen(false)}>
              {intl.formatMessage({ id: 'change.keep' })}
            </Button>
          </div>
        </form>
      ) : null}
    </div>
  );
}

/** Whether the booking page offers changes: paid to us, with a changeable leg still to fly. */
function changeableLegs(booking: BookingDetail, now: number) {
  if (booking.status !== 'paid' && booking.status !== 'ticketed') return [];
  return booking.flights.filter((flight) => {
    const departure = Date.parse(flight.segments[0]?.departureUtc ?? '');
    return flight.changeable === true && (Number.isNaN(departure) || departure > now);
  });
}

/**
 * The booking page's voluntary changes (docs/flight-changes.md): per leg whose fare allows it,
 * "Change flight", the options of the week around a date with what each costs in words, and the
 * choice; a change with something to pay shows its card form and the time its seats are held;
 * changes made are listed.
 */
export function FlightChange({ booking, airports }: BookingViewProps) {
  const intl = useIntl();
  const cityName = useCityName();
  const places = useMemo(() => airportIndex(airports, cityName), [airports, cityName]);
  const [now] = useState(() => Date.now());
  const legs = changeableLegs(booking, now);
  const awaiting = booking.flightChanges.find((change) => change.state === 'awaiting_payment');
  const applied = booking.flightChanges.filter((change) => change.state === 'applied');
  if (legs.length === 0 && applied.length === 0) return null;
  return (
    <section className={detailStyles.section} aria-labelledby="booking-change">
      <h2 id="booking-change">{intl.formatMessage({ id: 'change.title' })}</h2>
      {applied.length > 0 ? (
        <ul className={detailStyles.list}>
          {applied.map((change) => (
            <li key={change.id}>
              {intl.formatMessage(
                { id: 'change.history' },
                {
                  flightNumber: change.flightNumber,
                  fareClass: change.newFareClass,
                  departure: localTime(intl, change.departureLocal),
                },
              )}
            </li>
          ))}
        </ul>
      ) : null}
      {awaiting ? <ChangePayment pnr={booking.pnr} change={awaiting} /> : null}
      {legs.length > 0 && !awaiting ? (
        <>
          <p>{intl.formatMessage({ id: 'change.intro' })}</p>
          {legs.map((flight) => (
            <LegChange
              key={flight.index}
              booking={booking}
              flightIndex={flight.index}
              route={{
                from: airportLabel(intl, places, flight.from),
                to: airportLabel(intl, places, flight.to),
              }}
            />
          ))}
        </>
      ) : null}
    </section>
  );
}
