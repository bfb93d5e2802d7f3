import { PASSWORDS_DIFFER, PERSON_NAME_INVALID } from '@uniquair/contract/users';
import type { MessageKey } from '@uniquair/i18n/messages';
import { apiText, isMessageKey } from './api-messages.ts';

/** One schema-validation failure as the zod type provider reports it. */
export interface ValidationIssue {
  /** The zod issue code: `invalid_type`, `too_small`, `invalid_format`… */
  readonly keyword: string;
  readonly message?: string;
  /** The rest of the issue: `expected`, `origin`, `minimum`, `maximum`, `format`, `keys`… */
  readonly params: Readonly<Record<string, unknown>>;
}

const TYPE_MESSAGES: Readonly<Record<string, MessageKey>> = {
  number: 'apiError.number',
  int: 'apiError.wholeNumber',
  bigint: 'apiError.wholeNumber',
  string: 'apiError.text',
  boolean: 'apiError.yesNo',
  array: 'apiError.list',
  date: 'apiError.date',
};

const FORMAT_MESSAGES: Readonly<Record<string, MessageKey>> = {
  email: 'apiError.email',
  date: 'apiError.date',
  datetime: 'apiError.date',
  url: 'apiError.url',
};

/** The words of the contract's refinements, by the reason they name (`params.reason`). */
const REASON_MESSAGES: Readonly<Record<string, MessageKey>> = {
  [PASSWORDS_DIFFER]: 'auth.passwordsDiffer',
  [PERSON_NAME_INVALID]: 'auth.nameInvalid',
};

const COUNTED = new Set(['array', 'set', 'map', 'file']);

function limit(value: unknown): number {
  return typeof value === 'number' || typeof value === 'bigint' ? Number(value) : 0;
}

/** The catalogue key and values that say what is wrong, never the library's own text. */
function describe(issue: ValidationIssue): [MessageKey, Record<string, number>?] {
  const { params } = issue;
  const origin = typeof params.origin === 'string' ? params.origin : '';
  switch (issue.keyword) {
    case 'invalid_type':
      return [TYPE_MESSAGES[String(params.expected)] ?? 'apiError.invalid'];
    case 'too_small': {
      const min = limit(params.minimum);
      if (origin === 'string')
        return min <= 1 ? ['apiError.required'] : ['apiError.tooShort', { min }];
      if (COUNTED.has(origin)) return ['apiError.tooFew', { min }];
      return ['apiError.tooSmall', { min }];
    }
    case 'too_big': {
      const max = limit(params.maximum);
      if (origin === 'string') return ['apiError.tooLong', { max }];
      if (COUNTED.has(origin)) return ['apiError.tooMany', { max }];
      return ['apiError.tooBig', { max }];
    }
    case 'invalid_format':
      return [FORMAT_MESSAGES[String(params.format)] ?? 'apiError.invalid'];
    case 'invalid_value':
      return ['apiError.choice'];
    case 'unrecognized_keys':
      return ['apiError.notAccepted'];
    case 'custom': {
      // A refinement's own parameters (`.refine(check, { params: { reason } })`).
      const reason = (params.params as { reason?: unknown } | undefined)?.reason;
      return [REASON_MESSAGES[String(reason)] ?? 'apiError.invalid'];
    }
    default:
      return ['apiError.invalid'];
  }
}

/**
 * A field error for people in `locale`: "This field is required." for a value not sent, else what
 * the value lacks ("Enter a whole number.", "Enter at most 40 characters."). A schema's own
 * message is used only when it is a catalogue key (`.refine(check, 'apiError.…')`), so no
 * pattern, type name or library wording ever reaches a person.
 */
export function fieldMessage(locale: string, issue: ValidationIssue, missing: boolean): string {
  if (missing && issue.keyword !== 'unrecognized_keys') return apiText(locale, 'apiError.required');
  if (issue.message !== undefined && isMessageKey(issue.message)) {
    return apiText(locale, issue.message);
  }
  const [key, values] = describe(issue);
  return apiText(locale, key, values);
}
