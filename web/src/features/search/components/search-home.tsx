import type { BagCount } from '@uniquair/domain/pricing/fare-rules';
import { DEFAULT_PASSENGERS, type Passengers } from '@uniquair/domain/search/passengers';
import { useCallback, useMemo, useState } from 'react';
import { useNearestOrigin } from '../hooks/use-nearest-origin.ts';
import { originAirports } from '../search-form-state.ts';
import type { RouteNetwork } from '../trip.ts';
import { NearestOriginNotice } from './nearest-origin-notice.tsx';
import { OriginOffers } from './origin-offers.tsx';
import { SearchForm } from './search-form.tsx';
import styles from './search-home.module.css';

/**
 * Home's search (SPEC §1, §2): the search form, starting from the nearest airport when the
 * location permission allows, and the offers from the chosen departure airport, priced with the
 * checked bags chosen in the form and searched for its passengers.
 */
export function SearchHome({ network }: { readonly network: RouteNetwork }) {
  const origins = useMemo(() => originAirports(network), [network]);
  const nearest = useNearestOrigin(origins);
  const [origin, setOrigin] = useState<string | null>(null);
  const airport = origins.find((entry) => entry.id === origin) ?? null;
  const [travellers, setTravellers] = useState<{ passengers: Passengers; bags: BagCount }>({
    passengers: DEFAULT_PASSENGERS,
    bags: 0,
  });
  const onTravellersChange = useCallback(
    (passengers: Passengers, bags: BagCount) => setTravellers({ passengers, bags }),
    [],
  );
  return (
    <div className={styles.home}>
      <SearchForm
        network={network}
        defaultOrigin={nearest.airport?.id ?? null}
        onOriginChange={setOrigin}
        onTravellersChange={onTravellersChange}
      />
      <NearestOriginNotice nearest={nearest} />
      <OriginOffers airport={airport} passengers={travellers.passengers} bags={travellers.bags} />
    </div>
  );
}
