import { cardBrand, isCardExpired, passesLuhn } from '@uniquair/domain/payments/card-number';
import type { DeclineReason, GatewayMethod } from '../payments/payments.provider.ts';
import type { GatewayPaymentRow } from './sandbox-gateway.repository.ts';

/**
 * Card rules of the sandbox gateway: number checks, brand detection and the test cards
 * (docs/payments.md). Only these derived facts are ever stored; the number itself never is.
 */

/** What a payment with a card does in the sandbox. */
export type CardScenario = 'success' | 'three_d_secure' | DeclineReason;

/**
 * The test cards and what they do. Any other valid number succeeds. The numbers follow the
 * well-known PSP test numbers; `limit_exceeded` uses a Luhn-valid number of its own.
 */
export const TEST_CARDS: Readonly<Record<string, CardScenario>> = {
  '4242424242424242': 'success',
  '4000002760003184': 'three_d_secure',
  '4000000000000002': 'declined',
  '4000000000000069': 'expired_card',
  '4000000000009995': 'insufficient_funds',
  '4000000000009987': 'limit_exceeded',
  '4000000000009979': 'not_authorized',
  '4000000000000127': 'check_details',
};

/** The scenario a valid card number selects. */
export function scenarioOf(digits: string): CardScenario {
  return TEST_CARDS[digits] ?? 'success';
}

export interface CardInput {
  holder: unknown;
  number: unknown;
  expMonth: unknown;
  expYear: unknown;
  cvc: unknown;
}

export interface ValidCard {
  holder: string;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
  scenario: CardScenario;
}

function integerOf(value: unknown): number | null {
  if (typeof value === 'number' && Number.isInteger(value)) return value;
  if (typeof value === 'string' && /^\d{1,4}$/.test(value.trim())) return Number(value.trim());
  return null;
}

/**
 * Checks the card fields as a browser sends them and keeps only what may be stored. Returns the
 * per-field errors when any field is wrong (messages never repeat the number or the code).
 */
export function validateCard(
  input: CardInput,
  now: Date,
): { card: ValidCard } | { errors: Record<string, string[]> } {
  const errors: Record<string, string[]> = {};
  const fail = (field: string, message: string) => (errors[field] ??= []).push(message);

  const holder = typeof input.holder === 'string' ? input.holder.trim().replace(/\s+/g, ' ') : '';
  if (holder === '') fail('holder', 'Enter the name on the card');
  else if (holder.length > 100) fail('holder', 'The name on the card is too long');

  const digits = typeof input.number === 'string' ? input.number.replace(/[\s-]/g, '') : '';
  if (digits === '') fail('number', 'Enter the card number');
  else if (!/^\d+$/.test(digits)) fail('number', 'The card number may contain digits only');
  else if (digits.length < 13 || digits.length > 19) {
    fail('number', 'The card number must have 13 to 19 digits');
  } else if (!passesLuhn(digits)) fail('number', 'The card number is not valid');

  const expMonth = integerOf(input.expMonth);
  if (expMonth === null || expMonth < 1 || expMonth > 12) {
    fail('expMonth', 'Enter the expiry month (1 to 12)');
  }
  let expYear = integerOf(input.expYear);
  if (expYear !== null && expYear < 100) expYear += 2000;
  const thisYear = now.getUTCFullYear();
  if (expYear === null || expYear < 2000 || expYear > thisYear + 30) {
    fail('expYear', 'Enter the expiry year');
  } else if (expMonth !== null && expMonth >= 1 && expMonth <= 12) {
    const today = { month: now.getUTCMonth() + 1, year: thisYear };
    if (isCardExpired({ month: expMonth, year: expYear }, today)) {
      fail('expYear', 'The card has expired');
    }
  }

  const cvc = typeof input.cvc === 'string' ? input.cvc.trim() : '';
  const cvcLength = cardBrand(digits) === 'amex' ? 4 : 3;
  if (cvc === '') fail('cvc', 'Enter the security code');
  else if (!new RegExp(`^\\d{${cvcLength}}$`).test(cvc)) {
    fail('cvc', `The security code has ${cvcLength} digits`);
  }

  if (Object.keys(errors).length > 0) return { errors };
  return {
    card: {
      holder,
      brand: cardBrand(digits),
      last4: digits.slice(-4),
      expMonth: expMonth as number,
      expYear: expYear as number,
      scenario: scenarioOf(digits),
    },
  };
}

/** What a new payment's state is, from its method and (for cards) its test scenario. */
export function initialState(
  method: GatewayMethod,
  scenario: CardScenario | null,
): Pick<GatewayPaymentRow, 'status' | 'failure_reason' | 'action'> {
  if (scenario !== null) {
    if (scenario === 'success') return { status: 'succeeded', failure_reason: null, action: null };
    if (scenario === 'three_d_secure') {
      return { status: 'requires_action', failure_reason: null, action: 'three_d_secure' };
    }
    return { status: 'failed', failure_reason: scenario, action: null };
  }
  if (method === 'PAYPAL')
    return { status: 'requires_action', failure_reason: null, action: 'approval' };
  return { status: 'requires_action', failure_reason: null, action: 'bank_redirect' };
}
