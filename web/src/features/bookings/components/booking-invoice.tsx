import type { BookingDetail } from '@uniquair/contract/booking';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { Button } from '../../../components/ui/button.tsx';
import { getInvoice, invoiceFileName, saveFile } from '../api/get-invoice.ts';
import styles from './booking-details.module.css';

/**
 * The invoice of a paid booking (`invoiceNumber` set): its number and a button that downloads the
 * PDF (fetched with this device's booking token, then saved). A failed download says so where
 * the button is, and the button can be used again.
 */
export function BookingInvoice({ booking }: { readonly booking: BookingDetail }) {
  const intl = useIntl();
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const number = booking.invoiceNumber;
  if (number === null) return null;

  const download = async () => {
    setBusy(true);
    setFailed(false);
    try {
      saveFile(await getInvoice(booking.pnr), invoiceFileName(number));
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className={styles.section} aria-labelledby="booking-invoice">
      <h2 id="booking-invoice">{intl.formatMessage({ id: 'invoice.web.title' })}</h2>
      <p>{intl.formatMessage({ id: 'invoice.web.number' }, { number })}</p>
      <p>
        <Button variant="secondary" loading={busy} onClick={() => void download()}>
          {intl.formatMessage({ id: busy ? 'invoice.web.downloading' : 'invoice.web.download' })}
        </Button>
      </p>
      {failed ? <p role="alert">{intl.formatMessage({ id: 'invoice.web.failed' })}</p> : null}
    </section>
  );
}
