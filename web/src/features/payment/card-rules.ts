/**
 * Checks the pay page makes on card fields before they are sent to the gateway, so that most
 * mistakes are shown at once in the visitor's language. The gateway checks again.
 */

/** Digits of a card number as typed (spaces and dashes dropped). */
export function cardDigits(number: string): string {
  return number.replace(/[\s-]/g, '');
}

/** The Luhn check digit test (ISO/IEC 7812-1). */
export function passesLuhn(digits: string): boolean {
  let sum = 0;
  let double = false;
  for (let index = digits.length - 1; index >= 0; index -= 1) {
    let digit = digits.charCodeAt(index) - 48;
    if (double) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
    double = !double;
  }
  return sum % 10 === 0;
}

/** A plausible card number: 13 to 19 digits with a valid check digit. */
export function isCardNumber(number: string): boolean {
  const digits = cardDigits(number);
  return /^\d{13,19}$/.test(digits) && passesLuhn(digits);
}

/** A card is valid to the end of its expiry month. */
export function hasExpired(expMonth: number, expYear: number, today: Date): boolean {
  return expYear * 12 + expMonth < today.getFullYear() * 12 + today.getMonth() + 1;
}

/** American Express codes have 4 digits, others 3. */
export function isSecurityCode(cvc: string, number: string): boolean {
  const amex = /^3[47]/.test(cardDigits(number));
  return amex ? /^\d{4}$/.test(cvc) : /^\d{3}$/.test(cvc);
}
