import { useIntl } from 'react-intl';
import styles from './search-results.module.css';

export interface ExpiryNoticeProps {
  /** A leg whose result expired is being searched again. */
  readonly reloading: boolean;
  /** When expired results were last searched again, until dismissed. */
  readonly reloadedAt: Date | null;
  readonly onDismiss: () => void;
}

/**
 * A search result expires (prices change, DESIGN §5): 'Search result expired', 'Search expired,
 * will reload' while it is searched again, then when the flights shown were searched.
 */
export function ExpiryNotice({ reloading, reloadedAt, onDismiss }: ExpiryNoticeProps) {
  const intl = useIntl();
  const shown = reloading || reloadedAt !== null;
  return (
    <div role="status" className={shown ? styles.expiry : undefined}>
      {shown ? (
        <>
          <p className={styles.noticeTitle}>{intl.formatMessage({ id: 'search.expired.title' })}</p>
          {reloading ? (
            <p className={styles.expiryLine}>
              <span className={styles.spinner} aria-hidden="true" />
              <span>{intl.formatMessage({ id: 'search.expired.reloading' })}</span>
            </p>
          ) : (
            <p className={styles.expiryLine}>
              <span>
                {intl.formatMessage(
                  { id: 'search.expired.reloaded' },
                  {
                    time: intl.formatTime(reloadedAt ?? new Date(), {
                      hour: 'numeric',
                      minute: '2-digit',
                    }),
                  },
                )}
              </span>
              <button type="button" className={styles.textButton} onClick={onDismiss}>
                {intl.formatMessage({ id: 'search.expired.dismiss' })}
              </button>
            </p>
          )}
        </>
      ) : null}
    </div>
  );
}
