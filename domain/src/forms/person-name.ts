/**
 * What a person's name may hold (passenger, booker and account names): letters of any script
 * with their combining marks, spaces, apostrophes (' ’ ʼ), hyphens and dots, and at least one
 * letter. Markup (`<>`), braces, digits, other symbols and control characters are refused: a
 * name is printed on tickets and e-mails and read by airline systems.
 */
const PERSON_NAME = /^(?=.*\p{L})[\p{L}\p{M} '’ʼ.\-‐]+$/u;

/** Whether a trimmed text is a plausible person's name. */
export function isPersonName(text: string): boolean {
  return PERSON_NAME.test(text);
}
