import type { ComponentPropsWithRef } from 'react';
import controlStyles from '../../../components/ui/control.module.css';
import { describedBy, Field, useFieldIds } from '../../../components/ui/field.tsx';

export interface DateInputProps extends Omit<ComponentPropsWithRef<'input'>, 'type'> {
  readonly label: string;
  readonly hint?: string;
  readonly error?: string;
}

/**
 * A labelled native date input (`YYYY-MM-DD` value; typed or picked with the browser's own
 * keyboard-operable picker) in the kit's field frame: label, hint and error tied to it.
 */
export function DateInput({
  label,
  hint,
  error,
  id,
  required,
  className,
  ...props
}: DateInputProps) {
  const ids = useFieldIds(id);
  return (
    <Field ids={ids} label={label} required={required} hint={hint} error={error}>
      <input
        {...props}
        id={ids.controlId}
        type="date"
        required={required}
        className={[controlStyles.control, className].filter(Boolean).join(' ')}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(ids, { hint, error })}
      />
    </Field>
  );
}
