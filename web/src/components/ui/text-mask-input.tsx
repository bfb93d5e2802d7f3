import { type ChangeEvent, type ComponentPropsWithRef, type KeyboardEvent } from 'react';
import { applyMask } from '@uniquair/domain/forms/text-mask';
import { controlAttributes, Field, useFieldIds } from './field.tsx';
import {
  caretBeforeBackspace,
  caretBeforeDelete,
  maskedValue,
  maskInputMode,
  remask,
  withoutTrailingLiterals,
  type MaskedValue,
} from './text-mask-editing.ts';

export interface TextMaskInputProps extends Omit<
  ComponentPropsWithRef<'input'>,
  'type' | 'value' | 'defaultValue'
> {
  readonly label: string;
  /**
   * The mask (SPEC §5): `#` digit, `A`/`a` letter made upper/lower case, `N`/`n` letter or digit
   * made upper/lower case, `X` symbol; any other character is a literal written automatically.
   */
  readonly mask: string;
  /** Controlled value (the masked text). */
  readonly value?: string;
  readonly defaultValue?: string;
  /** Called after every edit with the masked text, the raw typed characters and completeness. */
  readonly onValueChange?: (value: MaskedValue) => void;
  readonly hint?: string;
  readonly error?: string;
  readonly type?: 'text' | 'tel';
}

/**
 * A labelled text input that writes its value through a text mask as the user types, pastes or
 * deletes: the caret keeps its place, literals are inserted and skipped over by Backspace and
 * Delete. `onChange` receives the input event with the masked text already in
 * `event.target.value`, so react-hook-form's `register` works as with any input; `onValueChange`
 * gives the masked and the raw value.
 */
export function TextMaskInput({
  label,
  mask,
  value,
  defaultValue,
  onValueChange,
  onChange,
  onKeyDown,
  hint,
  error,
  id,
  className,
  required,
  ref,
  type = 'text',
  ...inputProps
}: TextMaskInputProps) {
  const ids = useFieldIds(id);

  const handleChange = (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const edit = remask(mask, input.value, input.selectionStart ?? input.value.length);
    const { inputType } = event.nativeEvent as InputEvent;
    // A deletion takes the literals left at the end with it ('12/3' → '12', not '12/').
    const value =
      typeof inputType === 'string' && inputType.startsWith('delete')
        ? withoutTrailingLiterals(mask, edit.value)
        : edit.value;
    const caret = Math.min(edit.caret, value.length);
    if (input.value !== value) input.value = value;
    if (input.ownerDocument.activeElement === input) input.setSelectionRange(caret, caret);
    onValueChange?.(maskedValue(mask, value));
    onChange?.(event);
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    onKeyDown?.(event);
    const input = event.currentTarget;
    const { selectionStart, selectionEnd } = input;
    if (event.defaultPrevented || selectionStart === null || selectionStart !== selectionEnd)
      return;
    // Move the caret over literals so the key deletes a typed character, not a literal that the
    // mask would put straight back.
    const caret =
      event.key === 'Backspace'
        ? caretBeforeBackspace(mask, input.value, selectionStart)
        : event.key === 'Delete'
          ? caretBeforeDelete(mask, input.value, selectionStart)
          : null;
    if (caret !== null) input.setSelectionRange(caret, caret);
  };

  return (
    <Field ids={ids} label={label} required={required} hint={hint} error={error}>
      <input
        {...inputProps}
        ref={ref}
        {...controlAttributes(ids, { hint, error, required, className })}
        type={type}
        inputMode={inputProps.inputMode ?? maskInputMode(mask)}
        autoComplete={inputProps.autoComplete ?? 'off'}
        value={value === undefined ? undefined : applyMask(mask, value)}
        defaultValue={defaultValue === undefined ? undefined : applyMask(mask, defaultValue)}
        onChange={handleChange}
        onKeyDown={handleKeyDown}
      />
    </Field>
  );
}
