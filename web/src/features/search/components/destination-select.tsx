import type { Airport } from '@uniquair/contract/data';
import { useMemo } from 'react';
import { useIntl } from 'react-intl';
import {
  AirportSelect,
  type AirportSelectProps,
  type AirportSuggestion,
} from '../../../components/ui/airport-select.tsx';
import type { BagCount } from '@uniquair/domain/pricing/fare-rules';
import { useCityName } from '../../../lib/city-names.ts';
import { useOffers } from '../api/get-offers.ts';
import { useMoney } from '../hooks/use-money.ts';

export interface DestinationSelectProps extends Omit<
  AirportSelectProps<Airport>,
  'suggestions' | 'suggestionsLabel'
> {
  /** The departure airport chosen for this flight, or null. */
  readonly origin: Airport | null;
  /** Checked bags per passenger: the prices listed are all-in with them. */
  readonly bags?: BagCount;
}

/**
 * The "To" field: the destinations flown from the chosen departure airport. Focusing it lists
 * them before anything is typed, cheapest first with their lowest price in the coming weeks
 * (`cheapest-price/{airportId}/offers`, the same answer the home page's offers show), then those
 * without a price, by city (its name in the UI language).
 */
export function DestinationSelect({
  origin,
  airports,
  bags = 0,
  ...props
}: DestinationSelectProps) {
  const intl = useIntl();
  const cityName = useCityName();
  const money = useMoney();
  const offers = useOffers(origin?.id ?? null, bags);
  const data = offers.data;
  const suggestions = useMemo<AirportSuggestion<Airport>[]>(() => {
    const served = new Map(airports.map((airport) => [airport.id, airport]));
    // The offers come cheapest first, one per destination.
    const priced = (data?.offers ?? []).flatMap((offer) => {
      const airport = served.get(offer.destination.id);
      if (!airport || !data) return [];
      const price = money.show(offer.price, data.currency, { whole: true });
      return [{ airport, note: intl.formatMessage({ id: 'search.price.from' }, { price }) }];
    });
    const pricedIds = new Set(priced.map((entry) => entry.airport.id));
    const others = airports
      .filter((airport) => !pricedIds.has(airport.id))
      .sort((a, b) => cityName(a.city).localeCompare(cityName(b.city), intl.locale))
      .map((airport) => ({ airport }));
    return [...priced, ...others];
  }, [airports, data, intl, money, cityName]);

  return (
    <AirportSelect
      {...props}
      airports={airports}
      suggestions={origin ? suggestions : undefined}
      suggestionsLabel={
        origin
          ? intl.formatMessage({ id: 'search.form.toSuggestions' }, { city: cityName(origin.city) })
          : undefined
      }
    />
  );
}
