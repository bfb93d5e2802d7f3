/**
 * Text masks of the text-mask input (SPEC §5). Mask characters:
 *
 * | char | accepts                                  | becomes    |
 * |------|------------------------------------------|------------|
 * | `#`  | a digit 0–9                              | itself     |
 * | `A`  | a letter (any script)                    | upper case |
 * | `a`  | a letter                                 | lower case |
 * | `N`  | a letter or a digit 0–9                  | upper case |
 * | `n`  | a letter or a digit 0–9                  | lower case |
 * | `X`  | a symbol: a Unicode punctuation or symbol character (`- / . , + @ $ …`); spaces,
 *          letters, digits, combining marks and control characters are not symbols | itself |
 *
 * Any other mask character is a literal, inserted automatically; typing the literal itself is
 * accepted too. Literals are only written once the next input character fits, so '12' under
 * '##/##' stays '12' rather than '12/'. Masking stops at the first input character that does not
 * fit. Characters are counted in code points; a case change that would turn one character into
 * several (ß → SS) leaves the character as it is.
 */

export const MASK_TOKENS = ['#', 'A', 'a', 'N', 'n', 'X'] as const;

export type MaskToken = (typeof MASK_TOKENS)[number];

export function isMaskToken(char: string): char is MaskToken {
  return (MASK_TOKENS as readonly string[]).includes(char);
}

const DIGIT = /^[0-9]$/;
const LETTER = /^\p{L}$/u;
const SYMBOL = /^[\p{P}\p{S}]$/u;

function withCase(char: string, upper: boolean): string {
  const changed = upper ? char.toUpperCase() : char.toLowerCase();
  return [...changed].length === 1 ? changed : char;
}

/** The character as the token writes it, or null when the token does not accept it. */
export function acceptMaskChar(token: MaskToken, char: string): string | null {
  switch (token) {
    case '#':
      return DIGIT.test(char) ? char : null;
    case 'A':
    case 'a':
      return LETTER.test(char) ? withCase(char, token === 'A') : null;
    case 'N':
    case 'n':
      return LETTER.test(char) || DIGIT.test(char) ? withCase(char, token === 'N') : null;
    case 'X':
      return SYMBOL.test(char) ? char : null;
  }
}

/** The input as the mask writes it; never longer than the mask. */
export function applyMask(mask: string, input: string): string {
  const chars = [...input];
  let output = '';
  let pendingLiterals = '';
  let next = 0;
  for (const maskChar of mask) {
    const char = chars[next];
    if (char === undefined) break;
    if (isMaskToken(maskChar)) {
      const accepted = acceptMaskChar(maskChar, char);
      if (accepted === null) break;
      output += pendingLiterals + accepted;
      pendingLiterals = '';
      next += 1;
    } else {
      pendingLiterals += maskChar;
      if (char === maskChar) {
        output += pendingLiterals;
        pendingLiterals = '';
        next += 1;
      }
    }
  }
  return output;
}

/** Whether the value is a fully filled-in masked value: one character per mask character. */
export function isMaskComplete(mask: string, value: string): boolean {
  return applyMask(mask, value) === value && [...value].length === [...mask].length;
}

/**
 * The characters typed into the mask's token positions, without literals: '12/34' → '1234'.
 * Masking them again gives the value back unless the mask is ambiguous: a literal that the next
 * token also accepts ('/X', 'bA') reads a typed '/' or 'b' as the literal.
 */
export function unmask(mask: string, value: string): string {
  const maskChars = [...mask];
  return [...applyMask(mask, value)]
    .filter((_, index) => isMaskToken(maskChars[index] ?? ''))
    .join('');
}
