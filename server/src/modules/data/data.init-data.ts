import { InitResponseSchema, type InitResponse } from '@uniquair/contract/data';
import type { PaymentProviderFlags } from '@uniquair/domain/config/payment-providers';
import { prepareJson, type PreparedResponse } from '../../lib/prepared-response.ts';
import { DerivedCache } from '../../lib/versioned-cache.ts';
import { publicAffiliate, type CurrentAffiliate } from '../affiliates/affiliates.service.ts';
import type { ContentService, MenuSnapshot } from '../content/content.service.ts';
import type { VisitorPreferences } from '../preferences/preferences.service.ts';
import {
  countriesIn,
  currenciesWith,
  ticketTypesIn,
  titlesIn,
  type ReferenceSnapshot,
} from './data.service.ts';

/**
 * `GET /api/data/init` (SPEC §7): everything the app needs at start-up in the visitor's locale and
 * currency. The answer depends only on the reference and content versions, the locale, the
 * currency and the affiliate, so each combination is serialised once per version and then served
 * from memory.
 */
export class InitDataService {
  readonly #content: ContentService;
  readonly #paymentProviders: PaymentProviderFlags;
  readonly #prepared = new DerivedCache<PreparedResponse>(2000);

  constructor(content: ContentService, paymentProviders: PaymentProviderFlags) {
    this.#content = content;
    this.#paymentProviders = paymentProviders;
  }

  prepared(
    reference: ReferenceSnapshot,
    menus: MenuSnapshot,
    preferences: VisitorPreferences,
    affiliate: CurrentAffiliate | null,
  ): PreparedResponse {
    const version = `${reference.version}#${menus.version}`;
    const key = `${preferences.locale}|${preferences.currency.code}|${affiliate?.code ?? ''}`;
    return this.#prepared.get(version, key, () =>
      prepareJson(InitResponseSchema.parse(this.#build(reference, menus, preferences, affiliate))),
    );
  }

  #build(
    reference: ReferenceSnapshot,
    menus: MenuSnapshot,
    { locale, currency }: VisitorPreferences,
    affiliate: CurrentAffiliate | null,
  ): InitResponse {
    return {
      ticketTypes: ticketTypesIn(reference, locale),
      countries: countriesIn(reference, locale),
      titles: titlesIn(reference, locale),
      currencies: currenciesWith(reference, currency),
      locale,
      footerMenus: this.#content.footerMenus(menus, locale),
      paymentProviders: { ...this.#paymentProviders },
      affiliate: { affiliate: publicAffiliate(affiliate) },
    };
  }
}
