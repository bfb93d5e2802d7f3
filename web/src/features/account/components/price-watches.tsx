import type { PriceWatch } from '@uniquair/contract/price-watch';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useIntl, type IntlShape } from 'react-intl';
import {
  airportIndex,
  type ItineraryAirport,
} from '../../../components/booking/booking-itinerary.tsx';
import { formatMoney } from '../../../components/booking/format-money.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useCityName } from '../../../lib/city-names.ts';
import {
  priceWatchesQueryOptions,
  stopPriceWatch,
  usePriceWatches,
} from '../../../lib/price-watch.ts';
import styles from './account.module.css';

function money(intl: IntlShape, price: { amount: number; currency: string }): string {
  return formatMoney(intl, price.amount, price.currency);
}

function whenOf(intl: IntlShape, watch: PriceWatch): string {
  return watch.month !== null
    ? intl.formatDate(new Date(`${watch.month}-01T00:00:00Z`), {
        month: 'long',
        year: 'numeric',
        timeZone: 'UTC',
      })
    : intl.formatDate(new Date(`${watch.date ?? watch.endsOn}T00:00:00Z`), {
        dateStyle: 'medium',
        timeZone: 'UTC',
      });
}

export interface PriceWatchesProps {
  /** The route list's airports, to name the places of a watch by their cities. */
  readonly airports: readonly ItineraryAirport[];
}

/**
 * The signed-in traveller's price watches (docs/price-watch.md): route (by city names, as the
 * results and bookings name it) and day or month, the price when the watch began and now, and
 * "Stop watching". While the list loads, a loading indicator; "none" only once it has loaded.
 */
export function PriceWatches({ airports }: PriceWatchesProps) {
  const intl = useIntl();
  const cityName = useCityName();
  const places = useMemo(() => airportIndex(airports, cityName), [airports, cityName]);
  const queryClient = useQueryClient();
  const { data, isPending, isError } = usePriceWatches();
  const stop = useMutation({
    mutationFn: (number: number) => stopPriceWatch(number),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: priceWatchesQueryOptions().queryKey }),
  });
  const watches = data?.watches ?? [];
  return (
    <section className={styles.section} aria-labelledby="price-watches-heading">
      <h2 id="price-watches-heading">{intl.formatMessage({ id: 'priceWatch.account.title' })}</h2>
      {isPending ? (
        <Spinner size={24} />
      ) : isError ? (
        <p>{intl.formatMessage({ id: 'bookings.loadFailed' })}</p>
      ) : watches.length === 0 ? (
        <p className={styles.muted}>{intl.formatMessage({ id: 'priceWatch.account.empty' })}</p>
      ) : (
        <ul className={styles.passengers}>
          {watches.map((watch) => {
            const place = (code: string) => places.get(code)?.city ?? code;
            const route = `${place(watch.from)} → ${place(watch.to)}`;
            const when = whenOf(intl, watch);
            return (
              <li key={watch.number} className={styles.passenger}>
                <div>
                  <p>
                    <span>{route}</span>, <span>{when}</span>
                  </p>
                  {watch.subscribedPrice ? (
                    <p className={styles.muted}>
                      {intl.formatMessage(
                        { id: 'priceWatch.account.was' },
                        { price: money(intl, watch.subscribedPrice) },
                      )}
                    </p>
                  ) : null}
                  <p className={styles.muted}>
                    {watch.currentPrice
                      ? intl.formatMessage(
                          { id: 'priceWatch.account.now' },
                          { price: money(intl, watch.currentPrice) },
                        )
                      : intl.formatMessage({ id: 'priceWatch.account.notOnSale' })}
                  </p>
                </div>
                <Button
                  variant="secondary"
                  size="sm"
                  loading={stop.isPending && stop.variables === watch.number}
                  aria-label={intl.formatMessage(
                    { id: 'priceWatch.account.stopLabel' },
                    { route, when },
                  )}
                  onClick={() => stop.mutate(watch.number)}
                >
                  {intl.formatMessage({ id: 'priceWatch.stop' })}
                </Button>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
