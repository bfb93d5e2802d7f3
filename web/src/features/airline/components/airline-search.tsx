import type { Airport, Route } from '@uniquair/contract/data';
import type { AirlineFlightsResponse } from '@uniquair/contract/airline';
import type { Ymd } from '@uniquair/domain/dates/ymd';
import { minorUnitsToDecimal } from '@uniquair/domain/pricing/currency';
import { useId, useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { Screen } from '../../../components/layouts/screen.tsx';
import { AirportSelect } from '../../../components/ui/airport-select.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { DatePicker } from '../../../components/ui/date-picker.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { useCityName } from '../../../lib/city-names.ts';
import { useAirlineFlights, type AirlineFlightsRequest } from '../api/get-airline-flights.ts';
import styles from './airline-search.module.css';

export interface AirlineSearchProps {
  readonly airports: readonly Airport[];
  readonly routes: readonly Route[];
}

/**
 * `/airlines/flights/search` (SPEC §1, §2): the airline-facing page titled 'not for passengers'.
 * A partner picks a route and a day and sees each flight's capacity, seats sold and left, load
 * factor and fare classes, from the partner endpoint (with their API key when the server asks).
 */
export function AirlineSearch({ airports, routes }: AirlineSearchProps) {
  const intl = useIntl();
  const keyId = useId();
  const [from, setFrom] = useState<string | null>(null);
  const [to, setTo] = useState<string | null>(null);
  const [date, setDate] = useState<Ymd | null>(null);
  const [apiKey, setApiKey] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [request, setRequest] = useState<AirlineFlightsRequest | null>(null);
  const flights = useAirlineFlights(request);

  const origins = airports.filter((airport) => routes.some((route) => route.from === airport.id));
  const destinations = airports.filter((airport) =>
    routes.some((route) => route.from === from && route.to === airport.id),
  );
  const route = routes.find((entry) => entry.from === from && entry.to === to) ?? null;
  const required = intl.formatMessage({ id: 'ui.field.required' });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    if (route && date) setRequest({ routeId: route.id, date, apiKey: apiKey.trim() });
  };

  return (
    <Screen
      title={intl.formatMessage({ id: 'airline.title' })}
      heading={intl.formatMessage({ id: 'airline.heading' })}
      lead={intl.formatMessage({ id: 'airline.title' })}
    >
      <p>{intl.formatMessage({ id: 'airline.text' })}</p>
      <form className={styles.form} noValidate onSubmit={submit}>
        <AirportSelect
          label={intl.formatMessage({ id: 'search.form.from' })}
          airports={origins}
          value={from}
          required
          error={submitted && from === null ? required : undefined}
          onChange={(code) => {
            setFrom(code);
            if (!routes.some((entry) => entry.from === code && entry.to === to)) setTo(null);
          }}
        />
        <AirportSelect
          label={intl.formatMessage({ id: 'search.form.to' })}
          airports={destinations}
          value={to}
          required
          disabled={from === null}
          error={submitted && to === null ? required : undefined}
          onChange={setTo}
        />
        <DatePicker
          label={intl.formatMessage({ id: 'search.airline.date' })}
          value={date}
          onChange={setDate}
          dowMask={route?.dow ?? null}
          error={submitted && date === null ? required : undefined}
        />
        <div className={styles.field}>
          <label htmlFor={keyId}>{intl.formatMessage({ id: 'search.airline.apiKey' })}</label>
          <input
            id={keyId}
            type="password"
            autoComplete="off"
            className={styles.input}
            value={apiKey}
            aria-describedby={`${keyId}-hint`}
            onChange={(event) => setApiKey(event.currentTarget.value)}
          />
          <p id={`${keyId}-hint`} className={styles.hint}>
            {intl.formatMessage({ id: 'search.airline.apiKeyHint' })}
          </p>
        </div>
        <Button type="submit" loading={flights.isFetching}>
          {intl.formatMessage({ id: 'search.airline.show' })}
        </Button>
      </form>
      <div role="status" className={styles.status}>
        {flights.isError ? (
          <p className={styles.error}>
            {intl.formatMessage({
              id:
                isApiError(flights.error) && flights.error.status === 401
                  ? 'search.airline.unauthorized'
                  : 'search.error.failed',
            })}
          </p>
        ) : null}
      </div>
      {flights.data ? <AirlineFlights data={flights.data} /> : null}
    </Screen>
  );
}

