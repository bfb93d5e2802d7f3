import { PASSWORD_MIN_LENGTH } from '@uniquair/contract/users';
import type { MessageKey } from '@uniquair/i18n/messages';
import { useState, type FormEvent, type ReactNode } from 'react';
import {
  useForm,
  type DefaultValues,
  type FieldPath,
  type FieldValues,
  type UseFormReturn,
} from 'react-hook-form';
import { useIntl } from 'react-intl';
import type { z } from 'zod';
import { screenStyles } from '../components/layouts/screen.tsx';
import { Button } from '../components/ui/button.tsx';
import { TextInput, type TextInputProps } from '../components/ui/text-input.tsx';
import { isApiError } from './api-client.ts';
import { useZodResolver } from './form-resolver.ts';

/**
 * What went wrong with a request, as a catalogue key: no answer at all is 'Unable to connect to
 * server, please try again later', too many attempts says so, and anything else is `otherwise`
 * unless `byStatus` names the status.
 */
export function problemOf(
  error: unknown,
  otherwise: MessageKey,
  byStatus: Readonly<Partial<Record<number, MessageKey>>> = {},
): MessageKey {
  if (!isApiError(error)) return otherwise;
  if (error.isNetworkError) return 'auth.unableToConnect';
  if (error.status === 429) return 'auth.tooManyAttempts';
  return byStatus[error.status] ?? otherwise;
}

/** Server field messages the forms word themselves, by the English text the API sends. */
const KNOWN_FIELD_MESSAGES: Readonly<Record<string, MessageKey>> = {
  'Incorrect password': 'account.incorrectPassword',
  'This is already your address': 'account.emailSame',
};

/** Error codes that name a field, and the words for that field. */
const FIELD_CODES: Readonly<Record<string, MessageKey>> = {
  PASSWORD_TOO_COMMON: 'auth.passwordTooCommon',
  PASSWORD_CONTAINS_EMAIL: 'auth.passwordContainsEmail',
};

/**
 * The field errors of a `VALIDATION_ERROR` (or a field's own code, such as
 * `PASSWORD_TOO_COMMON`) answer, by form field (`body.currentPassword` → `currentPassword`), each
 * as a catalogue key; empty for any other failure.
 */
export function serverFieldErrors(error: unknown): Record<string, MessageKey> {
  if (!isApiError(error)) return {};
  const byCode = FIELD_CODES[error.code];
  if (error.code !== 'VALIDATION_ERROR' && byCode === undefined) return {};
  const fields: Record<string, MessageKey> = {};
  for (const [path, messages] of Object.entries(error.errors)) {
    if (!path.startsWith('body.')) continue;
    fields[path.slice('body.'.length)] =
      byCode ?? KNOWN_FIELD_MESSAGES[messages[0] ?? ''] ?? 'auth.fieldInvalid';
  }
  return fields;
}

/** The form's problem, announced to assistive technology as soon as it appears. */
export function FormProblem({ problem }: { readonly problem: MessageKey | null }) {
  const intl = useIntl();
  if (problem === null) return null;
  return (
    <p role="alert" className={screenStyles.problem}>
      {intl.formatMessage({ id: problem })}
    </p>
  );
}

export interface FormTextFieldProps<Input extends FieldValues, Output> extends Omit<
  TextInputProps,
  'form' | 'label' | 'error' | 'name' | 'required'
> {
  readonly form: UseFormReturn<Input, unknown, Output>;
  readonly name: FieldPath<Input>;
  readonly label: MessageKey;
}

/**
 * A required text field of a {@link useApiForm} form: its label from the catalogue, registered
 * under `name`, showing that field's error. Every field of the account and auth forms is one.
 */
export function FormTextField<Input extends FieldValues, Output>({
  form,
  name,
  label,
  ...props
}: FormTextFieldProps<Input, Output>) {
  const intl = useIntl();
  return (
    <TextInput
      label={intl.formatMessage({ id: label })}
      required
      error={form.getFieldState(name, form.formState).error?.message}
      {...props}
      {...form.register(name)}
    />
  );
}

/** A few fields of a {@link useApiForm} form that always go together. */
interface FieldGroupProps<Input extends FieldValues, Output> {
  readonly form: UseFormReturn<Input, unknown, Output>;
}

/** A form with an e-mail address. */
type EmailInput = FieldValues & { email: string };

/**
 * The required e-mail address (`email`): 'E-mail' and the browser's own address unless told
 * otherwise.
 */
export function EmailField<Input extends EmailInput, Output>({
  form,
  label = 'auth.email',
  autoComplete = 'email',
  ...props
}: Omit<FormTextFieldProps<Input, Output>, 'name' | 'label' | 'type'> & {
  readonly label?: MessageKey;
}) {
  return (
    <FormTextField
      form={form}
      name={'email' as FieldPath<Input>}
      label={label}
      type="email"
      autoComplete={autoComplete}
      {...props}
    />
  );
}

/** A form whose request carries a new password, typed twice. */
type NewPasswordInput = FieldValues & { newPassword: { first: string; second: string } };

