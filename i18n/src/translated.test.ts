import { ENABLED_LOCALES } from '@uniquair/domain/locale/languages';
import { describe, expect, it } from 'vitest';
import { loadMessages, sourceMessages, SOURCE_LOCALE } from './messages.ts';

/**
 * Every enabled language is complete and really translated: a catalogue that lacks a key of the
 * English one fails, and so does a message left identical to English. Some messages are the same
 * in a language by nature (brand and product names, placeholders only, words the language shares
 * with English); they are listed here, each for the languages where that holds.
 */
const SAME_AS_ENGLISH: Readonly<Record<string, readonly string[]>> = {
  // Placeholders only.
  'shell.userName': ['de', 'ru', 'bg', 'es', 'fr', 'it', 'ro', 'nl', 'hi', 'da'],
  'preferences.rate': ['de', 'ru', 'bg', 'vi', 'es', 'fr', 'it', 'ro', 'nl', 'hi', 'da', 'ko'],
  'booking.airport': ['de', 'ru', 'bg', 'vi', 'es', 'fr', 'it', 'ro', 'nl', 'hi', 'da'],
  'booking.passenger': ['de', 'ru', 'bg', 'vi', 'es', 'fr', 'it', 'ro', 'nl', 'hi', 'da'],
  'support.ticket.wrote': ['de', 'ru', 'bg', 'vi', 'es', 'fr', 'it', 'ro', 'nl', 'hi', 'da', 'ko'],
  'support.attachments.item': ['de', 'bg', 'vi', 'es', 'it', 'ro', 'nl', 'hi', 'da'],
  // A product name.
  'footer.travelProtect': ['de', 'ru', 'bg', 'vi', 'es', 'fr', 'it', 'ro', 'nl', 'hi', 'da', 'ko'],
  'payment.method.PAYPAL': ['de', 'ru', 'bg', 'vi', 'es', 'fr', 'it', 'ro', 'nl', 'hi', 'da', 'ko'],
  'payment.method.SILK_PAY': [
    'de',
    'ru',
    'bg',
    'vi',
    'es',
    'fr',
    'it',
    'ro',
    'nl',
    'hi',
    'da',
    'ko',
  ],
  'payment.method.SILK_PAY_UNION_PAY': [
    'de',
    'ru',
    'bg',
    'vi',
    'es',
    'fr',
    'it',
    'ro',
    'nl',
    'hi',
    'da',
    'ko',
  ],
  // Words these languages share with English.
  'shell.version': ['de', 'fr', 'da'],
  'bookings.page': ['fr'],
  'booking.title': ['da'],
  'support.desk.booking': ['da'],
  'support.attachments.list': ['fr'],
  'account.name': ['de'],
  'auth.email': ['it'],
  'auth.password': ['it'],
  'error.pageTitle': ['es'],
  'passengerType.adult': ['ro'],
  'booking.statusTitle': ['de', 'nl', 'da'],
  'booking.tickets': ['de', 'nl'],
  'booking.extras': ['es'],
  'booking.contact': ['nl', 'ro'],
  'payment.total': ['es', 'ro'],
  'payment.method.CREDIT_CARD': ['ro'],
  'support.pages': ['fr'],
  'support.filter.open': ['nl'],
  'support.status.open': ['nl'],
  'support.form.submit': ['da'],
};

const english = sourceMessages as Readonly<Record<string, string>>;
const translatedLocales = ENABLED_LOCALES.filter((locale) => locale !== SOURCE_LOCALE);

describe.each(translatedLocales)('catalogue %s', async (locale) => {
  const messages = (await loadMessages(locale)).messages as Readonly<Record<string, string>>;

  it('has every key of the English catalogue', () => {
    const missing = Object.keys(english).filter((key) => !Object.hasOwn(messages, key));
    expect(missing).toEqual([]);
  });

  it('has no message left in English', () => {
    const untranslated = Object.keys(english).filter(
      (key) => messages[key] === english[key] && !(SAME_AS_ENGLISH[key] ?? []).includes(locale),
    );
    expect(untranslated).toEqual([]);
  });
});

describe('the list of messages allowed to equal English', () => {
  it('names only keys and locales that exist, and only where the message is equal', async () => {
    for (const [key, locales] of Object.entries(SAME_AS_ENGLISH)) {
      expect(Object.hasOwn(english, key), key).toBe(true);
      for (const locale of locales) {
        expect(translatedLocales, `${key}: ${locale}`).toContain(locale);
        const messages = (await loadMessages(locale)).messages as Readonly<Record<string, string>>;
        expect(messages[key], `${key} in ${locale} is translated: drop it from the list`).toBe(
          english[key],
        );
      }
    }
  });
});
