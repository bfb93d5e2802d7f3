import type { Airport } from '@uniquair/contract/data';
import { useMemo } from 'react';
import { useIntl } from 'react-intl';
import {
  AirportSelect,
  type AirportSelectProps,
  type AirportSuggestion,
} from '../../../components/ui/airport-select.tsx';
import { useOffers } from '../api/get-offers.ts';
import { useMoney } from '../hooks/use-money.ts';

export interface DestinationSelectProps extends Omit<
  AirportSelectProps<Airport>,
  'suggestions' | 'suggestionsLabel'
> {
  /** The departure airport chosen for this flight, or null. */
  readonly origin: Airport | null;
}

/**
 * The "To" field: the destinations flown from the chosen departure airport. Focusing it lists
 * them before anything is typed, cheapest first with their lowest price in the coming weeks
 * (`cheapest-price/{airportId}/offers`, the same answer the home page's offers show), then those
 * without a price, by city.
 */
export function DestinationSelect({ origin, airports, ...props }: DestinationSelectProps) {
  const intl = useIntl();
  const money = useMoney();
  const offers = useOffers(origin?.id ?? null);
  const data = offers.data;
  const suggestions = useMemo<AirportSuggestion<Airport>[]>(() => {
    const priced = new Map(data?.offers.map((offer) => [offer.destination.id, offer]));
    const withPrice = airports
      .filter((airport) => priced.has(airport.id))
      .sort((a, b) => (priced.get(a.id)?.price ?? 0) - (priced.get(b.id)?.price ?? 0));
    const others = airports
      .filter((airport) => !priced.has(airport.id))
      .sort((a, b) => a.city.localeCompare(b.city, intl.locale));
    return [
      ...withPrice.map((airport) => {
        const offer = priced.get(airport.id);
        const price =
          offer && data ? money.show(offer.price, data.currency, { whole: true }) : null;
        return {
          airport,
          note: price ? intl.formatMessage({ id: 'search.price.from' }, { price }) : undefined,
        };
      }),
      ...others.map((airport) => ({ airport })),
    ];
  }, [airports, data, intl, money]);

  return (
    <AirportSelect
      {...props}
      airports={airports}
      suggestions={origin ? suggestions : undefined}
      suggestionsLabel={
        origin
          ? intl.formatMessage({ id: 'search.form.toSuggestions' }, { city: origin.city })
          : undefined
      }
    />
  );
}
