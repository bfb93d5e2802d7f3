import { hasCatalogue } from '@uniquair/i18n/messages';
import { buildSearchPath } from '@uniquair/domain/search/search-path';
import type { Ymd } from '@uniquair/domain/dates/ymd';
import { formatDate, formatMoney } from '../../lib/intl-format.ts';
import { icuLocale } from '../../lib/mail-layout.ts';
import { BADGE, ICON, pushFormatter, type PushMessage } from '../push/push.messages.ts';

/** What the texts of one price drop say, already in the watch's currency. */
export interface PriceDrop {
  /** The watch's number (its owner's list, "Stop watching" with the push endpoint). */
  readonly watch: number;
  readonly fromCity: string;
  readonly toCity: string;
  /** The day watched, or the cheapest day of a month watch. */
  readonly date: Ymd;
  /** `YYYY-MM` of a month watch, else null. */
  readonly month: string | null;
  /** The new total for all passengers, and how much less it is, in minor units of `currency`. */
  readonly price: number;
  readonly saving: number;
  readonly currency: string;
  /** The search the message opens (a path of the app). */
  readonly url: string;
}

/** The results page of a watch's search: its route and day, passengers, and bags. */
export function watchSearchPath(watch: {
  readonly routeId: number;
  readonly date: Ymd;
  readonly adults: number;
  readonly children: number;
  readonly infants: number;
  readonly bags: number;
}): string {
  const path = buildSearchPath(
    'flights',
    { adults: watch.adults, children: watch.children, infants: watch.infants },
    [{ routeId: watch.routeId, date: watch.date, flightId: null, fareClass: null }],
  );
  return watch.bags > 0 ? `${path}?bags=${watch.bags}` : path;
}

const cityCache = new Map<string, Promise<Readonly<Record<string, string>>>>();

/** City names in a language (the CLDR names of `i18n/cities`), English where none differs. */
function cityNames(locale: string): Promise<Readonly<Record<string, string>>> {
  const language = locale.split('_')[0] ?? 'en';
  let names = cityCache.get(language);
  if (names === undefined) {
    names =
      language === 'en' || !hasCatalogue(language)
        ? Promise.resolve({})
        : import(`@uniquair/i18n/cities/${language}.json`, { with: { type: 'json' } }).then(
            (module: { default: Readonly<Record<string, string>> }) => module.default,
            () => ({}),
          );
    cityCache.set(language, names);
  }
  return names;
}

/** The values the push and the e-mail share: cities, day or month, price and saving. */
async function dropValues(locale: string, drop: PriceDrop) {
  const names = await cityNames(locale);
  const monthName = (() => {
    if (drop.month === null) return '';
    try {
      return new Intl.DateTimeFormat(icuLocale(locale), {
        month: 'long',
        year: 'numeric',
        timeZone: 'UTC',
      }).format(new Date(`${drop.month}-01T00:00:00Z`));
    } catch {
      return drop.month;
    }
  })();
  return {
    from: names[drop.fromCity] ?? drop.fromCity,
    to: names[drop.toCity] ?? drop.toCity,
    date: formatDate(drop.date, locale),
    month: monthName,
    price: formatMoney(drop.price, drop.currency, locale),
    saving: formatMoney(drop.saving, drop.currency, locale),
  };
}

/**
 * `price.watch`: the cheapest all-in price of a watched day or month fell; it says by how much,
 * opens the search, and offers "Stop watching". Carries no personal data: the route, the day and
 * the watch's number.
 */
export async function priceDropMessage(locale: string, drop: PriceDrop): Promise<PushMessage> {
  const { t, language } = await pushFormatter(locale);
  const values = await dropValues(locale, drop);
  return {
    type: 'price.watch',
    data: { watch: drop.watch, url: drop.url },
    notification: {
      title: t('priceWatch.push.title', values),
      options: {
        body: t(
          drop.month === null ? 'priceWatch.push.bodyDay' : 'priceWatch.push.bodyMonth',
          values,
        ),
        tag: `price-watch-${drop.watch}`,
        lang: language,
        icon: ICON,
        badge: BADGE,
        actions: [
          { action: 'view', title: t('push.view') },
          { action: 'stop-watch', title: t('priceWatch.stop') },
        ],
      },
    },
  };
}

/** The placeholders of the `priceWatch` e-mail's texts. */
export async function priceDropMailValues(
  locale: string,
  drop: PriceDrop,
): Promise<Record<string, string>> {
  const { t } = await pushFormatter(locale);
  const values = await dropValues(locale, drop);
  return {
    ...values,
    summary: t(
      drop.month === null ? 'priceWatch.push.bodyDay' : 'priceWatch.push.bodyMonth',
      values,
    ),
  };
}
