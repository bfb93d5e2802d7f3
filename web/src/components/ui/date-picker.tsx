import { ymdToUtcDate, type Ymd } from '@uniquair/domain/dates/ymd';
import { useId, useRef, useState, type Ref } from 'react';
import { useIntl } from 'react-intl';
import { Calendar, type CalendarOptions } from './calendar.tsx';
import controlStyles from './control.module.css';
import styles from './date-picker.module.css';
import { describedBy, Field, useFieldIds, type PickerFieldProps } from './field.tsx';
import { mergeRefs } from './merge-refs.ts';
import { PickerDialog } from './picker-dialog.tsx';
import { Icon } from './icon.tsx';

/**
 * `onBlur` is called when the picker closes; `name` submits the date as `YYYY-MM-DD`; the
 * placeholder is 'Select a date' by default.
 */
export interface DatePickerProps extends CalendarOptions, PickerFieldProps {
  /** The chosen date, or null. */
  readonly value: Ymd | null;
  readonly onChange: (date: Ymd) => void;
  /** How the chosen date reads in the field; weekday, day, short month and year by default. */
  readonly format?: Intl.DateTimeFormatOptions;
  /** The field's button (react-hook-form focuses it on an error). */
  readonly ref?: Ref<HTMLButtonElement>;
}

const DEFAULT_FORMAT: Intl.DateTimeFormatOptions = {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
};

/**
 * A date field: a button showing the chosen date that opens the calendar (day, month and year
 * pickers) in a modal dialog (`PickerDialog`). Picking a day closes it; Escape, the close button
 * or a click outside close it too, and focus returns to the field. Tab stays inside the dialog
 * while it is open. On small screens the dialog is a sheet at the bottom of the screen.
 */
export function DatePicker({
  label,
  value,
  onChange,
  onBlur,
  name,
  id,
  placeholder,
  hint,
  error,
  required = false,
  disabled = false,
  format = DEFAULT_FORMAT,
  ref,
  ...calendarOptions
}: DatePickerProps) {
  const intl = useIntl();
  const ids = useFieldIds(id);
  const valueId = useId();
  const requiredId = useId();
  const triggerRef = useRef<HTMLButtonElement | null>(null);
  const wrapperRef = useRef<HTMLDivElement | null>(null);
  const [open, setOpen] = useState(false);
  const [touched, setTouched] = useState(false);

  const shownError =
    error ||
    (required && touched && value === null
      ? intl.formatMessage({ id: 'ui.field.required' })
      : undefined);

  const close = () => {
    setOpen(false);
    setTouched(true);
    onBlur?.();
  };

  const valueText = value
    ? intl.formatDate(ymdToUtcDate(value), { ...format, timeZone: 'UTC' })
    : (placeholder ?? intl.formatMessage({ id: 'ui.datePicker.placeholder' }));

  return (
    <Field
      ids={ids}
      label={label}
      required={required}
      hint={hint}
      error={shownError}
      labelAs="span"
    >
      <div ref={wrapperRef} className={styles.wrapper}>
        <button
          ref={mergeRefs(triggerRef, ref)}
          id={ids.controlId}
          type="button"
          className={[controlStyles.control, styles.trigger].join(' ')}
          aria-labelledby={`${ids.labelId} ${valueId}`}
          aria-describedby={describedBy(
            ids,
            { hint, error: shownError },
            required && !shownError ? requiredId : undefined,
          )}
          aria-haspopup="dialog"
          aria-expanded={open}
          aria-invalid={shownError ? true : undefined}
          disabled={disabled}
          onClick={() => setOpen(true)}
        >
          <span id={valueId} className={value ? styles.value : styles.placeholder}>
            {valueText}
          </span>
          {required && !shownError ? (
            // A button cannot carry aria-required: the field says it is required in its description.
            <span id={requiredId} className="visually-hidden">
              {intl.formatMessage({ id: 'ui.field.required' })}
            </span>
          ) : null}
          <Icon name="calendar" className={styles.icon} />
        </button>
        {name ? <input type="hidden" name={name} value={value ?? ''} /> : null}
        {open ? (
          <PickerDialog
            labelledBy={ids.labelId}
            onClose={close}
            anchor={wrapperRef}
            returnFocus={triggerRef}
          >
            <Calendar
              {...calendarOptions}
              value={value}
              autoFocus
              onSelect={(date) => {
                onChange(date);
                close();
              }}
            />
          </PickerDialog>
        ) : null}
      </div>
    </Field>
  );
}
