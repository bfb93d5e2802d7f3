import { z } from 'zod';
import { PAYMENT_PROVIDERS, type PaymentProvider } from '@uniquair/domain/config/payment-providers';
import { isYmd } from '@uniquair/domain/dates/ymd';
import { AffiliateResponseSchema } from './affiliate.ts';

/**
 * Reference data, content and the visitor's choices: the `/api/data` family of SPEC §7, with the
 * entities of SPEC §3.
 */

/** A UI locale code as used in URLs and catalogues: `en`, `de`, `pt_BR`. */
export const LocaleCodeSchema = z
  .string()
  .regex(/^[a-z]{2,3}(?:_[A-Z]{2})?$/, 'Expected a locale code such as en or pt_BR')
  .meta({ description: 'UI locale code, e.g. `en`, `de`, `pt_BR`.', example: 'de' });

/** An ISO 4217 currency code; lower case is accepted and upper-cased. */
export const CurrencyCodeSchema = z
  .string()
  .regex(/^[A-Za-z]{3}$/, 'Expected a three-letter currency code')
  .transform((code) => code.toUpperCase())
  .meta({ description: 'ISO 4217 currency code.', example: 'EUR' });

const YmdSchema = z.string().refine(isYmd, 'Expected a date YYYY-MM-DD');

export const TicketTypeSchema = z
  .object({ id: z.number().int(), name: z.string() })
  .meta({ id: 'TicketType', description: 'Passenger type: 1 adult, 2 child, 3 infant.' });

export const TicketTypesResponseSchema = z
  .array(TicketTypeSchema)
  .meta({ id: 'TicketTypes', description: "Passenger types, named in the visitor's locale." });

export const CountrySchema = z
  .object({
    code: z.string().length(2).meta({ description: 'ISO 3166-1 alpha-2 code.' }),
    name: z.string().meta({ description: 'Name in the requested locale.' }),
    nameEn: z.string().meta({ description: 'English name.' }),
    phoneCode: z.string().regex(/^\d+$/).meta({ description: 'Calling code without `+`.' }),
  })
  .meta({ id: 'Country' });

export const CountriesResponseSchema = z
  .array(CountrySchema)
  .meta({ id: 'Countries', description: "Every country, sorted by name in the locale's order." });

export const TitleSchema = z
  .object({ id: z.number().int(), name: z.string() })
  .meta({ id: 'Title', description: 'Passenger title: 1 Mr., 2 Mrs., 4 Infant, 5 Child.' });

export const TitlesResponseSchema = z
  .array(TitleSchema)
  .meta({ id: 'Titles', description: 'Passenger titles in the requested locale.' });

export const CurrencySchema = z
  .object({
    code: z.string().length(3),
    name: z.string(),
    symbol: z.string(),
    ord: z.number().int().meta({ description: 'Position in the currency picker.' }),
    rate: z.number().positive().meta({ description: 'Units of this currency per US dollar.' }),
  })
  .meta({ id: 'Currency' });

export const CurrenciesResponseSchema = z
  .object({
    currencies: z.array(CurrencySchema).meta({ description: 'Every currency, in picker order.' }),
    currency: CurrencySchema.meta({ description: "The visitor's current currency." }),
  })
  .meta({ id: 'Currencies' });

export const FooterMenuSchema = z
  .object({
    code: z.string(),
    title: z.string(),
    items: z.array(z.object({ label: z.string(), url: z.string() })),
  })
  .meta({ id: 'FooterMenu', description: 'A partner-supplied footer menu.' });

/** Every payment provider flag of SPEC §3, each true or false. */
export const PaymentProvidersSchema = z
  .object(
    Object.fromEntries(PAYMENT_PROVIDERS.map((name) => [name, z.boolean()])) as Record<
      PaymentProvider,
      z.ZodBoolean
    >,
  )
  .meta({ id: 'PaymentProviders', description: 'Which payment providers are enabled.' });

export const InitResponseSchema = z
  .object({
    ticketTypes: TicketTypesResponseSchema,
    countries: CountriesResponseSchema,
    titles: TitlesResponseSchema,
    currencies: CurrenciesResponseSchema,
    locale: LocaleCodeSchema.meta({ description: "The visitor's current UI locale." }),
    footerMenus: z.array(FooterMenuSchema),
    paymentProviders: PaymentProvidersSchema,
    testPayments: z.boolean().meta({
      description:
        'Payments go through a sandbox gateway and no real money moves: the app says so on every page.',
    }),
    affiliate: AffiliateResponseSchema,
  })
  .meta({
    id: 'InitData',
    description: "Everything the app needs at start-up, in the visitor's locale and currency.",
  });

export const LocaleParamsSchema = z.object({ locale: LocaleCodeSchema });

export const CurrencyParamsSchema = z.object({ code: CurrencyCodeSchema });