function AirlineFlights({ data }: { readonly data: AirlineFlightsResponse }) {
  const intl = useIntl();
  const cityName = useCityName();
  const cityOf = (id: string) => {
    const city = data.airports.find((airport) => airport.id === id)?.city;
    return city === undefined ? id : cityName(city);
  };
  const time = (local: string) =>
    intl.formatTime(Date.parse(`${local.slice(0, 16)}:00Z`), {
      hour: 'numeric',
      minute: '2-digit',
      timeZone: 'UTC',
    });
  const money = (amount: number, currency: string) => {
    let value = amount / 100;
    try {
      value = Number(minorUnitsToDecimal(amount, currency));
    } catch {
      // An unknown currency: cents.
    }
    return intl.formatNumber(value, { style: 'currency', currency });
  };
  const percent = (share: number) => intl.formatNumber(share, { style: 'percent' });
  const day = intl.formatDate(Date.parse(`${data.date}T00:00:00Z`), {
    dateStyle: 'full',
    timeZone: 'UTC',
  });
  return (
    <section className={styles.results} aria-labelledby="airline-results">
      <h2 id="airline-results" className={styles.resultsTitle}>
        {intl.formatMessage(
          { id: 'search.airline.caption' },
          { from: cityOf(data.route.from), to: cityOf(data.route.to), date: day },
        )}
      </h2>
      {data.operates ? null : <p>{intl.formatMessage({ id: 'search.airline.notOperated' })}</p>}
      {data.flights.length === 0 ? (
        <p>{intl.formatMessage({ id: 'search.noFlights' })}</p>
      ) : (
        data.flights.map((flight) => (
          <div key={flight.id} className={styles.tableWrap}>
            <table className={styles.table}>
              <caption>
                {intl.formatMessage(
                  { id: 'search.airline.flightCaption' },
                  {
                    flight: flight.flightNumber,
                    departure: time(flight.departureLocal),
                    arrival: time(flight.arrivalLocal),
                    capacity: flight.capacity,
                    sold: flight.seatsSold,
                    left: flight.seatsLeft,
                    load: percent(flight.loadFactor),
                  },
                )}
              </caption>
              <thead>
                <tr>
                  <th scope="col">{intl.formatMessage({ id: 'search.airline.fareClass' })}</th>
                  <th scope="col">{intl.formatMessage({ id: 'search.airline.cabin' })}</th>
                  <th scope="col">{intl.formatMessage({ id: 'search.airline.price' })}</th>
                  <th scope="col">{intl.formatMessage({ id: 'search.airline.seats' })}</th>
                  <th scope="col">{intl.formatMessage({ id: 'search.airline.sold' })}</th>
                  <th scope="col">{intl.formatMessage({ id: 'search.airline.left' })}</th>
                </tr>
              </thead>
              <tbody>
                {flight.fareClasses.map((fare) => (
                  <tr key={fare.letter}>
                    <th scope="row">{fare.letter}</th>
                    <td>{intl.formatMessage({ id: `search.cabin.${fare.cabin}` })}</td>
                    <td>{money(fare.price, fare.currency)}</td>
                    <td>{intl.formatNumber(fare.seatsTotal)}</td>
                    <td>{intl.formatNumber(fare.seatsSold)}</td>
                    <td>{intl.formatNumber(fare.seatsLeft)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ))
      )}
    </section>
  );
}
