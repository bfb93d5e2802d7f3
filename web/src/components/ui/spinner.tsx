import type { SpinnerSize } from '@uniquair/domain/config/layout';
import { useContext } from 'react';
import { IntlContext, type IntlShape } from 'react-intl';
import styles from './spinner.module.css';

export interface SpinnerProps {
  /**
   * One of SPEC §2's sizes (`SPINNER_SIZES`): a square of 24, 48, 72 or 96 px, or `full`, a 96 px
   * spinner centred over the whole viewport.
   */
  readonly size?: SpinnerSize;
  /** What is loading; defaults to the catalogue's "Loading…". */
  readonly label?: string;
}

/**
 * A loading indicator announced to assistive technology as a status. Its text label comes from
 * the catalogue; in the first moments of start-up, before any catalogue has loaded, it is
 * visual only.
 */
export function Spinner({ size = 48, label }: SpinnerProps) {
  // Read the context directly: unlike useIntl, this works outside IntlProvider.
  const intl = useContext(IntlContext) as IntlShape | null;
  const text = label ?? intl?.formatMessage({ id: 'app.loading' });
  return (
    <div role="status" className={size === 'full' ? styles.fullScreen : styles.inline}>
      <span className={styles.circle} data-size={size} aria-hidden="true" />
      {text ? <span className="visually-hidden">{text}</span> : null}
    </div>
  );
}
