/**
 * The rules of the flow's forms: the contract's booking input rules (names, document number,
 * e-mail, phone) plus the domain's passenger rules (age by type on the first travel date,
 * document valid after the last travel date), each message in the visitor's language.
 */
import type { BookerInput, BookingPassengerInput } from '@uniquair/contract/booking';
import {
  passengerProblems,
  type PassengerProblemCode,
} from '@uniquair/domain/booking/passenger-rules';
import {
  PassengerType,
  TitleId,
  type PassengerTypeId,
} from '@uniquair/domain/config/reference-ids';
import { isYmd, type Ymd } from '@uniquair/domain/dates/ymd';
import { isPersonName } from '@uniquair/domain/forms/person-name';
import { parsePhone, type PhoneProblem } from '@uniquair/domain/forms/phone-number';
import type { MessageKey } from '@uniquair/i18n/messages';
import { z } from 'zod';
import type { ContactDraft, PassengerDraft } from './flow-state.ts';

export type Say = (id: MessageKey, values?: Record<string, string | number>) => string;

export interface TripRules {
  readonly today: Ymd;
  readonly firstTravelDate: Ymd;
  readonly lastTravelDate: Ymd;
  readonly countries: ReadonlySet<string>;
  /** Formats a date for messages ('1 December 2026'). */
  readonly formatDate: (date: Ymd) => string;
}

/** Titles offered for each passenger type (SPEC §3 titles: 1 Mr., 2 Mrs., 4 Infant, 5 Child). */
export const TITLES_BY_TYPE: Readonly<Record<PassengerTypeId, readonly number[]>> = {
  [PassengerType.adult]: [TitleId.mr, TitleId.mrs],
  [PassengerType.child]: [TitleId.child],
  [PassengerType.infant]: [TitleId.infant],
};

const PROBLEM_MESSAGES: Readonly<Record<PassengerProblemCode, MessageKey>> = {
  BIRTH_DATE_IN_FUTURE: 'flow.error.birthFuture',
  INFANT_TOO_OLD: 'flow.error.infantAge',
  CHILD_AGE: 'flow.error.childAge',
  ADULT_TOO_YOUNG: 'flow.error.adultAge',
  DOCUMENT_EXPIRES: 'flow.error.documentExpires',
  NATIONALITY_UNKNOWN: 'flow.error.nationality',
  TITLE_UNKNOWN: 'flow.error.title',
};

const DOCUMENT_NUMBER = /^[A-Za-z0-9]{5,20}$/;
const NAME_MAX = 60;

function name(say: Say) {
  return z
    .string()
    .trim()
    .min(1, say('ui.field.required'))
    .max(NAME_MAX, say('auth.fieldTooLong', { max: NAME_MAX }))
    .refine((text) => text === '' || isPersonName(text), say('auth.nameInvalid'));
}

function date(say: Say) {
  return z
    .string()
    .min(1, say('ui.field.required'))
    .refine((text) => isYmd(text), say('flow.error.date'));
}

/** One passenger form's rules. */
export function passengerSchema(say: Say, rules: TripRules) {
  return z
    .object({
      typeId: z.union([z.literal(1), z.literal(2), z.literal(3)]),
      titleId: z.string().min(1, say('ui.field.required')),
      firstName: name(say),
      lastName: name(say),
      birthDate: date(say),
      nationality: z.string().min(1, say('ui.field.required')),
      documentTypeId: z
        .string()
        .refine((value) => value === '1' || value === '2', say('ui.field.required')),
      documentNumber: z
        .string()
        .trim()
        .min(1, say('ui.field.required'))
        .regex(DOCUMENT_NUMBER, say('flow.error.documentNumber')),
      documentExpiry: date(say),
    })
    .superRefine((passenger, context) => {
      if (!isYmd(passenger.birthDate) || !isYmd(passenger.documentExpiry)) return;
      const titles = TITLES_BY_TYPE[passenger.typeId];
      const problems = passengerProblems(
        {
          typeId: passenger.typeId,
          titleId: Number(passenger.titleId),
          birthDate: passenger.birthDate,
          nationality: passenger.nationality,
          documentExpiry: passenger.documentExpiry,
        },
        {
          today: rules.today,
          firstTravelDate: rules.firstTravelDate,
          lastTravelDate: rules.lastTravelDate,
        },
        {
          isCountry: (code) => rules.countries.has(code),
          isTitle: (id) => titles.includes(id),
        },
      );
      for (const problem of problems) {
        if (problem.field === 'nationality' && passenger.nationality === '') continue;
        if (problem.field === 'titleId' && passenger.titleId === '') continue;
        const on =
          problem.field === 'documentExpiry' ? rules.lastTravelDate : rules.firstTravelDate;
        context.addIssue({
          code: 'custom',
          path: [problem.field],
          message: say(PROBLEM_MESSAGES[problem.code], { date: rules.formatDate(on) }),
        });
      }
    });
}

export function passengersFormSchema(say: Say, rules: TripRules) {
  return z.object({
    passengers: z.array(passengerSchema(say, rules)),
    savePassengers: z.boolean(),
  });
}

export type PassengersFormValues = {
  passengers: PassengerDraft[];
  savePassengers: boolean;
};

const PHONE_MESSAGES: Readonly<Record<PhoneProblem, MessageKey | null>> = {
  REQUIRED: 'ui.field.required',
  CHARACTERS: 'flow.error.phoneCharacters',
  // The calling code's own field says it is missing.
  NO_CALLING_CODE: null,
  UNKNOWN_CALLING_CODE: 'flow.error.phoneCallingCode',
  TOO_SHORT: 'flow.error.phoneTooShort',
  TOO_LONG: 'flow.error.phoneTooLong',
  INVALID: 'flow.error.phone',
};

export function contactSchema(say: Say) {
  return z
    .object({
      firstName: name(say),
      lastName: name(say),
      email: z
        .string()
        .trim()
        .min(1, say('ui.field.required'))
        .max(254, say('auth.fieldTooLong', { max: 254 }))
        .pipe(z.email(say('auth.fieldEmail'))),
      phoneCode: z.string().regex(/^\d{1,4}$/, say('ui.field.required')),
      phone: z.string(),
    })
    .superRefine((contact, context) => {
      // As people write it: a calling code typed in the number counts (and wins).
      const parsed = parsePhone(contact.phone, contact.phoneCode);
      const message = parsed.ok ? null : PHONE_MESSAGES[parsed.problem];
      if (message !== null) {
        context.addIssue({ code: 'custom', path: ['phone'], message: say(message) });
      }
    });
}

/** A valid passenger form as the booking API takes it. */
export function toPassengerInput(draft: PassengerDraft): BookingPassengerInput {
  return {
    typeId: draft.typeId,
    titleId: Number(draft.titleId),
    firstName: draft.firstName.trim(),
    lastName: draft.lastName.trim(),
    birthDate: draft.birthDate,
    nationality: draft.nationality,
    documentTypeId: draft.documentTypeId === '2' ? 2 : 1,
    documentNumber: draft.documentNumber.trim().toUpperCase(),
    documentExpiry: draft.documentExpiry,
  };
}

/** A valid contact form as the booking API takes it: the phone as digits, its calling code's. */
export function toBookerInput(draft: ContactDraft): BookerInput {
  const phone = parsePhone(draft.phone, draft.phoneCode);
  return {
    firstName: draft.firstName.trim(),
    lastName: draft.lastName.trim(),
    email: draft.email.trim(),
    phoneCode: phone.ok ? phone.phoneCode : draft.phoneCode,
    phone: phone.ok ? phone.phone : draft.phone.trim(),
  };
}
