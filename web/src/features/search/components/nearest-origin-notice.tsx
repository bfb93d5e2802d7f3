import { useIntl } from 'react-intl';
import type { NearestOrigin } from '../hooks/use-nearest-origin.ts';
import styles from './search-home.module.css';

/**
 * The location toggle's effect on the search (SPEC §4 location permission): an offer to use the
 * traveller's location while the browser would ask, the nearest airport once it is known, or a
 * word on why it is not.
 */
export function NearestOriginNotice({ nearest }: { readonly nearest: NearestOrigin }) {
  const intl = useIntl();
  const { permission, status, airport, distanceKm } = nearest;
  if (permission === 'unsupported') return null;
  let content;
  if (status === 'locating') {
    content = <p>{intl.formatMessage({ id: 'search.nearest.locating' })}</p>;
  } else if (permission === 'granted' && airport) {
    content = (
      <p>
        {intl.formatMessage(
          { id: 'search.nearest.found' },
          {
            airport: `${airport.name} (${airport.id})`,
            distance: intl.formatNumber(Math.round(distanceKm ?? 0), {
              style: 'unit',
              unit: 'kilometer',
            }),
          },
        )}
      </p>
    );
  } else if (status === 'unavailable' && permission !== 'denied') {
    content = <p>{intl.formatMessage({ id: 'search.nearest.unavailable' })}</p>;
  } else if (permission === 'denied') {
    content = <p>{intl.formatMessage({ id: 'search.nearest.denied' })}</p>;
  } else if (permission === 'prompt') {
    content = (
      <>
        <p>{intl.formatMessage({ id: 'search.nearest.prompt' })}</p>
        <button type="button" className={styles.locateButton} onClick={nearest.locate}>
          {intl.formatMessage({ id: 'search.nearest.use' })}
        </button>
      </>
    );
  } else {
    content = null;
  }
  return (
    <div className={styles.nearest} role="status">
      {content}
    </div>
  );
}
