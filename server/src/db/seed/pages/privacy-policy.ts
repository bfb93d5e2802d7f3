import type { PageContent } from './page-content.ts';
import { PRIVACY_EMAIL } from './page-content.ts';

export const PRIVACY_POLICY: readonly PageContent[] = [
  {
    slug: 'privacy-policy',
    locale: 'en',
    title: 'Privacy policy',
    body: `This policy explains what personal data Uniquair collects when you search, book and travel with us, why we need it, and the choices you have. We apply the EU General Data Protection Regulation (GDPR) to all our customers, wherever they live.

## What we collect

- **Booking data:** the names, titles, dates of birth and travel document numbers of the passengers, and the booker's e-mail address and phone number. Airlines and border authorities require this information.
- **Payment data:** the payment provider gives us only a reference to your payment, the card brand, the last four digits and the expiry date. Your full card number and security code never reach our servers.
- **Account data:** if you create an account, your name, e-mail address, password (stored only as a secure hash), avatar and notification preferences, and the passengers you choose to save.
- **Support data:** the messages and attachments you send in support tickets.
- **Technical data:** your IP address, browser type, language and currency choices, and — only if you allow it — your approximate location to suggest a departure airport.

## Why we use it

We use your data to make and manage your booking, take payment, send tickets and travel updates, answer your questions, prevent fraud and meet our legal obligations. The legal basis is the contract with you, our legal obligations, and our legitimate interest in keeping the service secure. We only send marketing messages and push notifications with your consent, which you can withdraw at any time.

## Who we share it with

We share booking data with the airlines operating your flights and, through them, with the authorities that require passenger information. Payment data goes to our payment provider. We use service providers for hosting, e-mail delivery and customer support, bound by contracts that protect your data. Some airlines and providers are outside the European Economic Area; where they are, transfers are protected by the European Commission's standard contractual clauses.

## How long we keep it

Booking and invoice records are kept for seven years, as tax and accounting rules require. Account data is kept until you close your account. Support tickets are deleted three years after they are closed. Technical logs are kept for no longer than 90 days.

## Your rights

You have the right to access your data, to have it corrected or deleted, to restrict or object to its use, to receive it in a portable format, and to withdraw consent. Write to ${PRIVACY_EMAIL} and we will reply within one month. You can also complain to your national data protection authority.`,
  },
];
