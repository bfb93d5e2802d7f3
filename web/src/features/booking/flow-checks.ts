import type { Airport, Country } from '@uniquair/contract/data';
import { nearestPlace } from '@uniquair/domain/geo/distance';
import type { MessageKey } from '@uniquair/i18n/messages';
import { readLocationCookies } from '../../lib/location-cookies.ts';
import { contactSchema, passengerSchema, type TripRules } from './flow-forms.ts';
import type { FlowState } from './flow-state.ts';
import type { FlowView } from './flow-views.ts';

/** What the booking flow works out from its state, the visitor's location and the server. */

/**
 * The visitor's country when known: the country of the airport nearest the location the visitor
 * let the app keep (the `lat`/`long` cookies), else null.
 */
export function visitorCountry(airports: readonly Airport[]): string | null {
  const point = readLocationCookies();
  if (!point) return null;
  return (
    nearestPlace(point, airports, (airport) => ({
      latitude: airport.lat,
      longitude: airport.lon,
    }))?.place.country ?? null
  );
}

/**
 * The contact's calling code as the view opens: the one the traveller chose; else the first
 * passenger's nationality's (so it follows a changed nationality), else the visitor's country's,
 * from the countries list; else the one kept.
 */
export function startingPhoneCode(
  state: FlowState,
  visitor: string | null,
  countries: readonly Country[],
): string {
  if (state.phoneCodeChosen && state.contact.phoneCode !== '') return state.contact.phoneCode;
  for (const code of [state.passengers[0]?.nationality, visitor]) {
    const country = code ? countries.find((entry) => entry.code === code) : undefined;
    if (country?.phoneCode) return country.phoneCode;
  }
  return state.contact.phoneCode;
}

/** The first view whose data is not complete (the flow does not skip ahead of it). */
export function firstIncomplete(
  state: FlowState,
  rules: TripRules,
  say: (id: MessageKey, values?: Record<string, string | number>) => string,
): FlowView | null {
  const passenger = passengerSchema(say, rules);
  if (state.passengers.some((draft) => !passenger.safeParse(draft).success)) return 'passengers';
  if (!contactSchema(say).safeParse(state.contact).success) return 'contact';
  return null;
}

/** The booking answer's field errors, by the flow's field keys (`passengers.0.firstName`). */
export function serverErrorsOf(
  errors: Readonly<Record<string, readonly string[]>>,
): Record<string, string> {
  const mapped: Record<string, string> = {};
  for (const key of Object.keys(errors)) {
    const match = /^body\.(passengers\.\d+\.\w+|booker\.\w+)$/.exec(key);
    if (match?.[1]) mapped[match[1]] = '';
  }
  return mapped;
}
