import type { PageContent } from './page-content.ts';
import { SUPPORT_EMAIL } from './page-content.ts';

export const CRD_COMPLIANCE: readonly PageContent[] = [
  {
    slug: 'crd-compliance',
    locale: 'en',
    title: 'Consumer Rights Directive information',
    body: `The EU Consumer Rights Directive (2011/83/EU) and the national laws that implement it require us to give you certain information before you book. This page brings it together in one place.

## The main characteristics of the service

Uniquair books scheduled flights on your behalf and collects the payment for them. Before you pay, the booking page shows the route, the dates and local times of every flight, the operating airline and flight number, the number and type of passengers, the fare class and its rules, and the total price.

## Total price

The price shown on the payment page is the total you pay, including all taxes, airport charges and our booking fee. Optional extras, such as Travel Protect, are shown and priced separately and are only added if you choose them. If you pay in a currency other than the one your card is issued in, your bank may charge conversion costs that we do not control.

## Payment and delivery

Payment is taken when you confirm the booking. Your e-tickets are sent by e-mail as soon as the airline issues them, usually within minutes and at most within 24 hours; they are also available in **My bookings**.

## No right of withdrawal

Under Article 16(l) of the Directive, the 14-day right of withdrawal does not apply to passenger transport services booked for a specific date or period. This means you cannot cancel a flight booking free of charge simply by changing your mind; what you can change or cancel, and at what cost, depends on the fare rules shown before you book. Optional services that are not passenger transport, such as Travel Protect, keep their 14-day cooling-off period.

## Complaints

You can reach our customer service through a support ticket in the app or at ${SUPPORT_EMAIL}. We acknowledge every complaint within two working days. If we cannot resolve your complaint, you may use the European Commission's Online Dispute Resolution platform or your national consumer authority.`,
  },
];
