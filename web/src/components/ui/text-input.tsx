import type { ComponentPropsWithRef } from 'react';
import { controlAttributes, Field, useFieldIds } from './field.tsx';

export interface LabelledInputProps extends ComponentPropsWithRef<'input'> {
  readonly label: string;
  readonly hint?: string;
  /** The field's error (e.g. react-hook-form's `errors.x?.message`). */
  readonly error?: string;
}

/**
 * An `<input>` of any type in the frame every widget shares: label, hint and error tied to the
 * input with `aria-describedby`, `aria-invalid` while in error. Works with react-hook-form's
 * `register` (ref, name, onChange, onBlur).
 */
export function LabelledInput({
  label,
  hint,
  error,
  id,
  required,
  className,
  ...props
}: LabelledInputProps) {
  const ids = useFieldIds(id);
  return (
    <Field ids={ids} label={label} required={required} hint={hint} error={error}>
      <input {...props} {...controlAttributes(ids, { hint, error, required, className })} />
    </Field>
  );
}

export interface TextInputProps extends Omit<LabelledInputProps, 'type'> {
  readonly type?: 'text' | 'email' | 'password' | 'tel' | 'search' | 'url';
}

/** A labelled text input ({@link LabelledInput}), of type `text` unless told otherwise. */
export function TextInput({ type = 'text', ...props }: TextInputProps) {
  return <LabelledInput {...props} type={type} />;
}

export interface LabelledTextAreaProps extends ComponentPropsWithRef<'textarea'> {
  readonly label: string;
  readonly hint?: string;
  readonly error?: string;
}

/** A `<textarea>` in the same frame as {@link LabelledInput}: label, hint, error. */
export function LabelledTextArea({
  label,
  hint,
  error,
  id,
  required,
  className,
  ...props
}: LabelledTextAreaProps) {
  const ids = useFieldIds(id);
  return (
    <Field ids={ids} label={label} required={required} hint={hint} error={error}>
      <textarea {...props} {...controlAttributes(ids, { hint, error, required, className })} />
    </Field>
  );
}
