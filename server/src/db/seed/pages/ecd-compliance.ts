import type { PageContent } from './page-content.ts';
import { SUPPORT_EMAIL } from './page-content.ts';

export const ECD_COMPLIANCE: readonly PageContent[] = [
  {
    slug: 'ecd-compliance',
    locale: 'en',
    title: 'E-Commerce Directive information',
    body: `The EU E-Commerce Directive (2000/31/EC) asks online services to say clearly who they are and how a contract is made. Here is that information for Uniquair.

## The service provider

Uniquair is an online travel service that sells scheduled flights of partner airlines. You can contact us directly and quickly through a support ticket in the app, through the contact page, or by e-mail at ${SUPPORT_EMAIL}.

## How a booking contract is made

1. You search for flights and choose the ones you want; this is an invitation to book, not an offer by us.
2. You enter the passengers' details and the contact details, and review everything on the summary page. Until you press the pay button you can go back and correct any entry.
3. When you pay, you make an offer to book. The contract is concluded when we confirm the booking by e-mail with your booking reference; the airline's contract of carriage is concluded when it issues the tickets.

## Languages and records

Bookings can be made in all languages offered in the app. We store your booking and send you its confirmation, tickets and invoice by e-mail; you can also view and download them at any time in **My bookings**, and print or save these terms.

## Codes of conduct

We follow the consumer-protection guidance of the airline and travel-agency associations of the countries we sell in, and we apply the EU passenger-rights rules to the information we give about delays and cancellations.

## Commercial communications

We only send you marketing e-mails or notifications if you have asked for them, and every message contains a link to stop them. Messages about your booking — confirmations, schedule changes and payment reminders — are part of the service and are always sent.`,
  },
];
