/**
 * Phone numbers as people write them (`+49 30 1234567`, `030 1234567`, `(212) 555-0123`,
 * `0049 30 1234567`): read with the country calling code the traveller chose, checked against
 * the numbering plan of the code (libphonenumber-js, minimal metadata: lengths and leading
 * digits), and kept as digits only: the calling code and the national (significant) number.
 * A calling code written in the number (`+44`, `0044`) wins over the chosen one.
 */
import {
  AsYouType,
  ParseError,
  parsePhoneNumberWithError,
  validatePhoneNumberLength,
  type PhoneNumber,
} from 'libphonenumber-js/min';

/** Why a written phone number is refused. */
export type PhoneProblem =
  /** Nothing but separators. */
  | 'REQUIRED'
  /** Letters or other signs than digits, a leading `+`, spaces, dashes, dots, slashes and brackets. */
  | 'CHARACTERS'
  /** A national number with no calling code chosen. */
  | 'NO_CALLING_CODE'
  /** A calling code that no country has (`+999`). */
  | 'UNKNOWN_CALLING_CODE'
  | 'TOO_SHORT'
  | 'TOO_LONG'
  /** No number of the calling code's plan has this length or these first digits. */
  | 'INVALID';

export type ParsedPhone =
  | { readonly ok: true; readonly phoneCode: string; readonly phone: string }
  | { readonly ok: false; readonly problem: PhoneProblem };

/** Spaces (also no-break ones), dashes, dots, slashes and brackets people put in numbers. */
const SEPARATORS = /[\s\u00a0\u2010-\u2015.\-/()]/g;
const WRITTEN = /^(?:\+|00)?\d+$/;
const CALLING_CODE = /^\d{1,4}$/;
/** The national numbers the booking contract stores. */
const NATIONAL_NUMBER = /^\d{4,14}$/;

/** `+` and the digits of a written number, the international prefix `00` read as `+`. */
function compact(typed: string): string {
  const text = typed.replace(SEPARATORS, '');
  return text.startsWith('00') ? `+${text.slice(2)}` : text;
}

function problemOfError(error: unknown): PhoneProblem {
  if (!(error instanceof ParseError)) throw error;
  switch (error.message) {
    case 'INVALID_COUNTRY':
      return 'UNKNOWN_CALLING_CODE';
    case 'TOO_SHORT':
      return 'TOO_SHORT';
    case 'TOO_LONG':
      return 'TOO_LONG';
    default:
      return 'CHARACTERS';
  }
}

/** The number of a written text, or why there is none; `phoneCode` reads national numbers. */
function readPhone(
  typed: string,
  phoneCode: string,
): { number: PhoneNumber; text: string } | PhoneProblem {
  const text = compact(typed);
  if (text === '') return 'REQUIRED';
  if (!WRITTEN.test(text)) return 'CHARACTERS';
  const international = text.startsWith('+');
  if (!international && !CALLING_CODE.test(phoneCode)) return 'NO_CALLING_CODE';
  const options = international
    ? { extract: false }
    : { extract: false, defaultCallingCode: phoneCode };
  try {
    return { number: parsePhoneNumberWithError(text, options), text };
  } catch (error) {
    return problemOfError(error);
  }
}

/**
 * What a traveller typed as the digits the booking keeps, or why it is not a phone number.
 * `phoneCode` (digits, no `+`) reads national numbers; a number written with `+` or `00` and a
 * calling code answers that code instead.
 */
export function parsePhone(typed: string, phoneCode: string): ParsedPhone {
  const read = readPhone(typed, phoneCode);
  if (typeof read === 'string') return { ok: false, problem: read };
  const { number, text } = read;
  const length = validatePhoneNumberLength(
    text,
    text.startsWith('+') ? {} : { defaultCallingCode: number.countryCallingCode },
  );
  if (length === 'TOO_SHORT' || length === 'TOO_LONG') return { ok: false, problem: length };
  if (length !== undefined || !number.isValid() || !NATIONAL_NUMBER.test(number.nationalNumber)) {
    return { ok: false, problem: 'INVALID' };
  }
  return { ok: true, phoneCode: number.countryCallingCode, phone: number.nationalNumber };
}

/**
 * A written number laid out as the calling code's country writes it at home ('0301234567' with
 * '49' → '030 1234567'), with the calling code in front when it was typed; the text as typed
 * when it is not a number yet.
 */
export function formatPhone(typed: string, phoneCode: string): string {
  const text = compact(typed);
  if (!WRITTEN.test(text)) return typed;
  if (!text.startsWith('+') && !CALLING_CODE.test(phoneCode)) return typed;
  const formatter = new AsYouType(
    text.startsWith('+') ? undefined : { defaultCallingCode: phoneCode },
  );
  return formatter.input(text);
}

/** Stored digits as written at home: ('49', '301234567') → '030 1234567'. */
export function nationalPhone(phoneCode: string, phone: string): string {
  const read = readPhone(`+${phoneCode}${phone}`, phoneCode);
  return typeof read === 'string' ? phone : read.number.formatNational();
}

/** Stored digits as written for the world: ('49', '301234567') → '+49 30 1234567'. */
export function internationalPhone(phoneCode: string, phone: string): string {
  const read = readPhone(`+${phoneCode}${phone}`, phoneCode);
  return typeof read === 'string' ? `+${phoneCode} ${phone}` : read.number.formatInternational();
}