export const CurrencySelectResponseSchema = z
  .object({ success: z.literal(true), currency: CurrencySchema })
  .meta({ id: 'CurrencySelected', description: 'The currency now remembered for the visitor.' });

export const LocaleSelectResponseSchema = z
  .object({
    success: z.literal(true),
    locale: LocaleCodeSchema,
    currency: CurrencySchema.meta({
      description:
        "The visitor's currency after the change: the one they chose, or else the new locale's default.",
    }),
  })
  .meta({ id: 'LocaleSelected', description: 'The locale now remembered for the visitor.' });

/** A page id: its number, or its slug. */
export const PageParamsSchema = z.object({
  id: z
    .string()
    .regex(
      /^(?:\d{1,9}|[a-z0-9]+(?:-[a-z0-9]+)*)$/,
      'Expected a page number or a slug of lower-case letters, digits and dashes',
    )
    .max(100)
    .meta({ description: 'Numeric page id or slug.', example: 'terms-and-conditions' }),
});

export const PageQuerySchema = z.object({
  locale: LocaleCodeSchema.optional().meta({
    description: "Locale to show the page in; the visitor's current locale by default.",
  }),
});

export const PageResponseSchema = z
  .object({
    id: z
      .number()
      .int()
      .positive()
      .nullable()
      .meta({ description: 'The page number, shared by its translations (null: none yet).' }),
    slug: z.string(),
    locale: LocaleCodeSchema.meta({
      description:
        'Locale of the text: the one asked for, or `en` when the page has no translation.',
    }),
    title: z.string(),
    html: z.string().meta({
      description:
        'The body rendered from Markdown to sanitised HTML: no scripts, styles or handlers.',
    }),
    updatedAt: z.iso.datetime(),
  })
  .meta({ id: 'Page', description: 'A content page.' });

export const AirportSchema = z
  .object({
    id: z
      .string()
      .regex(/^[A-Z]{3}$/)
      .meta({ description: 'IATA airport code.' }),
    name: z.string().meta({ description: 'Airport name, in English.' }),
    city: z.string().meta({
      description:
        'City name in English. The app shows it in the visitor’s language where the Unicode ' +
        'CLDR names it (`i18n/cities/<locale>.json`, docs/i18n.md "City names").',
    }),
    country: z.string().length(2).meta({ description: 'ISO 3166-1 alpha-2 country code.' }),
    timeZone: z.string().meta({ description: 'IANA time zone.' }),
    lat: z.number().min(-90).max(90),
    lon: z.number().min(-180).max(180),
    /**
     * Only on the entry of a city of several airports (`id` its IATA city code, e.g. `TYO`):
     * the codes of its airports. A route from or to it is flown by the routes of those airports
     * (docs/search.md "Cities of several airports").
     */
    airports: z
      .array(z.string().regex(/^[A-Z]{3}$/))
      .min(1)
      .optional()
      .meta({
        description:
          'Only on the entry of a city of several airports (its `id` the IATA city code, e.g. ' +
          '`TYO`): the codes of its airports, whose routes fly its routes.',
      }),
  })
  .meta({ id: 'Airport' });

export const RouteSchema = z
  .object({
    id: z.number().int().positive(),
    from: z.string().meta({ description: 'Departure airport id.' }),
    to: z.string().meta({ description: 'Destination airport id.' }),
    dow: z
      .number()
      .int()
      .min(1)
      .max(127)
      .meta({ description: 'Days of week flown: Monday 1 … Sunday 64.' }),
    af: YmdSchema.meta({ description: 'Available from (first day flown).' }),
    au: YmdSchema.nullable().meta({ description: 'Available until (last day flown), or open.' }),
    rating: z.number().int(),
  })
  .meta({ id: 'Route' });

export const RoutesResponseSchema = z
  .object({ airports: z.array(AirportSchema), routes: z.array(RouteSchema) })
  .meta({
    id: 'RouteNetwork',
    description: 'The routes flown (day-of-week mask above 0) and the airports they serve.',
  });

export type TicketType = z.infer<typeof TicketTypeSchema>;
export type Country = z.infer<typeof CountrySchema>;
export type Title = z.infer<typeof TitleSchema>;
export type Currency = z.infer<typeof CurrencySchema>;
export type CurrenciesResponse = z.infer<typeof CurrenciesResponseSchema>;
export type FooterMenu = z.infer<typeof FooterMenuSchema>;
export type PaymentProvidersResponse = z.infer<typeof PaymentProvidersSchema>;
export type InitResponse = z.infer<typeof InitResponseSchema>;
export type CurrencySelectResponse = z.infer<typeof CurrencySelectResponseSchema>;
export type LocaleSelectResponse = z.infer<typeof LocaleSelectResponseSchema>;
export type PageResponse = z.infer<typeof PageResponseSchema>;
export type Airport = z.infer<typeof AirportSchema>;
export type Route = z.infer<typeof RouteSchema>;
export type RoutesResponse = z.infer<typeof RoutesResponseSchema>;
