import type { BookingDetail } from '@uniquair/contract/booking';

export type BookingTicket = BookingDetail['tickets'][number];

/**
 * The tickets of one flight of a booking in passenger order, each passenger's in flown order (a
 * connection has a ticket per segment): position `n` of this list is the `ticketIndex` of
 * `/bookings/{pnr}/flight/{flightIndex}/ticket/{ticketIndex}`.
 */
export function ticketsOfFlight(booking: BookingDetail, flightIndex: number): BookingTicket[] {
  return booking.tickets
    .filter((ticket) => ticket.flightIndex === flightIndex)
    .sort((a, b) => a.passengerIndex - b.passengerIndex || a.segmentIndex - b.segmentIndex);
}
