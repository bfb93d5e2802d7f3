import { useId, type ReactNode } from 'react';
import controlStyles from './control.module.css';
import styles from './field.module.css';
import { Icon } from './icon.tsx';

/** The ids that tie a control to its label, hint and error text. */
export interface FieldIds {
  readonly controlId: string;
  readonly labelId: string;
  readonly hintId: string;
  readonly errorId: string;
}

/** Stable ids for a field; `id` (when given) becomes the control's id. */
export function useFieldIds(id?: string): FieldIds {
  const generated = useId();
  const base = id ?? `field-${generated}`;
  return {
    controlId: base,
    labelId: `${base}-label`,
    hintId: `${base}-hint`,
    errorId: `${base}-error`,
  };
}

/** The value of `aria-describedby` for a control: its hint and error texts, when shown. */
export function describedBy(
  ids: FieldIds,
  { hint, error }: { readonly hint?: ReactNode; readonly error?: ReactNode },
  extra?: string,
): string | undefined {
  const parts = [hint ? ids.hintId : null, error ? ids.errorId : null, extra ?? null].filter(
    (part): part is string => part !== null && part !== '',
  );
  return parts.length > 0 ? parts.join(' ') : undefined;
}

/**
 * The attributes a native control (`<input>`, `<textarea>`, `<select>`) takes from its Field: its
 * id, `required`, the shared control style before its own classes, `aria-invalid` while in error
 * and `aria-describedby` for the texts shown.
 */
export function controlAttributes(
  ids: FieldIds,
  {
    hint,
    error,
    required,
    className,
  }: {
    readonly hint?: ReactNode;
    readonly error?: ReactNode;
    readonly required?: boolean;
    readonly className?: string | readonly (string | undefined)[];
  },
) {
  return {
    id: ids.controlId,
    required,
    className: [controlStyles.control, ...[className ?? []].flat()].filter(Boolean).join(' '),
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy(ids, { hint, error }),
  } as const;
}

/** The props of a custom control drawn in a Field (the airport select, the date picker). */
export interface PickerFieldProps {
  readonly label: string;
  /** Called when the field has been visited and left. */
  readonly onBlur?: () => void;
  /** Submits the value with a native form under this name. */
  readonly name?: string;
  readonly id?: string;
  /** Shown while nothing is chosen. */
  readonly placeholder?: string;
  readonly hint?: string;
  /** An error from the form; shown instead of 'Required'. */
  readonly error?: string;
  /** Shows 'Required' when the field is left without a value. */
  readonly required?: boolean;
  readonly disabled?: boolean;
}

export interface FieldProps {
  readonly ids: FieldIds;
  readonly label: ReactNode;
  /** Marks the label visually; the control carries `required` for assistive technology. */
  readonly required?: boolean;
  readonly hint?: ReactNode;
  readonly error?: ReactNode;
  /**
   * `label` ties the label to the control with `for` (inputs, selects); `span` only gives it the
   * label id, for controls named with `aria-labelledby` (the date picker's button).
   */
  readonly labelAs?: 'label' | 'span';
  readonly className?: string;
  readonly children: ReactNode;
}

/**
 * The frame every form widget shares: the label above the control, then the hint and the error
 * text, both referenced from the control by `aria-describedby` (see `describedBy`). The error is
 * text with an icon, never colour alone.
 */
export function Field({
  ids,
  label,
  required = false,
  hint,
  error,
  labelAs = 'label',
  className,
  children,
}: FieldProps) {
  const labelContent = (
    <>
      {label}
      {required ? (
        <span className={styles.requiredMark} aria-hidden="true">
          {' *'}
        </span>
      ) : null}
    </>
  );
  return (
    <div className={[styles.field, className].filter(Boolean).join(' ')}>
      {labelAs === 'label' ? (
        <label id={ids.labelId} htmlFor={ids.controlId} className={styles.label}>
          {labelContent}
        </label>
      ) : (
        <span id={ids.labelId} className={styles.label}>
          {labelContent}
        </span>
      )}
      {children}
      {hint ? (
        <p id={ids.hintId} className={styles.hint}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={ids.errorId} className={styles.error}>
          <Icon name="alert" className={styles.errorIcon} />
          <span>{error}</span>
        </p>
      ) : null}
    </div>
  );
}
