import type { Airport } from '@uniquair/contract/data';
import type { Ymd } from '@uniquair/domain/dates/ymd';
import type { BagCount } from '@uniquair/domain/pricing/fare-rules';
import type { Passengers } from '@uniquair/domain/search/passengers';
import { buildSearchPath } from '@uniquair/domain/search/search-path';
import { useId, useMemo } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { useCityName } from '../../../lib/city-names.ts';
import { useOffers } from '../api/get-offers.ts';
import { bagsSearch } from '../bags.ts';
import { useMoney } from '../hooks/use-money.ts';
import { formatDay } from './flight-format.ts';
import styles from './search-home.module.css';

export interface OriginOffersProps {
  /** The departure airport (the form's, or the nearest); nothing is shown without one. */
  readonly airport: Airport | null;
  /** Who a chosen offer is searched for. */
  readonly passengers: Passengers;
  /** Checked bags per passenger: the prices are all-in with them, and the search keeps them. */
  readonly bags?: BagCount;
}

/**
 * Offers from a departure airport (SPEC §7 `cheapest-price/{airportId}/offers`): each
 * destination's cheapest day in the coming weeks, cheapest first, each a link to that search.
 */
export function OriginOffers({ airport, passengers, bags = 0 }: OriginOffersProps) {
  const intl = useIntl();
  const cityName = useCityName();
  const money = useMoney();
  const headingId = useId();
  const offers = useOffers(airport?.id ?? null, bags);
  const countries = useMemo(
    () => new Intl.DisplayNames([intl.locale], { type: 'region', fallback: 'code' }),
    [intl.locale],
  );
  if (!airport) return null;
  const data = offers.data;

  return (
    <section
      className={styles.offers}
      aria-labelledby={headingId}
      aria-busy={offers.isPending || undefined}
    >
      <h2 id={headingId} className={styles.sectionTitle}>
        {intl.formatMessage({ id: 'search.offers.title' }, { city: cityName(airport.city) })}
      </h2>
      {offers.isPending ? (
        <p className={styles.muted}>{intl.formatMessage({ id: 'search.offers.loading' })}</p>
      ) : offers.isError || !data ? (
        <p className={styles.muted}>{intl.formatMessage({ id: 'search.offers.unavailable' })}</p>
      ) : data.offers.length === 0 ? (
        <p className={styles.muted}>{intl.formatMessage({ id: 'search.offers.none' })}</p>
      ) : (
        <>
          <p className={styles.muted}>
            {intl.formatMessage(
              { id: 'search.offers.period' },
              {
                from: formatDay(intl, data.from, 'short'),
                until: formatDay(intl, data.until, 'short'),
              },
            )}
          </p>
          {bags > 0 ? (
            <p className={styles.muted}>
              {intl.formatMessage({ id: 'search.bags.allIn' }, { count: bags })}
            </p>
          ) : null}
          <ul className={styles.offerList}>
            {data.offers.map((offer) => {
              let country = offer.destination.country;
              try {
                country = countries.of(offer.destination.country) ?? country;
              } catch {
                // An unknown code is shown as it is.
              }
              const price = money.show(offer.price, data.currency, { whole: true });
              return (
                <li key={offer.route}>
                  <Link
                    className={styles.offer}
                    to={
                      buildSearchPath('flights', passengers, [
                        {
                          routeId: offer.route,
                          date: offer.date as Ymd,
                          flightId: null,
                          fareClass: null,
                        },
                      ]) + bagsSearch(bags)
                    }
                  >
                    <span className={styles.offerCity}>{cityName(offer.destination.city)}</span>
                    <span className={styles.muted}>{country}</span>
                    <span>{formatDay(intl, offer.date, 'short')}</span>
                    <span className={styles.offerPrice}>
                      {intl.formatMessage({ id: 'search.price.from' }, { price })}
                    </span>
                  </Link>
                </li>
              );
            })}
          </ul>
        </>
      )}
    </section>
  );
}
