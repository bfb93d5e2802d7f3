import type { Affiliate } from '@uniquair/contract/affiliate';
import { InitResponseSchema, type FooterMenu, type InitResponse } from '@uniquair/contract/data';
import type { PaymentProviderFlags } from '@uniquair/domain/config/payment-providers';
import { prepareJson, type PreparedResponse } from '../../lib/prepared-response.ts';
import { DerivedCache } from '../../lib/versioned-cache.ts';
import {
  countriesIn,
  currenciesWith,
  ticketTypesIn,
  titlesIn,
  type ReferenceSnapshot,
} from './data.service.ts';
import type { VisitorPreferences } from './data.visitor-preferences.ts';

/**
 * The footer menus of the content module (`app.content`), as the start-up data reads them: the
 * content module builds on this one, so this one names only what it needs of it.
 */
export interface FooterMenuSource<Menus extends { readonly version: string }> {
  footerMenus(menus: Menus, locale: string): FooterMenu[];
}

/** What the app is told of payments: the providers offered, and whether no real money moves. */
export interface InitPayments {
  readonly paymentProviders: PaymentProviderFlags;
  readonly testPayments: boolean;
}

/** The visitor's affiliate (`app.affiliates.current`): what the app is shown, and its code. */
export type VisitorAffiliate = Affiliate & { readonly code: string };

/**
 * `GET /api/data/init` (SPEC §7): everything the app needs at start-up in the visitor's locale and
 * currency. The answer depends only on the reference and content versions, the locale, the
 * currency and the affiliate, so each combination is serialised once per version and then served
 * from memory.
 */
export class InitDataService<Menus extends { readonly version: string }> {
  readonly #content: FooterMenuSource<Menus>;
  readonly #payments: InitPayments;
  readonly #prepared = new DerivedCache<PreparedResponse>(2000);

  constructor(content: FooterMenuSource<Menus>, payments: InitPayments) {
    this.#content = content;
    this.#payments = payments;
  }

  prepared(
    reference: ReferenceSnapshot,
    menus: Menus,
    preferences: VisitorPreferences,
    affiliate: VisitorAffiliate | null,
  ): PreparedResponse {
    const version = `${reference.version}#${menus.version}`;
    const key = `${preferences.locale}|${preferences.currency.code}|${affiliate?.code ?? ''}`;
    return this.#prepared.get(version, key, () =>
      prepareJson(InitResponseSchema.parse(this.#build(reference, menus, preferences, affiliate))),
    );
  }

  #build(
    reference: ReferenceSnapshot,
    menus: Menus,
    { locale, currency }: VisitorPreferences,
    affiliate: VisitorAffiliate | null,
  ): InitResponse {
    return {
      ticketTypes: ticketTypesIn(reference, locale),
      countries: countriesIn(reference, locale),
      titles: titlesIn(reference, locale),
      currencies: currenciesWith(reference, currency),
      locale,
      footerMenus: this.#content.footerMenus(menus, locale),
      paymentProviders: { ...this.#payments.paymentProviders },
      testPayments: this.#payments.testPayments,
      affiliate: {
        affiliate: affiliate && {
          name: affiliate.name,
          logo: affiliate.logo,
          logoSquare: affiliate.logoSquare,
          url: affiliate.url,
        },
      },
    };
  }
}
