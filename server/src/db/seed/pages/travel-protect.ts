import type { PageContent } from './page-content.ts';

export const TRAVEL_PROTECT: readonly PageContent[] = [
  {
    slug: 'travel-protect',
    locale: 'en',
    title: 'Travel Protect',
    body: `Travel Protect is the optional cover you can add to a Uniquair booking on the passenger details page. It is priced per passenger and per trip, and it is shown separately from the fare so you can see exactly what it costs.

## What it covers

- **Cancellation before departure.** If you cannot travel because of illness, injury or the death of a close relative, serious damage to your home, jury service or a court summons, or redundancy, you get back the fare you paid, including taxes and the booking fee.
- **Missed connections.** If the first flight of your trip is late and you miss a connection that was booked on the same Uniquair booking, we rebook you on the next available flight at no cost, or refund the unused part if there is no sensible alternative.
- **Delay assistance.** For a delay of more than four hours, you can claim up to 60 USD per passenger for meals and refreshments, and up to 150 USD per night for a hotel if the delay runs overnight.
- **Baggage delay.** If your checked bag arrives more than 12 hours after you do, you can claim up to 250 USD for essential clothing and toiletries.

## What it does not cover

Travel Protect does not cover a change of plans, conditions you knew about when you booked, travel against medical advice, missing a flight because you arrived late at the airport, or losses caused by missing travel documents or visas. It is not a substitute for travel health insurance: medical treatment abroad is not included.

## How to claim

Open your booking under **My bookings** and choose **Get help with this booking**, write *Travel Protect claim* as the subject, and attach photos of your receipts and any supporting documents (a medical certificate, the airline's delay confirmation, a property irregularity report for baggage). Claims should reach us within 30 days of the event. We reply within five working days and pay approved claims to the card or account used for the booking.

## Cooling-off period

You can cancel Travel Protect for a full refund within 14 days of buying it, as long as you have not travelled and have not made a claim.`,
  },
];
