import { BOOKING_NOTIFICATION_MS } from '@uniquair/domain/config/timings';
import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { useAppUpdates } from '../../lib/app-updates.ts';
import { useInstallState } from '../../lib/install-prompt.ts';
import { useServedOfflineCopy } from '../../lib/pwa/offline-bookings.ts';
import { useOnline } from '../../lib/pwa/online-status.ts';
import type { PushMessage } from '../../lib/pwa/worker-messages.ts';
import styles from './app-notices.module.css';

export interface AppNoticesProps {
  /** Whether a user is signed in (after an install, an anonymous visitor is asked to sign in). */
  readonly signedIn: boolean;
  /** The last booking push message that arrived while the app is open, if any. */
  readonly bookingMessage: PushMessage | null;
  /** Where the sign-in link goes. */
  readonly signInHref: string;
}

/**
 * The notices under the top bar (SPEC §4, §8, §9): 'You appear to be offline' while offline; the
 * update prompt (900000 ms) and the "downloading" and "latest" messages (5 s); a booking push
 * message for 30 s with a link to the booking; and, right after installing, 'Please, sign in to
 * access your bookings.' for an anonymous visitor; and, when a booking is shown from its copy on
 * this device, when that copy was last synced. All are in a polite live region.
 */
export function AppNotices({ signedIn, bookingMessage, signInHref }: AppNoticesProps) {
  const intl = useIntl();
  const online = useOnline();
  const updates = useAppUpdates();
  const booking = useTimedMessage(bookingMessage, BOOKING_NOTIFICATION_MS);
  const installed = useJustInstalled();
  const offlineCopy = useServedOfflineCopy();

  return (
    <div className={styles.notices} role="status" aria-live="polite">
      {online ? null : (
        <div className={`${styles.notice} ${styles.offline}`}>
          <p className={styles.text}>{intl.formatMessage({ id: 'pwa.offline' })}</p>
        </div>
      )}
      {offlineCopy && !online ? (
        <div className={styles.notice}>
          <p className={styles.text}>
            {intl.formatMessage(
              { id: 'pwa.offlineCopy' },
              {
                pnr: offlineCopy.pnr,
                syncedAt: intl.formatDate(offlineCopy.syncedAt, {
                  dateStyle: 'medium',
                  timeStyle: 'short',
                }),
              },
            )}
          </p>
        </div>
      ) : null}
      {updates.promptVisible && updates.state === 'available' ? (
        <div className={styles.notice}>
          <p className={styles.text}>{intl.formatMessage({ id: 'pwa.updateAvailable' })}</p>
          <button type="button" className={styles.action} onClick={updates.update}>
            {intl.formatMessage({ id: 'shell.update' })}
          </button>
        </div>
      ) : null}
      {updates.state === 'updating' ? (
        <div className={styles.notice}>
          <p className={styles.text}>{intl.formatMessage({ id: 'shell.updating' })}</p>
        </div>
      ) : null}
      {updates.message ? (
        <div className={styles.notice}>
          <p className={styles.text}>
            {intl.formatMessage({
              id: updates.message === 'latest' ? 'shell.latest' : 'shell.downloading',
            })}
          </p>
        </div>
      ) : null}
      {booking?.data.pnr ? (
        <div className={styles.notice}>
          <p className={styles.text}>
            <strong>{booking.notification.title}</strong>
            {booking.notification.options.body ? ` ${booking.notification.options.body}` : null}
          </p>
          <Link className={styles.action} to={`/bookings/${booking.data.pnr}`}>
            {intl.formatMessage({ id: 'pwa.viewBooking' })}
          </Link>
        </div>
      ) : null}
      {installed && !signedIn ? (
        <div className={styles.notice}>
          <p className={styles.text}>{intl.formatMessage({ id: 'pwa.installedSignIn' })}</p>
          <Link className={styles.action} to={signInHref}>
            {intl.formatMessage({ id: 'nav.signIn' })}
          </Link>
        </div>
      ) : null}
    </div>
  );
}

/** The message while it is younger than `ms`; null after. */
function useTimedMessage(message: PushMessage | null, ms: number): PushMessage | null {
  const [expired, setExpired] = useState<PushMessage | null>(null);
  useEffect(() => {
    if (!message) return undefined;
    const timer = setTimeout(() => setExpired(message), ms);
    return () => clearTimeout(timer);
  }, [message, ms]);
  return message !== expired ? message : null;
}

/** True once the app was installed during this visit. */
function useJustInstalled(): boolean {
  const state = useInstallState();
  const [atStart] = useState(state);
  return state === 'installed' && atStart !== 'installed';
}
