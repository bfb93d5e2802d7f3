import { useIntl } from 'react-intl';
import type { Consent } from '../../../lib/third-party-scripts.ts';
import styles from './consent-banner.module.css';

export interface ConsentBannerProps {
  readonly onAnswer: (consent: Consent) => void;
}

/** Asks before any analytics or live-chat script loads (SPEC §7, off unless configured). */
export function ConsentBanner({ onAnswer }: ConsentBannerProps) {
  const intl = useIntl();
  return (
    <section className={styles.banner} aria-labelledby="consent-title">
      <h2 id="consent-title" className={styles.title}>
        {intl.formatMessage({ id: 'consent.title' })}
      </h2>
      <p className={styles.text}>{intl.formatMessage({ id: 'consent.text' })}</p>
      <div className={styles.actions}>
        <button type="button" className={styles.accept} onClick={() => onAnswer('granted')}>
          {intl.formatMessage({ id: 'consent.accept' })}
        </button>
        <button type="button" className={styles.decline} onClick={() => onAnswer('denied')}>
          {intl.formatMessage({ id: 'consent.decline' })}
        </button>
      </div>
    </section>
  );
}
