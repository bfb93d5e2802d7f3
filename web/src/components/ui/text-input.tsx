import type { ComponentPropsWithRef } from 'react';
import controlStyles from './control.module.css';
import { describedBy, Field, useFieldIds } from './field.tsx';

export interface TextInputProps extends Omit<ComponentPropsWithRef<'input'>, 'type'> {
  readonly label: string;
  readonly type?: 'text' | 'email' | 'password' | 'tel' | 'search' | 'url';
  readonly hint?: string;
  /** The field's error (e.g. react-hook-form's `errors.x?.message`). */
  readonly error?: string;
}

/**
 * A labelled text input in the frame every widget shares: label, hint and error tied to the
 * input with `aria-describedby`, `aria-invalid` while in error. Works with react-hook-form's
 * `register` (ref, name, onChange, onBlur).
 */
export function TextInput({
  label,
  type = 'text',
  hint,
  error,
  id,
  required,
  className,
  ...props
}: TextInputProps) {
  const ids = useFieldIds(id);
  return (
    <Field ids={ids} label={label} required={required} hint={hint} error={error}>
      <input
        {...props}
        id={ids.controlId}
        type={type}
        required={required}
        className={[controlStyles.control, className].filter(Boolean).join(' ')}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(ids, { hint, error })}
      />
    </Field>
  );
}
