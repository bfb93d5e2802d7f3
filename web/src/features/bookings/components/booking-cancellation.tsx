import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { BookingDetail } from '@uniquair/contract/booking';
import type { CancellationQuoteResponse } from '@uniquair/contract/cancellation';
import { CANCELLABLE_STATUSES } from '@uniquair/domain/booking/cancellation-quote';
import type { MessageKey } from '@uniquair/i18n/messages';
import { useEffect, useId, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { formatMoney } from '../../../components/booking/format-money.ts';
import { ModalDialog } from '../../../components/overlays/modal-dialog.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { bookingQueryKey } from '../../../lib/booking-access.ts';
import { cancelBooking, getCancellationQuote, type CancelAttempt } from '../api/cancel-booking.ts';
import styles from './booking-cancellation.module.css';

/** How often the page asks again while a refund is on its way. */
export const REFUND_POLL_MS = 3_000;

/** The cancellation section's element id, for links to it (an unanswered schedule change). */
export const CANCELLATION_SECTION_ID = 'booking-cancellation';

/** Error codes of the cancel and their texts; anything else is the generic text. */
const ERROR_TEXTS: Readonly<Record<string, MessageKey>> = {
  CANCELLATION_QUOTE_CHANGED: 'cancellation.apiError.quoteChanged',
  BOOKING_ALREADY_CANCELLED: 'cancellation.apiError.alreadyCancelled',
  BOOKING_EXPIRED: 'cancellation.apiError.expired',
  BOOKING_ALREADY_FLOWN: 'cancellation.apiError.flown',
  PAYMENT_IN_PROGRESS: 'cancellation.apiError.paymentInProgress',
};

/** Whether the booking can be cancelled now: a cancellable status, the first flight not left. */
export function canCancel(booking: BookingDetail, now = Date.now()): boolean {
  if (!(CANCELLABLE_STATUSES as readonly string[]).includes(booking.status)) return false;
  const departure = booking.flights[0]?.segments[0]?.departureUtc;
  return departure === undefined || Date.parse(departure) > now;
}

const quoteKey = (pnr: string) => ['booking', pnr.toUpperCase(), 'cancellation-quote'] as const;

/**
 * "Manage a booking": cancelling it. The quote first (per passenger and flight: paid, fee,
 * refund, or plainly "no refund"), then a confirmation dialog; once cancelled, the refund and
 * its timeline, followed until the money is back.
 */
export function BookingCancellation({ booking }: { readonly booking: BookingDetail }) {
  if (booking.status === 'cancelled') return <CancelledRefund booking={booking} />;
  if (!canCancel(booking)) return null;
  return <CancelBookingAction booking={booking} />;
}

function CancelBookingAction({ booking }: { readonly booking: BookingDetail }) {
  const intl = useIntl();
  const titleId = useId();
  const queryClient = useQueryClient();
  const [asked, setAsked] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [working, setWorking] = useState(false);
  const [error, setError] = useState<MessageKey | null>(null);
  const attempt = useRef<CancelAttempt | null>(null);
  const quote = useQuery({
    queryKey: quoteKey(booking.pnr),
    queryFn: () => getCancellationQuote(booking.pnr),
    enabled: asked,
    staleTime: 0,
  });

  const confirm = async (offer: CancellationQuoteResponse) => {
    // A retry after a lost answer sends the same key: the booking is cancelled once.
    attempt.current ??= { key: crypto.randomUUID(), acceptedRefund: offer.refund };
    setWorking(true);
    setError(null);
    try {
      await cancelBooking(booking.pnr, attempt.current);
      attempt.current = null;
      setConfirming(false);
      // The quote is over once cancelled: not asked again (it would answer 409).
      setAsked(false);
      await queryClient.invalidateQueries({ queryKey: bookingQueryKey(booking.pnr), exact: true });
    } catch (failure) {
      setConfirming(false);
      if (isApiError(failure) && (failure.isNetworkError || failure.status >= 500)) {
        setError('cancellation.error.network');
        return;
      }
      attempt.current = null;
      setError(
        (isApiError(failure) ? ERROR_TEXTS[failure.code] : undefined) ??
          'cancellation.error.generic',
      );
      if (isApiError(failure) && failure.code === 'CANCELLATION_QUOTE_CHANGED') {
        await quote.refetch();
      } else {
        setAsked(false);
        await queryClient.invalidateQueries({
          queryKey: bookingQueryKey(booking.pnr),
          exact: true,
        });
      }
    } finally {
      setWorking(false);
    }
  };

  const money = (amount: number, currency: string) => formatMoney(intl, amount, currency);
  const offer = quote.data;

  return (
    <section id={CANCELLATION_SECTION_ID} className={styles.section} aria-labelledby={titleId}>
      <h2 id={titleId}>{intl.formatMessage({ id: 'cancellation.title' })}</h2>
      {!asked ? (
        <>
          <p>{intl.formatMessage({ id: 'cancellation.intro' })}</p>
          <div>
            <Button variant="secondary" onClick={() => setAsked(true)}>
              {intl.formatMessage({ id: 'cancellation.showQuote' })}
            </Button>
          </div>
        </>
      ) : null}
      {asked && quote.isPending ? (
        <p role="status">{intl.formatMessage({ id: 'cancellation.loading' })}</p>
      ) : null}
      {asked && quote.isError ? (
        <p role="alert">
          {intl.formatMessage({
            id:
              (isApiError(quote.error) ? ERROR_TEXTS[quote.error.code] : undefined) ??
              'cancellation.quoteFailed',
          })}
        </p>
      ) : null}
      {offer ? (
        <>
          <QuoteLines booking={booking} offer={offer} />
          <div>
            <Button
              variant="secondary"
              onClick={() => {
                setError(null);
                setConfirming(true);
              }}
            >
              {intl.formatMessage({ id: 'cancellation.cancelButton' })}
            </Button>
          </div>
          <ModalDialog
            open={confirming}
            onClose={() => setConfirming(false)}
            title={intl.formatMessage({ id: 'cancellation.confirmTitle' }, { pnr: booking.pnr })}
          >
            <p>
              {offer.refund.amount > 0
                ? intl.formatMessage(
                    { id: 'cancellation.confirmRefund' },
                    { amount: money(offer.refund.amount, offer.refund.currency) },
                  )
                : intl.formatMessage({ id: 'cancellation.confirmNoRefund' })}
            </p>
            <div className={styles.actions}>
              <Button variant="primary" loading={working} onClick={() => void confirm(offer)}>
                {intl.formatMessage({
                  id: working ? 'cancellation.working' : 'cancellation.confirm',
                })}
              </Button>
              <Button variant="secondary" onClick={() => setConfirming(false)}>
                {intl.formatMessage({ id: 'cancellation.keep' })}
              </Button>
            </div>
          </ModalDialog>
        </>
      ) : null}
      {error ? <p role="alert">{intl.formatMessage({ id: error })}</p> : null}
    </section>
  );
}

function QuoteLines({
  booking,
  offer,
}: {
  readonly booking: BookingDetail;
  readonly offer: CancellationQuoteResponse;
}) {
  const intl = useIntl();
  const money = (amount: number) => formatMoney(intl, amount, offer.refund.currency);
  const name = (index: number) => {
    const passenger = booking.passengers.find((entry) => entry.index === index);
    return passenger ? `${passenger.firstName} ${passenger.lastName}` : String(index + 1);
  };
  if (offer.paid.amount === 0) {
    return <p>{intl.formatMessage({ id: 'cancellation.unpaid' })}</p>;
  }
  return (
    <>
      {offer.scheduleChanged ? (
        <p>{intl.formatMessage({ id: 'cancellation.scheduleChanged' })}</p>
      ) : offer.freeWindow ? (
        <p>{intl.formatMessage({ id: 'cancellation.freeWindow' })}</p>
      ) : null}
      <ul className={styles.lines}>
        {offer.lines.map((line) => (
          <li key={`${line.flightIndex}-${line.passengerIndex}`}>
            {intl.formatMessage(
              {
                id:
                  line.refundable || offer.freeWindow || offer.scheduleChanged
                    ? 'cancellation.line'
                    : 'cancellation.lineNoRefund',
              },
              {
                name: name(line.passengerIndex),
                flight: line.flightIndex + 1,
                fareClass: line.fareClass,
                paid: money(line.paid),
                fee: money(line.fee),
                refund: money(line.refund),
              },
            )}
          </li>
        ))}
      </ul>
      <p>
        {intl.formatMessage({ id: 'cancellation.totalFee' }, { amount: money(offer.fee.amount) })}
      </p>
      <p className={styles.total}>
        {offer.refund.amount > 0
          ? intl.formatMessage(
              { id: 'cancellation.totalRefund' },
              { amount: money(offer.refund.amount) },
            )
          : intl.formatMessage({ id: 'cancellation.noRefund' })}
      </p>
    </>
  );
}

/** A cancelled booking's refund: amount, state and timeline; asked again until refunded. */
function CancelledRefund({ booking }: { readonly booking: BookingDetail }) {
  const intl = useIntl();
  const titleId = useId();
  const queryClient = useQueryClient();
  const { refund } = booking;
  const open = refund !== null && refund.state !== 'refunded';

  useEffect(() => {
    if (!open) return undefined;
    const timer = window.setInterval(() => {
      void queryClient.invalidateQueries({ queryKey: bookingQueryKey(booking.pnr), exact: true });
    }, REFUND_POLL_MS);
    return () => window.clearInterval(timer);
  }, [open, booking.pnr, queryClient]);

  return (
    <section className={styles.section} aria-labelledby={titleId}>
      <h2 id={titleId}>{intl.formatMessage({ id: 'cancellation.refundTitle' })}</h2>
      {refund === null ? (
        <p>{intl.formatMessage({ id: 'cancellation.noRefundCancelled' })}</p>
      ) : (
        <>
          <p className={styles.total}>
            {intl.formatMessage(
              { id: 'cancellation.refundAmount' },
              { amount: formatMoney(intl, refund.amount, refund.currency) },
            )}
          </p>
          <ol className={styles.timeline} aria-live="polite">
            {refund.timeline.map((entry) => (
              <li key={`${entry.state}-${entry.at}`}>
                <span className={styles.state}>
                  {intl.formatMessage({ id: 'cancellation.refundState' }, { state: entry.state })}
                </span>{' '}
                <time dateTime={entry.at}>
                  {intl.formatDate(entry.at, { dateStyle: 'medium', timeStyle: 'short' })}
                </time>
              </li>
            ))}
          </ol>
          <p className={styles.muted}>
            {intl.formatMessage({
              id: open ? 'cancellation.refundPending' : 'cancellation.refundDone',
            })}
          </p>
        </>
      )}
    </section>
  );
}
