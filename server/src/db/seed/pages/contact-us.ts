import type { PageContent } from './page-content.ts';
import { SUPPORT_EMAIL } from './page-content.ts';

export const CONTACT_US: readonly PageContent[] = [
  {
    slug: 'contact-us',
    locale: 'en',
    title: 'Contact us',
    body: `We are here to help before, during and after your trip. The quickest way to reach us depends on what you need.

## About an existing booking

Open the booking under **My bookings** and choose **Get help with this booking**. Your ticket reaches the team with the booking already attached, so we do not need to ask you for your booking reference again, and you can follow the replies in **Support**.

If you booked without an account, write to us with the form below and give the booking reference with the surname on the booking. We send you a link to confirm your e-mail address; once you confirm it, your message reaches the team and our answers come by e-mail. If you sign up later with the same address, your tickets appear in **Support**.

## Urgent help within 24 hours of departure

If your flight leaves within the next 24 hours and something is wrong — a missing ticket, a wrong name, a cancelled flight — say so in the subject of your support ticket. Tickets about imminent departures are answered first, around the clock.

## Everything else

For questions before you book, feedback or partnership enquiries, use the form below or write to ${SUPPORT_EMAIL}. We answer e-mails within one working day, in English and in the other languages the app is available in.

## Useful links

- [Terms and conditions](/terms-and-conditions) — fare rules, changes and refunds
- [Travel Protect](/travel-protect) — what our optional cover includes and how to claim
- [Privacy policy](/privacy-policy) — how we handle your personal data`,
  },
];
