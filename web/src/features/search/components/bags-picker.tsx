import type { BagCount } from '@uniquair/domain/pricing/fare-rules';
import { useId } from 'react';
import { useIntl } from 'react-intl';
import { BAG_CHOICES } from '../bags.ts';
import styles from './search-form.module.css';

export interface BagsPickerProps {
  readonly bags: BagCount;
  readonly onChange: (bags: BagCount) => void;
}

/**
 * "Checked bags" (docs/search-experience.md "With my bags"): none, one or two per passenger, a
 * group of radio buttons (arrow keys move between them); with bags the calendars and the results
 * show all-in prices.
 */
export function BagsPicker({ bags, onChange }: BagsPickerProps) {
  const intl = useIntl();
  const name = useId();
  const hintId = `${name}-hint`;
  return (
    <fieldset className={styles.passengers} aria-describedby={hintId}>
      <legend className={styles.groupLabel}>
        {intl.formatMessage({ id: 'search.form.bags' })}
      </legend>
      <div className={styles.tripType}>
        {BAG_CHOICES.map((count) => (
          <label key={count} className={styles.tripOption}>
            <input
              type="radio"
              name={name}
              value={count}
              checked={bags === count}
              onChange={() => onChange(count)}
            />
            <span>{intl.formatMessage({ id: 'search.form.bagsOption' }, { count })}</span>
          </label>
        ))}
      </div>
      <p id={hintId} className={styles.rules}>
        {intl.formatMessage({ id: 'search.form.bagsHint' })}
      </p>
    </fieldset>
  );
}
