import type { MessageKey } from '@uniquair/i18n/messages';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { Button } from '../../../components/ui/button.tsx';
import { TextInput } from '../../../components/ui/text-input.tsx';
import { useShareBooking, useStopSharing } from '../api/manage-booking.ts';
import styles from './booking-manage.module.css';

/**
 * "Share the trip" on the booking page: creates a read-only link (flights and names only), shows
 * it once with a copy button (and the system share sheet where the browser has one), and stops
 * sharing. A new link stops the previous one.
 */
export function ShareBooking({ pnr }: { readonly pnr: string }) {
  const intl = useIntl();
  const share = useShareBooking(pnr);
  const stop = useStopSharing(pnr);
  const [link, setLink] = useState<string | null>(null);
  const [status, setStatus] = useState<MessageKey | null>(null);
  const [problem, setProblem] = useState<MessageKey | null>(null);
  const canShare = typeof navigator !== 'undefined' && typeof navigator.share === 'function';

  const create = () => {
    setStatus(null);
    setProblem(null);
    share.mutate(undefined, {
      onSuccess: ({ url }) => setLink(url),
      onError: () => setProblem('manageBooking.share.failed'),
    });
  };
  const stopSharing = () => {
    setStatus(null);
    setProblem(null);
    stop.mutate(undefined, {
      onSuccess: () => {
        setLink(null);
        setStatus('manageBooking.share.stopped');
      },
      onError: () => setProblem('manageBooking.share.stopFailed'),
    });
  };
  const copy = async (url: string) => {
    try {
      await navigator.clipboard.writeText(url);
      setStatus('manageBooking.share.copied');
    } catch {
      setStatus('manageBooking.share.copyFailed');
    }
  };
  const sendWithSystem = async (url: string) => {
    try {
      await navigator.share({
        title: intl.formatMessage({ id: 'manageBooking.share.sendTitle' }),
        url,
      });
    } catch {
      // Closing the share sheet is not a failure; the link stays shown to copy.
    }
  };

  return (
    <section className={styles.section} aria-labelledby="booking-share">
      <h2 id="booking-share">{intl.formatMessage({ id: 'manageBooking.share.title' })}</h2>
      <p className={styles.muted}>{intl.formatMessage({ id: 'manageBooking.share.intro' })}</p>
      {link === null ? null : (
        <>
          <TextInput
            label={intl.formatMessage({ id: 'manageBooking.share.linkLabel' })}
            hint={intl.formatMessage({ id: 'manageBooking.share.once' })}
            type="url"
            value={link}
            readOnly
            className={styles.link}
            onFocus={(event) => event.currentTarget.select()}
          />
          <div className={styles.actions}>
            <Button variant="secondary" onClick={() => void copy(link)}>
              {intl.formatMessage({ id: 'manageBooking.share.copy' })}
            </Button>
            {canShare ? (
              <Button variant="secondary" onClick={() => void sendWithSystem(link)}>
                {intl.formatMessage({ id: 'manageBooking.share.send' })}
              </Button>
            ) : null}
          </div>
        </>
      )}
      <div className={styles.actions}>
        <Button onClick={create} loading={share.isPending}>
          {intl.formatMessage({
            id: link === null ? 'manageBooking.share.create' : 'manageBooking.share.renew',
          })}
        </Button>
        <Button variant="text" onClick={stopSharing} loading={stop.isPending}>
          {intl.formatMessage({ id: 'manageBooking.share.stop' })}
        </Button>
      </div>
      <p role="status">{status === null ? null : intl.formatMessage({ id: status })}</p>
      {problem === null ? null : (
        <p role="alert" className={styles.problem}>
          {intl.formatMessage({ id: problem })}
        </p>
      )}
    </section>
  );
}
