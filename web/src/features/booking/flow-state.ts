/**
 * The booking flow's state (SPEC §3 "Booking state"): the passengers, the booker, the extras and
 * the choice to save passengers, kept in session storage so that a reload keeps everything
 * entered (the current view is in the URL). The key is under `uniquair.search`, so sign-out
 * forgets it with the rest of the traveller's data; a created booking clears it.
 */
import { PassengerType, type PassengerTypeId } from '@uniquair/domain/config/reference-ids';
import type { Passengers } from '@uniquair/domain/search/passengers';
import type { BagCount } from '@uniquair/domain/pricing/fare-rules';
import type { ChosenTrip, TripOffer } from './trip-offer.ts';

export const FLOW_STORAGE_KEY = 'uniquair.search.flow';

/** A passenger form as typed: every field text, as the inputs hold it. */
export interface PassengerDraft {
  readonly typeId: PassengerTypeId;
  readonly titleId: string;
  readonly firstName: string;
  readonly lastName: string;
  readonly birthDate: string;
  readonly nationality: string;
  readonly documentTypeId: string;
  readonly documentNumber: string;
  readonly documentExpiry: string;
}

export interface ContactDraft {
  readonly firstName: string;
  readonly lastName: string;
  readonly email: string;
  readonly phoneCode: string;
  readonly phone: string;
}

export interface FlowState {
  /** The trip (search result path with the chosen flights) this state was entered for. */
  readonly tripPath: string;
  readonly passengers: readonly PassengerDraft[];
  readonly contact: ContactDraft;
  /**
   * Whether the traveller chose the contact's calling code (picked it, or typed one in the
   * number); until then it follows the first passenger's nationality.
   */
  readonly phoneCodeChosen: boolean;
  /** Checked bags by `"<leg>:<passenger>"`. */
  readonly extras: Readonly<Record<string, number>>;
  readonly savePassengers: boolean;
  /** Field errors the server gave at the last booking attempt, by form field path. */
  readonly serverErrors: Readonly<Record<string, string>>;
}

export const EMPTY_CONTACT: ContactDraft = {
  firstName: '',
  lastName: '',
  email: '',
  phoneCode: '',
  phone: '',
};

/** The passenger types of a trip in form order: adults, then children, then infants. */
export function passengerTypes(passengers: Passengers): PassengerTypeId[] {
  return [
    ...Array.from({ length: passengers.adults }, () => PassengerType.adult),
    ...Array.from({ length: passengers.children }, () => PassengerType.child),
    ...Array.from({ length: passengers.infants }, () => PassengerType.infant),
  ];
}

export function emptyPassenger(typeId: PassengerTypeId): PassengerDraft {
  return {
    typeId,
    // Children and infants have one title each (Child, Infant); adults choose.
    titleId: typeId === PassengerType.infant ? '4' : typeId === PassengerType.child ? '5' : '',
    firstName: '',
    lastName: '',
    birthDate: '',
    nationality: '',
    documentTypeId: '1',
    documentNumber: '',
    documentExpiry: '',
  };
}

/**
 * The state for a trip: the stored one when it was for the same trip; for another trip the
 * passengers already typed are kept where the same type sits in the same place (a changed flight
 * does not change who travels), the extras are dropped (they belong to the fares) and start as
 * `preselected` (the checked bags the trip was searched with).
 */
export function flowStateFor(
  tripPath: string,
  passengers: Passengers,
  stored: FlowState | null,
  preselected: Readonly<Record<string, number>> = {},
): FlowState {
  const types = passengerTypes(passengers);
  const drafts = types.map((typeId, index) => {
    const kept = stored?.passengers[index];
    return kept && kept.typeId === typeId ? kept : emptyPassenger(typeId);
  });
  const sameTrip = stored?.tripPath === tripPath;
  return {
    tripPath,
    passengers: drafts,
    contact: stored?.contact ?? EMPTY_CONTACT,
    phoneCodeChosen: stored?.phoneCodeChosen ?? false,
    extras: sameTrip ? stored.extras : { ...preselected },
    savePassengers: stored?.savePassengers ?? true,
    serverErrors: sameTrip ? stored.serverErrors : {},
  };
}

/**
 * The checked-bag extras that bring every seated passenger up to `bags` checked bags on each leg
 * (the trip searched "with my bags"): the bags a leg's fare does not include, as many as it sells.
 * With them the flow's total is the all-in price the results showed.
 */
