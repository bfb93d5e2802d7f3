import { useMemo, useState } from 'react';
import { DEFAULT_PASSENGERS } from '@uniquair/domain/search/passengers';
import { useNearestOrigin } from '../hooks/use-nearest-origin.ts';
import { originAirports } from '../search-form-state.ts';
import type { RouteNetwork } from '../trip.ts';
import { NearestOriginNotice } from './nearest-origin-notice.tsx';
import { OriginOffers } from './origin-offers.tsx';
import { SearchForm } from './search-form.tsx';
import styles from './search-home.module.css';

/**
 * Home's search (SPEC §1, §2): the search form, starting from the nearest airport when the
 * location permission allows, and the offers from the chosen departure airport.
 */
export function SearchHome({ network }: { readonly network: RouteNetwork }) {
  const origins = useMemo(() => originAirports(network), [network]);
  const nearest = useNearestOrigin(origins);
  const [origin, setOrigin] = useState<string | null>(null);
  const airport = origins.find((entry) => entry.id === origin) ?? null;
  return (
    <div className={styles.home}>
      <SearchForm
        network={network}
        defaultOrigin={nearest.airport?.id ?? null}
        onOriginChange={setOrigin}
      />
      <NearestOriginNotice nearest={nearest} />
      <OriginOffers airport={airport} passengers={DEFAULT_PASSENGERS} />
    </div>
  );
}
