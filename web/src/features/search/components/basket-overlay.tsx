import { chargeCurrency } from '@uniquair/domain/pricing/currency';
import { parseSearchPath, isSearchResultPath } from '@uniquair/domain/search/search-path';
import { seatedPassengers } from '@uniquair/domain/search/passengers';
import { useMemo } from 'react';
import { useIntl } from 'react-intl';
import { Link, useNavigate } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { rememberedTrip } from '../../../lib/chosen-trip.ts';
import { useCityName } from '../../../lib/city-names.ts';
import { chosenFlights, totalIn, totalsByCurrency } from '../chosen-flights.ts';
import { useMoney } from '../hooks/use-money.ts';
import { useTripSearch } from '../hooks/use-trip-search.ts';
import { bagsSearch, readBags } from '../bags.ts';
import { legIssue, resultsHref, tripLegs, withLegChoice, type RouteNetwork } from '../trip.ts';
import { formatDay, formatDuration, formatLocalTime, formatPassengers } from './flight-format.ts';
import { legTitle } from './leg-results.tsx';
import styles from './basket-overlay.module.css';

export interface BasketOverlayProps {
  readonly pathname: string;
  readonly search: string;
  readonly network: RouteNetwork;
}

/**
 * The basket (`#basket`, SPEC §2): the flights chosen for the trip on this page (or, elsewhere,
 * the trip of this visit), the passengers and the total in the visitor's currency; continue goes
 * to the booking flow (`/choose/…`).
 */
export function BasketOverlay({ pathname, search, network }: BasketOverlayProps) {
  const intl = useIntl();
  const money = useMoney();
  const navigate = useNavigate();
  const onResults = isSearchResultPath(pathname);
  // The remembered trip carries its `?bags=` (the results page writes it with the path).
  const tripPath = onResults ? pathname + bagsSearch(readBags(search)) : rememberedTrip();
  const [tripPathname = '', tripQuery = ''] = (tripPath ?? '').split('?');
  const bags = readBags(tripQuery);
  const trip = tripPath ? parseSearchPath(tripPathname) : null;
  const cityName = useCityName();
  const legs = useMemo(
    () => (trip ? tripLegs(trip.view, trip.destinations, network, cityName) : []),
    // The parsed trip changes only with its path.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [tripPath, network, cityName],
  );
  const anyChosen = legs.some((leg) => leg.destination.flightId !== null);
  const requests = useMemo(
    () =>
      legs.map((leg) => ({
        routeId: leg.route.id,
        date: leg.destination.date,
        searchable: anyChosen && legIssue(leg) === null,
      })),
    [legs, anyChosen],
  );
  const passengers = trip?.passengers ?? { adults: 1, children: 0, infants: 0 };
  const tripSearch = useTripSearch(requests, passengers, bags);

  if (!trip || !tripPath || legs.length === 0 || !anyChosen) {
    return (
      <div className={styles.basket}>
        <p>{intl.formatMessage({ id: 'basket.empty' })}</p>
        <Link
          className={styles.secondary}
          to={tripPath && !onResults ? tripPath : paths.home.getHref()}
        >
          {intl.formatMessage({
            id: tripPath && !onResults ? 'search.basket.backToResults' : 'nav.findFlights',
          })}
        </Link>
      </div>
    );
  }

  const outcomes = tripSearch.legs.map((state) =>
    state.phase === 'done' || state.phase === 'expired' ? state.outcome : null,
  );
  const chosen = chosenFlights(legs, outcomes, passengers, bags);
  const complete = chosen.every((entry) => entry !== null);
  const totals = totalsByCurrency(chosen);
  const [onlyCurrency] = totals.keys();
  const totalCurrency =
    onlyCurrency === undefined ? money.currency : money.currencyOf(onlyCurrency);
  const total = money.format(totalIn(totals, money.convert), { currency: totalCurrency });
  const seats = seatedPassengers(passengers);
  const charged = chargeCurrency(money.currency);

  return (
    <div className={styles.basket}>
      <p className={styles.passengers}>{formatPassengers(intl, passengers)}</p>
      <ol className={styles.legs}>
        {legs.map((leg, index) => {
          const entry = chosen[index];
          const state = tripSearch.legs[index];
          const first = entry?.flight.segments[0];
          const last = entry?.flight.segments.at(-1);
          return (
            <li key={leg.index} className={styles.leg}>
              <h3 className={styles.legTitle}>{legTitle(intl, leg)}</h3>
              <p className={styles.muted}>{formatDay(intl, leg.destination.date, 'full')}</p>
              {entry && first && last ? (
                <>
                  <p>
                    {intl.formatMessage(
                      { id: 'search.basket.flight' },
                      {
                        departure: formatLocalTime(intl, first.departureLocal),
                        arrival: formatLocalTime(intl, last.arrivalLocal),
                        duration: formatDuration(intl, entry.flight.duration),
                        numbers: intl.formatList(
                          entry.flight.segments.map((segment) => segment.flightNumber),
                        ),
                      },
                    )}
                  </p>
                  <p>
                    {intl.formatMessage(
                      { id: 'search.basket.fare' },
                      {
                        fare: intl.formatMessage(
                          { id: 'search.fare.name' },
                          {
                            cabin: intl.formatMessage({ id: `search.cabin.${entry.fare.cabin}` }),
                            letter: entry.fare.letter,
                          },
                        ),
                        price: money.show(entry.unitPrice, entry.currency),
                        seats,
                        subtotal: money.show(entry.subtotal, entry.currency),
                      },
                    )}
                  </p>
                  {onResults ? (
                    <button
                      type="button"
                      className={styles.textButton}
                      onClick={() =>
                        void navigate(
                          `${resultsHref(
                            trip.view,
                            passengers,
                            withLegChoice(trip.destinations, index, null),
                            search,
                          )}#basket`,
                          { replace: true, preventScrollReset: true },
                        )
                      }
                    >
                      {intl.formatMessage(
                        { id: 'search.basket.remove' },
                        { leg: legTitle(intl, leg) },
                      )}
                    </button>
                  ) : null}
                </>
              ) : (
                <p className={styles.muted}>
                  {state?.phase === 'searching'
                    ? intl.formatMessage({ id: 'search.leg.searching' })
                    : intl.formatMessage({ id: 'search.basket.notChosen' })}
                </p>
              )}
            </li>
          );
        })}
      </ol>
      <p className={styles.total}>
        {intl.formatMessage(
          { id: complete ? 'search.summary.total' : 'search.summary.soFar' },
          { price: total, seats },
        )}
      </p>
      {passengers.infants > 0 ? (
        <p className={styles.muted}>{intl.formatMessage({ id: 'search.basket.infants' })}</p>
      ) : null}
      {charged !== money.currency ? (
        <p className={styles.muted}>
          {intl.formatMessage({ id: 'search.basket.chargeCurrency' }, { currency: charged })}
        </p>
      ) : null}
      <p className={styles.muted}>{intl.formatMessage({ id: 'search.basket.confirmed' })}</p>
      <div className={styles.actions}>
        {complete ? (
          <Link className={styles.primary} to={paths.flow.getHref()}>
            {intl.formatMessage({ id: 'search.basket.continue' })}
          </Link>
        ) : (
          <p className={styles.muted}>{intl.formatMessage({ id: 'search.summary.chooseAll' })}</p>
        )}
        {onResults ? null : (
          <Link className={styles.secondary} to={tripPath}>
            {intl.formatMessage({ id: 'search.basket.backToResults' })}
          </Link>
        )}
      </div>
    </div>
  );
}