export function bagExtrasFor(
  offer: TripOffer,
  types: readonly PassengerTypeId[],
  bags: BagCount,
): Record<string, number> {
  const extras: Record<string, number> = {};
  if (bags === 0) return extras;
  for (const leg of offer.legs) {
    const bag = leg.extras.find((extra) => extra.code === 'checked_bag');
    const missing = Math.max(0, bags - leg.fare.baggage.checked.pieces);
    const count = Math.min(missing, bag?.maxPerPassenger ?? 0);
    if (count === 0) continue;
    types.forEach((type, index) => {
      if (type !== PassengerType.infant) extras[extraKey(leg.index, index)] = count;
    });
  }
  return extras;
}

/** The state for the trip being booked, its searched bags pre-selected when it is new. */
export function tripFlowState(
  trip: ChosenTrip,
  offer: TripOffer,
  stored: FlowState | null,
): FlowState {
  const preselected = bagExtrasFor(offer, passengerTypes(trip.passengers), trip.bags);
  return flowStateFor(trip.path, trip.passengers, stored, preselected);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The text fields of a {@link PassengerDraft}, in the order the form shows them. */
export const PASSENGER_TEXT_FIELDS = [
  'titleId',
  'firstName',
  'lastName',
  'birthDate',
  'nationality',
  'documentTypeId',
  'documentNumber',
  'documentExpiry',
] as const;

function readPassenger(value: unknown): PassengerDraft | null {
  if (!isRecord(value)) return null;
  const typeId = value.typeId;
  if (typeId !== 1 && typeId !== 2 && typeId !== 3) return null;
  const draft: Record<string, unknown> = { typeId };
  for (const field of PASSENGER_TEXT_FIELDS) {
    draft[field] = typeof value[field] === 'string' ? value[field] : '';
  }
  return draft as unknown as PassengerDraft;
}

function readStrings<T extends object>(value: unknown, shape: T): T {
  const out: Record<string, string> = {};
  for (const key of Object.keys(shape)) {
    const field = isRecord(value) ? value[key] : undefined;
    out[key] = typeof field === 'string' ? field : '';
  }
  return out as T;
}

/** The stored state, or null when there is none or it cannot be read. */
export function readFlowState(): FlowState | null {
  try {
    const raw = window.sessionStorage.getItem(FLOW_STORAGE_KEY);
    if (raw === null) return null;
    const parsed = JSON.parse(raw) as unknown;
    if (!isRecord(parsed) || typeof parsed.tripPath !== 'string') return null;
    const passengers = Array.isArray(parsed.passengers)
      ? parsed.passengers.map(readPassenger).filter((entry) => entry !== null)
      : [];
    const extras: Record<string, number> = {};
    if (isRecord(parsed.extras)) {
      for (const [key, count] of Object.entries(parsed.extras)) {
        if (/^\d+:\d+$/.test(key) && Number.isInteger(count) && (count as number) > 0) {
          extras[key] = count as number;
        }
      }
    }
    const serverErrors: Record<string, string> = {};
    if (isRecord(parsed.serverErrors)) {
      for (const [key, message] of Object.entries(parsed.serverErrors)) {
        if (typeof message === 'string') serverErrors[key] = message;
      }
    }
    return {
      tripPath: parsed.tripPath,
      passengers,
      contact: readStrings(parsed.contact, EMPTY_CONTACT),
      // A state kept before the choice was recorded: its calling code stays as it was.
      phoneCodeChosen: parsed.phoneCodeChosen !== false,
      extras,
      savePassengers: parsed.savePassengers !== false,
      serverErrors,
    };
  } catch {
    return null;
  }
}

export function writeFlowState(state: FlowState): void {
  try {
    window.sessionStorage.setItem(FLOW_STORAGE_KEY, JSON.stringify(state));
  } catch {
    // Without storage the flow still works; a reload starts it again.
  }
}

export function clearFlowState(): void {
  try {
    window.sessionStorage.removeItem(FLOW_STORAGE_KEY);
  } catch {
    // Nothing was kept.
  }
}

/** The key of a leg's and passenger's extras in {@link FlowState.extras}. */
export function extraKey(legIndex: number, passengerIndex: number): string {
  return `${legIndex}:${passengerIndex}`;
}
