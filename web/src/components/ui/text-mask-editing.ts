/**
 * Editing a masked text field: what the field holds after the user typed, pasted or deleted.
 * The mask rule itself (which character fits which mask character, literals, case) is
 * `applyMask` of domain forms/text-mask; this module only decides which typed characters to
 * keep and where the caret goes. Positions are UTF-16 offsets, as in `selectionStart`.
 */
import { applyMask, isMaskComplete, isMaskToken, unmask } from '@uniquair/domain/forms/text-mask';

export interface MaskedEdit {
  /** The field's new text, as the mask writes it. */
  readonly value: string;
  /** Where the caret goes (UTF-16 offset). */
  readonly caret: number;
}

export interface MaskedValue {
  /** The text as shown, with literals: '12/34'. */
  readonly masked: string;
  /** Only the characters typed into token positions: '1234'. */
  readonly raw: string;
  /** Whether every mask position is filled. */
  readonly complete: boolean;
}

export function maskedValue(mask: string, text: string): MaskedValue {
  const masked = applyMask(mask, text);
  return { masked, raw: unmask(mask, masked), complete: isMaskComplete(mask, masked) };
}

function codePointLength(text: string): number {
  return [...text].length;
}

/** The UTF-16 offset `offset` as a code point index in `text`. */
function codePointIndex(text: string, offset: number): number {
  return codePointLength(text.slice(0, offset));
}

/**
 * The field after an edit: `edited` is the text the browser produced (a character typed or
 * pasted anywhere, a selection replaced or deleted) and `caret` the caret in it. Characters the
 * mask does not take at their turn are dropped, one by one, instead of cutting the rest off, so
 * a wrong key in the middle of a value loses nothing; literals are re-written in their places.
 * The caret stays after the same typed characters it followed.
 */
export function remask(mask: string, edited: string, caret: number): MaskedEdit {
  const chars = [...edited];
  const caretIndex = codePointIndex(edited, caret);
  let kept = '';
  let keptLength = 0;
  let keptBeforeCaret = '';
  chars.forEach((char, index) => {
    const candidateLength = codePointLength(applyMask(mask, kept + char));
    if (candidateLength > keptLength) {
      kept += char;
      keptLength = candidateLength;
      if (index < caretIndex) keptBeforeCaret = kept;
    }
  });
  const value = applyMask(mask, kept);
  const caretAtEnd = caretIndex >= chars.length;
  return { value, caret: caretAtEnd ? value.length : applyMask(mask, keptBeforeCaret).length };
}

/**
 * The value without the literals at its end: after a deletion, '12/' becomes '12', so deleting
 * the last typed character also takes away the literal the mask wrote before it.
 */
export function withoutTrailingLiterals(mask: string, value: string): string {
  const chars = [...value];
  let end = chars.length;
  while (end > 0 && isLiteralAt(mask, end - 1)) end -= 1;
  return chars.slice(0, end).join('');
}

/** Whether the character at code point `index` of a masked value is a literal of the mask. */
function isLiteralAt(mask: string, index: number): boolean {
  const maskChar = [...mask][index];
  return maskChar !== undefined && !isMaskToken(maskChar);
}

/**
 * Where to put the caret before Backspace so that it deletes the typed character before the
 * literals in front of the caret ('12/|3' → '1|2/3'), or null to leave it where it is. Only for
 * a collapsed selection. A literal at the very end (typed by the user) is simply deleted.
 */
export function caretBeforeBackspace(mask: string, value: string, caret: number): number | null {
  const chars = [...value];
  let index = codePointIndex(value, caret);
  if (index === 0 || index >= chars.length || !isLiteralAt(mask, index - 1)) return null;
  while (index > 0 && isLiteralAt(mask, index - 1)) index -= 1;
  return chars.slice(0, index).join('').length;
}

/**
 * Where to put the caret before Delete so that it deletes the typed character after the literals
 * behind the caret ('1|2/3' stays, '12|/3' → '12/|3'), or null to leave it where it is.
 */
export function caretBeforeDelete(mask: string, value: string, caret: number): number | null {
  const chars = [...value];
  let index = codePointIndex(value, caret);
  if (index >= chars.length || !isLiteralAt(mask, index)) return null;
  while (index < chars.length && isLiteralAt(mask, index)) index += 1;
  return chars.slice(0, index).join('').length;
}

/** A numeric keyboard suits masks whose every token is a digit. */
export function maskInputMode(mask: string): 'numeric' | 'text' {
  const tokens = [...mask].filter(isMaskToken);
  return tokens.length > 0 && tokens.every((token) => token === '#') ? 'numeric' : 'text';
}
