import type { Passengers } from '@uniquair/domain/search/passengers';
import { MAX_SEATED_PASSENGERS } from '@uniquair/domain/search/passengers';
import { useIntl } from 'react-intl';
import { passengerLimits, passengerMinimum, type PassengerKind } from '../search-form-state.ts';
import styles from './search-form.module.css';

const KINDS: readonly PassengerKind[] = ['adults', 'children', 'infants'];

const LABELS = {
  adults: 'search.form.adults',
  children: 'search.form.children',
  infants: 'search.form.infants',
} as const;

const COUNTS = {
  adults: 'search.form.adultsCount',
  children: 'search.form.childrenCount',
  infants: 'search.form.infantsCount',
} as const;

export interface PassengersPickerProps {
  readonly passengers: Passengers;
  readonly onChange: (kind: PassengerKind, count: number) => void;
}

/**
 * Adults, children and infants (SPEC §3, §4): at least one adult, no more infants than adults
 * (each travels on an adult's lap), and at most nine seats for adults and children together.
 * A button that would break a rule is disabled, and the rules are said under the counts.
 */
export function PassengersPicker({ passengers, onChange }: PassengersPickerProps) {
  const intl = useIntl();
  const limits = passengerLimits(passengers);
  return (
    <fieldset className={styles.passengers}>
      <legend className={styles.groupLabel}>
        {intl.formatMessage({ id: 'search.form.passengers' })}
      </legend>
      <div className={styles.counters}>
        {KINDS.map((kind) => {
          const count = passengers[kind];
          return (
            <div key={kind} className={styles.counter}>
              <span className={styles.counterLabel} aria-hidden="true">
                {intl.formatMessage({ id: LABELS[kind] })}
              </span>
              <div className={styles.stepper}>
                <button
                  type="button"
                  className={styles.stepButton}
                  aria-label={intl.formatMessage({ id: 'search.form.fewer' }, { kind })}
                  disabled={count <= passengerMinimum(kind)}
                  onClick={() => onChange(kind, count - 1)}
                >
                  −
                </button>
                <span className={styles.count} aria-live="polite" aria-atomic="true">
                  <span aria-hidden="true">{intl.formatNumber(count)}</span>
                  <span className="visually-hidden">
                    {intl.formatMessage({ id: COUNTS[kind] }, { count })}
                  </span>
                </span>
                <button
                  type="button"
                  className={styles.stepButton}
                  aria-label={intl.formatMessage({ id: 'search.form.more' }, { kind })}
                  disabled={count >= limits[kind]}
                  onClick={() => onChange(kind, count + 1)}
                >
                  +
                </button>
              </div>
            </div>
          );
        })}
      </div>
      <p className={styles.rules}>
        {intl.formatMessage({ id: 'search.form.passengerRules' }, { max: MAX_SEATED_PASSENGERS })}
      </p>
    </fieldset>
  );
}
