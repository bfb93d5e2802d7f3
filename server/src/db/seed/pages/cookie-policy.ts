import type { PageContent } from './page-content.ts';

export const COOKIE_POLICY: readonly PageContent[] = [
  {
    slug: 'cookie-policy',
    locale: 'en',
    title: 'Cookie policy',
    body: `Uniquair uses a small number of cookies and similar browser storage. This page lists them and explains what you can do about them.

## Strictly necessary

- **Session cookie.** When you sign in, we set one cookie that identifies your session. It contains a random value, not your name or password, it cannot be read by scripts on the page, and it is only sent to Uniquair. It expires when you sign out or after a period of inactivity.
- **Device booking token.** When you book without an account, a random token on your device lets you open the bookings you made from it. It is stored locally and is deleted when you sign out or clear the site data.

## Preferences

- **Language and currency.** Your chosen language and display currency are remembered so you do not have to pick them again.
- **Location (lat, long).** If you allow location access, we store your approximate latitude and longitude in two cookies, *lat* and *long*, to suggest the nearest departure airport. You can switch this off at any time from the menu; the cookies are then removed.

## Offline use

The installed app keeps a copy of the app itself, the route list, airports, currencies, countries and content pages in the browser's cache so that it opens and works offline. Your bookings and search results are kept on your device only while you are signed in, and are removed when you sign out.

## Analytics and live chat

We use a privacy-friendly analytics tool to count page views and understand which features are used, and a live-chat widget so you can reach our support team. Both may set their own cookies. They are loaded only to provide these functions and never to show you advertising.

## Managing cookies

You can delete cookies and site data in your browser settings at any time. If you block strictly necessary cookies, you will not be able to sign in or pay. Blocking preference cookies only means you will have to choose your language and currency again on each visit.`,
  },
];