/**
 * The new password and its repeat (`newPassword.first`, `newPassword.second`), the first with the
 * hint of the shortest length: the reset and change-password forms.
 */
export function NewPasswordFields<Input extends NewPasswordInput, Output>({
  form,
}: FieldGroupProps<Input, Output>) {
  const intl = useIntl();
  return (
    <>
      <FormTextField
        form={form}
        name={'newPassword.first' as FieldPath<Input>}
        label="auth.newPassword"
        type="password"
        autoComplete="new-password"
        hint={intl.formatMessage({ id: 'auth.passwordHint' }, { min: PASSWORD_MIN_LENGTH })}
      />
      <FormTextField
        form={form}
        name={'newPassword.second' as FieldPath<Input>}
        label="auth.repeatPassword"
        type="password"
        autoComplete="new-password"
      />
    </>
  );
}

/** A form with the user's names. */
type NamesInput = FieldValues & { firstName: string; lastName: string };

/** First and last name, filled in from the browser's own: the register and profile forms. */
export function NameFields<Input extends NamesInput, Output>({
  form,
}: FieldGroupProps<Input, Output>) {
  return (
    <>
      <FormTextField
        form={form}
        name={'firstName' as FieldPath<Input>}
        label="auth.firstName"
        autoComplete="given-name"
      />
      <FormTextField
        form={form}
        name={'lastName' as FieldPath<Input>}
        label="auth.lastName"
        autoComplete="family-name"
      />
    </>
  );
}

export interface ApiFormOptions<Input extends FieldValues, Output> {
  /** The request's schema from `contract/`; its field errors are worded by `useZodResolver`. */
  readonly schema: z.ZodType<Output, Input>;
  readonly defaultValues: DefaultValues<Input>;
  /** Sends the checked values; what it throws is the form's problem. */
  readonly send: (values: Output, form: UseFormReturn<Input, unknown, Output>) => Promise<void>;
  /** The problem a failure shows; `problemOf(error, 'auth.failed')` by default. */
  readonly problem?: (error: unknown) => MessageKey;
  /** Fields that show the server's own field errors (`VALIDATION_ERROR`) instead of a problem. */
  readonly serverFields?: readonly FieldPath<Input>[];
}

export interface ApiForm<Input extends FieldValues, Output> {
  readonly form: UseFormReturn<Input, unknown, Output>;
  /** The `<form>`'s `onSubmit`: checks the fields, then sends. */
  readonly onSubmit: (event: FormEvent) => void;
  /** What the last submit ran into, for {@link FormProblem}; null while sending and after success. */
  readonly problem: MessageKey | null;
}

const defaultProblem = (error: unknown) => problemOf(error, 'auth.failed');

/**
 * The set-up every account and auth form shares: react-hook-form with the contract's schema,
 * field errors in the visitor's language, a submit that sends the values and turns a failure into
 * the server's field errors on their fields or one problem for the whole form.
 */
export function useApiForm<Input extends FieldValues, Output>({
  schema,
  defaultValues,
  send,
  problem: problemFor = defaultProblem,
  serverFields = [],
}: ApiFormOptions<Input, Output>): ApiForm<Input, Output> {
  const intl = useIntl();
  const [problem, setProblem] = useState<MessageKey | null>(null);
  const form = useForm<Input, unknown, Output>({
    resolver: useZodResolver(schema),
    defaultValues,
  });
  const submit = form.handleSubmit(async (values) => {
    setProblem(null);
    try {
      await send(values, form);
    } catch (error) {
      const fields = serverFieldErrors(error);
      const shown = serverFields.filter((field) => fields[field] !== undefined);
      for (const field of shown) {
        const id = fields[field];
        if (id) form.setError(field, { message: intl.formatMessage({ id }) });
      }
      if (shown.length === 0) setProblem(problemFor(error));
    }
  });
  return { form, onSubmit: (event) => void submit(event), problem };
}

export interface ApiFormFrameProps<Input extends FieldValues, Output> {
  readonly api: ApiForm<Input, Output>;
  /** The submit button's text. */
  readonly submit: MessageKey;
  readonly submitVariant?: 'primary' | 'secondary';
  /** Keeps the submit button its own width (the account sections) instead of the form's. */
  readonly compactSubmit?: boolean;
  /** The fields. */
  readonly children: ReactNode;
}

/**
 * The `<form>` of a {@link useApiForm} form: its fields, then its problem and a submit button that
 * spins while the values are being sent.
 */
export function ApiFormFrame<Input extends FieldValues, Output>({
  api,
  submit,
  submitVariant,
  compactSubmit = false,
  children,
}: ApiFormFrameProps<Input, Output>) {
  const intl = useIntl();
  const button = (
    <Button type="submit" variant={submitVariant} loading={api.form.formState.isSubmitting}>
      {intl.formatMessage({ id: submit })}
    </Button>
  );
  return (
    <form className={screenStyles.form} onSubmit={api.onSubmit} noValidate>
      {children}
      <FormProblem problem={api.problem} />
      {compactSubmit ? <div>{button}</div> : button}
    </form>
  );
}
