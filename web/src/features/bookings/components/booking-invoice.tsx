import type { BookingDetail } from '@uniquair/contract/booking';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { Button } from '../../../components/ui/button.tsx';
import {
  creditNoteFileName,
  getBookingDocument,
  invoiceFileName,
  saveFile,
  type BookingDocument,
} from '../api/get-invoice.ts';
import styles from './booking-details.module.css';

/**
 * The accounting documents of a booking: the invoice once it is paid (`invoiceNumber` set) and
 * the credit note once a cancellation refunds it (`refund.creditNoteNumber`), each with its number
 * and a button that downloads the PDF (fetched with this device's booking token, then saved).
 */
export function BookingInvoice({ booking }: { readonly booking: BookingDetail }) {
  const intl = useIntl();
  const invoice = booking.invoiceNumber;
  if (invoice === null) return null;
  const creditNote = booking.refund?.creditNoteNumber ?? null;

  return (
    <section className={styles.section} aria-labelledby="booking-invoice">
      <h2 id="booking-invoice">{intl.formatMessage({ id: 'invoice.web.title' })}</h2>
      <DocumentDownload
        pnr={booking.pnr}
        document="invoice"
        fileName={invoiceFileName(invoice)}
        texts={{
          number: intl.formatMessage({ id: 'invoice.web.number' }, { number: invoice }),
          download: intl.formatMessage({ id: 'invoice.web.download' }),
          failed: intl.formatMessage({ id: 'invoice.web.failed' }),
        }}
      />
      {creditNote === null ? null : (
        <DocumentDownload
          pnr={booking.pnr}
          document="cancellation-invoice"
          fileName={creditNoteFileName(creditNote)}
          texts={{
            number: intl.formatMessage(
              { id: 'invoice.web.creditNoteNumber' },
              { number: creditNote },
            ),
            download: intl.formatMessage({ id: 'invoice.web.downloadCreditNote' }),
            failed: intl.formatMessage({ id: 'invoice.web.creditNoteFailed' }),
          }}
        />
      )}
    </section>
  );
}

/**
 * One document's number and download button. A failed download says so under the button, which
 * can be used again.
 */
function DocumentDownload(props: {
  readonly pnr: string;
  readonly document: BookingDocument;
  readonly fileName: string;
  readonly texts: { readonly number: string; readonly download: string; readonly failed: string };
}) {
  const intl = useIntl();
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);

  const download = async () => {
    setBusy(true);
    setFailed(false);
    try {
      saveFile(await getBookingDocument(props.pnr, props.document), props.fileName);
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <p>{props.texts.number}</p>
      <p>
        <Button variant="secondary" loading={busy} onClick={() => void download()}>
          {busy ? intl.formatMessage({ id: 'invoice.web.downloading' }) : props.texts.download}
        </Button>
      </p>
      {failed ? <p role="alert">{props.texts.failed}</p> : null}
    </>
  );
}
