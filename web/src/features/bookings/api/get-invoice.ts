import { apiGetFile } from '../../../lib/api-client.ts';
import { bookingAccessHeaders } from '../../../lib/booking-access.ts';

/** The file name the invoice is saved under (the server's own name for it). */
export function invoiceFileName(invoiceNumber: string): string {
  return `uniquair-invoice-${invoiceNumber}.pdf`;
}

/** The file name the credit note is saved under (the server's own name for it). */
export function creditNoteFileName(creditNoteNumber: string): string {
  return `uniquair-credit-note-${creditNoteNumber}.pdf`;
}

/** A booking's documents: `invoice` once paid, `cancellation-invoice` once a refund is made. */
export type BookingDocument = 'invoice' | 'cancellation-invoice';

/**
 * `GET /api/booking/{pnr}/invoice` (the invoice PDF of a paid booking) or
 * `GET /api/booking/{pnr}/cancellation-invoice` (the credit note of its refund), with the same
 * access as reading the booking (the signed-in owner, or this device's booking token).
 */
export function getBookingDocument(pnr: string, document: BookingDocument): Promise<Blob> {
  return apiGetFile(`/api/booking/${encodeURIComponent(pnr.toUpperCase())}/${document}`, {
    headers: bookingAccessHeaders(pnr),
  });
}

/** Saves a file the browser holds under a name (the "download" of a link to it). */
export function saveFile(file: Blob, name: string): void {
  const url = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked after the click has been handled, so the download keeps its source.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
