import { useIntl } from 'react-intl';
import styles from './search-progress-bar.module.css';

export interface SearchProgressBarProps {
  readonly searching: boolean;
  /** 0–100. */
  readonly progress: number;
  /** Flights found once every leg is done; null while searching. */
  readonly flightsFound: number | null;
}

/**
 * The search's progress (SPEC §4): a progress bar while any leg is searched, and a status line
 * that says when the search is complete and how many flights it found.
 */
export function SearchProgressBar({ searching, progress, flightsFound }: SearchProgressBarProps) {
  const intl = useIntl();
  const percent = intl.formatNumber(progress / 100, { style: 'percent' });
  return (
    <div className={styles.progress}>
      {searching ? (
        <>
          <div
            className={styles.progressTrack}
            role="progressbar"
            aria-label={intl.formatMessage({ id: 'search.progress.label' })}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={progress}
            aria-valuetext={percent}
          >
            <div className={styles.progressFill} style={{ inlineSize: `${progress}%` }} />
          </div>
          <p className={styles.progressText} aria-hidden="true">
            {intl.formatMessage({ id: 'search.progress.searching' }, { percent })}
          </p>
        </>
      ) : null}
      <p className={searching ? 'visually-hidden' : styles.progressText} role="status">
        {flightsFound === null
          ? ''
          : intl.formatMessage({ id: 'search.progress.done' }, { count: flightsFound })}
      </p>
    </div>
  );
}
