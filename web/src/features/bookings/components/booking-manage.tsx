import type { BookingDetail } from '@uniquair/contract/booking';
import type { ItineraryAirport } from '../../../components/booking/booking-itinerary.tsx';
import { AddToCalendar } from './add-to-calendar.tsx';
import { BookingFeedbackForm } from './booking-feedback.tsx';
import { BookingHelp } from './booking-help.tsx';
import { ResendTickets } from './resend-tickets.tsx';
import { ShareBooking } from './share-booking.tsx';

/** Statuses of a confirmed trip: it can go in a calendar, be shared, its tickets re-sent. */
const CONFIRMED = new Set<string>(['paid', 'ticketed', 'pay_at_airline']);

/**
 * Managing a booking on its page (SPEC §2 booking): add to calendar, share, re-send the tickets
 * (confirmed bookings), and the feedback form.
 */
export function ManageBooking({
  booking,
  airports,
}: {
  readonly booking: BookingDetail;
  readonly airports: readonly ItineraryAirport[];
}) {
  const confirmed = CONFIRMED.has(booking.status);
  return (
    <>
      {confirmed ? <AddToCalendar booking={booking} airports={airports} /> : null}
      {confirmed ? <ShareBooking pnr={booking.pnr} /> : null}
      {confirmed ? <ResendTickets pnr={booking.pnr} /> : null}
      <BookingHelp pnr={booking.pnr} />
      <BookingFeedbackForm booking={booking} />
    </>
  );
}
