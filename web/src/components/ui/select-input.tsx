import { useState, type ComponentPropsWithRef, type FocusEvent, type ChangeEvent } from 'react';
import { useIntl } from 'react-intl';
import { controlAttributes, Field, useFieldIds } from './field.tsx';
import styles from './select-input.module.css';
import { Icon } from './icon.tsx';

export interface SelectOption {
  readonly value: string;
  readonly label: string;
  readonly disabled?: boolean;
}

export interface SelectInputProps extends Omit<
  ComponentPropsWithRef<'select'>,
  'children' | 'multiple'
> {
  readonly label: string;
  readonly options: readonly SelectOption[];
  /** The text of the empty first option; a required select cannot go back to it. */
  readonly placeholder?: string;
  readonly hint?: string;
  /** An error from the form (e.g. react-hook-form's `errors.x?.message`); shown instead of 'Required'. */
  readonly error?: string;
}

/**
 * A labelled native select. `required` shows 'Required' once the field has been left (or the
 * form submitted) while empty. Works with react-hook-form's `register` (ref, name, onChange,
 * onBlur) and with a controlled `value`.
 */
export function SelectInput({
  label,
  options,
  placeholder,
  hint,
  error,
  required = false,
  id,
  className,
  onBlur,
  onChange,
  onInvalid,
  ...props
}: SelectInputProps) {
  // With a placeholder, start on it (a browser would otherwise pick the first enabled option).
  const selectProps =
    placeholder !== undefined && props.value === undefined && props.defaultValue === undefined
      ? { ...props, defaultValue: '' }
      : props;
  const intl = useIntl();
  const ids = useFieldIds(id);
  const [touched, setTouched] = useState(false);
  const [empty, setEmpty] = useState(
    () => String(selectProps.value ?? selectProps.defaultValue ?? '') === '',
  );
  const shownError =
    error ||
    (required && touched && empty ? intl.formatMessage({ id: 'ui.field.required' }) : undefined);

  const handleBlur = (event: FocusEvent<HTMLSelectElement>) => {
    setTouched(true);
    setEmpty(event.currentTarget.value === '');
    onBlur?.(event);
  };
  const handleChange = (event: ChangeEvent<HTMLSelectElement>) => {
    setEmpty(event.currentTarget.value === '');
    onChange?.(event);
  };

  return (
    <Field ids={ids} label={label} required={required} hint={hint} error={shownError}>
      <div className={styles.wrapper}>
        <select
          {...selectProps}
          {...controlAttributes(ids, {
            hint,
            error: shownError,
            required,
            className: [styles.select, className],
          })}
          onBlur={handleBlur}
          onChange={handleChange}
          onInvalid={(event) => {
            // Submitting the form checks it: show our message instead of the browser's bubble.
            event.preventDefault();
            setTouched(true);
            setEmpty(event.currentTarget.value === '');
            onInvalid?.(event);
          }}
        >
          {placeholder !== undefined ? (
            <option value="" disabled={required}>
              {placeholder}
            </option>
          ) : null}
          {options.map((option) => (
            <option key={option.value} value={option.value} disabled={option.disabled}>
              {option.label}
            </option>
          ))}
        </select>
        <Icon name="chevronDown" className={styles.chevron} />
      </div>
    </Field>
  );
}
