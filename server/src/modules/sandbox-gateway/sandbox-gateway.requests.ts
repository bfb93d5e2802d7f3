import { createHash, randomBytes } from 'node:crypto';
import { PAYMENT_PROVIDERS } from '@uniquair/domain/config/payment-providers';
import type { GatewayMethod, ProviderPayment } from '../payments/payments.provider.ts';

/**
 * The sandbox gateway's API surface (docs/payments.md): its error body, the answers it stores and
 * sends, and the checks of a create-payment request, apart from what the gateway does with them.
 */

export const CARD_METHODS: readonly GatewayMethod[] = ['CREDIT_CARD', 'REVOLUT_CREDIT_CARD'];
export const GATEWAY_METHODS = PAYMENT_PROVIDERS.filter(
  (method): method is GatewayMethod => method !== 'DIRECT_TO_AIRLINE',
);

/** An error the gateway answers with its own error body `{error: {type, code, message, fields}}`. */
export class GatewayError extends Error {
  override readonly name = 'GatewayError';

  constructor(
    readonly status: number,
    readonly type:
      | 'invalid_request_error'
      | 'authentication_error'
      | 'idempotency_error'
      | 'not_found'
      | 'conflict'
      | 'api_error',
    readonly code: string,
    message: string,
    readonly fields: Record<string, string[]> = {},
  ) {
    super(message);
  }

  body(): string {
    const fields = Object.keys(this.fields).length > 0 ? { fields: this.fields } : {};
    return JSON.stringify({
      error: { type: this.type, code: this.code, message: this.message, ...fields },
    });
  }
}

export interface CardTokenAnswer {
  token: string;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
}

/** The payment object of the API: the interface's ProviderPayment plus the card summary. */
export interface GatewayPaymentObject extends ProviderPayment {
  readonly card: { brand: string; last4: string; expMonth: number; expYear: number } | null;
  readonly createdAt: string;
}

/** A stored answer to an idempotent request: the status and the exact body. */
export interface StoredAnswer {
  status: number;
  body: string;
  replayed: boolean;
}

export function randomId(prefix: string): string {
  return `${prefix}_${randomBytes(12).toString('hex')}`;
}

export function fingerprintOf(body: string): string {
  return createHash('sha256').update(body).digest('hex');
}

export const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,255}$/;
const CURRENCY = /^[A-Z]{3}$/;
const REFERENCE = /^[A-Za-z0-9_-]{1,64}$/;
const LOCALE = /^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$/;

/** A return URL: absolute http(s), or a path on the payer's current origin. */
function isReturnUrl(value: string): boolean {
  if (value.length > 2000) return false;
  if (/^\/(?![/\\])/.test(value)) return true;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

interface CreateInput {
  method: GatewayMethod;
  amount: number;
  currency: string;
  reference: string;
  cardToken: string | null;
  returnUrl: string;
  locale: string;
}

export function parseCreateBody(body: unknown): CreateInput {
  const errors: Record<string, string[]> = {};
  const fail = (field: string, message: string) => (errors[field] ??= []).push(message);
  const input = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;

  const method = input.method;
  if (typeof method !== 'string' || !(GATEWAY_METHODS as readonly string[]).includes(method)) {
    fail('method', `Expected one of ${GATEWAY_METHODS.join(', ')}`);
  }
  const amount = input.amount;
  if (typeof amount !== 'number' || !Number.isSafeInteger(amount) || amount < 1) {
    fail('amount', 'Expected a positive integer amount in minor units');
  }
  if (typeof input.currency !== 'string' || !CURRENCY.test(input.currency)) {
    fail('currency', 'Expected an ISO 4217 code such as USD');
  }
  if (typeof input.reference !== 'string' || !REFERENCE.test(input.reference)) {
    fail('reference', 'Expected 1 to 64 letters, digits, _ or -');
  }
  if (typeof input.returnUrl !== 'string' || !isReturnUrl(input.returnUrl)) {
    fail('returnUrl', 'Expected an http(s) URL or a path starting with /');
  }
  const locale = input.locale ?? 'en';
  if (typeof locale !== 'string' || !LOCALE.test(locale)) {
    fail('locale', 'Expected a language tag such as en or pt-BR');
  }
  const isCard = typeof method === 'string' && (CARD_METHODS as readonly string[]).includes(method);
  const token = input.card;
  if (isCard && (typeof token !== 'string' || !/^tok_[0-9a-f]{24}$/.test(token))) {
    fail('card', 'A card payment needs the card token from /v1/tokens');
  }
  if (!isCard && token !== undefined && token !== null) {
    fail('card', 'Only card payments take a card token');
  }
  if (Object.keys(errors).length > 0) {
    throw new GatewayError(
      400,
      'invalid_request_error',
      'invalid_parameters',
      'Invalid request',
      errors,
    );
  }
  return {
    method: method as GatewayMethod,
    amount: amount as number,
    currency: input.currency as string,
    reference: input.reference as string,
    cardToken: isCard ? (token as string) : null,
    returnUrl: input.returnUrl as string,
    locale: locale as string,
  };
}
