import { zodResolver } from '@hookform/resolvers/zod';
import { PASSWORDS_DIFFER, PERSON_NAME_INVALID } from '@uniquair/contract/users';
import type { MessageKey } from '@uniquair/i18n/messages';
import { useMemo } from 'react';
import { useIntl, type IntlShape } from 'react-intl';
import type { FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';

type Issue = z.core.$ZodRawIssue;

/** The words of one field error, in the visitor's language, from the kind of rule it broke. */
export function fieldErrorMessage(intl: IntlShape, issue: Issue): string {
  const say = (id: MessageKey, values?: Record<string, number>) =>
    intl.formatMessage({ id }, values);
  const empty = issue.input === undefined || issue.input === null || issue.input === '';
  switch (issue.code) {
    case 'invalid_type':
      return say(empty ? 'ui.field.required' : 'auth.fieldInvalid');
    case 'too_small':
      return empty || Number(issue.minimum) <= 1
        ? say('ui.field.required')
        : say('auth.fieldTooShort', { min: Number(issue.minimum) });
    case 'too_big':
      return say('auth.fieldTooLong', { max: Number(issue.maximum) });
    case 'invalid_format':
      if (empty) return say('ui.field.required');
      return issue.format === 'email' ? say('auth.fieldEmail') : say('auth.fieldInvalid');
    case 'custom': {
      const reason = (issue.params as { reason?: string } | undefined)?.reason;
      if (reason === PASSWORDS_DIFFER) return say('auth.passwordsDiffer');
      return reason === PERSON_NAME_INVALID ? say('auth.nameInvalid') : say('auth.fieldInvalid');
    }
    case 'invalid_element':
    case 'invalid_key':
    case 'invalid_union':
    case 'invalid_value':
    case 'not_multiple_of':
    case 'unrecognized_keys':
    case undefined:
      return say('auth.fieldInvalid');
  }
}

/**
 * A react-hook-form resolver for a zod schema of `contract/`, whose field errors are worded in
 * the visitor's language (the schemas carry no words of their own).
 */
export function useZodResolver<Input extends FieldValues, Output>(
  schema: z.ZodType<Output, Input>,
): Resolver<Input, unknown, Output> {
  const intl = useIntl();
  return useMemo(
    () =>
      zodResolver(schema, {
        error: (issue: Issue) => fieldErrorMessage(intl, issue),
      }),
    [schema, intl],
  );
}
