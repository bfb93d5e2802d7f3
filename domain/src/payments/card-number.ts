/**
 * Payment card rules (ISO/IEC 7812): what a card number, its expiry and its security code look
 * like. The pay page checks the fields with them before sending them to the gateway, the sandbox
 * gateway checks them again, and the server's card-data guard uses the same check to refuse a
 * card number anywhere in our API.
 */

/** Digits of a card number as typed: spaces and dashes dropped. */
export function cardDigits(number: string): string {
  return number.replace(/[\s-]/g, '');
}

/** The Luhn check digit test; false for anything but digits. */
export function passesLuhn(digits: string): boolean {
  if (digits === '') return false;
  let sum = 0;
  let double = false;
  for (let index = digits.length - 1; index >= 0; index -= 1) {
    let digit = digits.charCodeAt(index) - 48;
    if (digit < 0 || digit > 9) return false;
    if (double) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
    double = !double;
  }
  return sum % 10 === 0;
}

/** A plausible card number as typed: 13 to 19 digits with a valid check digit. */
export function isCardNumber(number: string): boolean {
  const digits = cardDigits(number);
  return /^\d{13,19}$/.test(digits) && passesLuhn(digits);
}

/** The card brand from the number's leading digits (IIN ranges), `unknown` when none fits. */
export function cardBrand(digits: string): string {
  const two = Number(digits.slice(0, 2));
  const four = Number(digits.slice(0, 4));
  if (digits.startsWith('4')) return 'visa';
  if ((two >= 51 && two <= 55) || (four >= 2221 && four <= 2720)) return 'mastercard';
  if (two === 34 || two === 37) return 'amex';
  if (digits.startsWith('62')) return 'unionpay';
  if (digits.startsWith('6011') || digits.startsWith('65')) return 'discover';
  if (four >= 3528 && four <= 3589) return 'jcb';
  if (two === 36 || two === 38 || two === 39 || (two === 30 && Number(digits[2]) <= 5)) {
    return 'diners';
  }
  return 'unknown';
}

/**
 * Whether a card has expired in the given month (`month` 1–12): a card is valid to the end of its
 * expiry month.
 */
export function isCardExpired(
  expiry: { readonly month: number; readonly year: number },
  today: { readonly month: number; readonly year: number },
): boolean {
  return expiry.year * 12 + expiry.month < today.year * 12 + today.month;
}

/** American Express security codes have 4 digits, the others 3. */
export function isSecurityCode(code: string, number: string): boolean {
  const amex = /^3[47]/.test(cardDigits(number));
  return amex ? /^\d{4}$/.test(code) : /^\d{3}$/.test(code);
}
