import { describe, expect, it } from 'vitest';
import {
  DEFAULT_PAYMENT_PROVIDER_FLAGS,
  FOOTER_PAYMENT_PROVIDERS,
  PAYMENT_PROVIDERS,
  footerPaymentProviders,
  isPaymentProvider,
  mergePaymentProviderFlags,
} from './payment-providers.ts';

describe('payment provider flags', () => {
  it('enable card, direct-to-airline and Revolut card by default, nothing else', () => {
    expect(PAYMENT_PROVIDERS.filter((p) => DEFAULT_PAYMENT_PROVIDER_FLAGS[p])).toEqual([
      'CREDIT_CARD',
      'DIRECT_TO_AIRLINE',
      'REVOLUT_CREDIT_CARD',
    ]);
    expect(Object.keys(DEFAULT_PAYMENT_PROVIDER_FLAGS).sort()).toEqual(
      [...PAYMENT_PROVIDERS].sort(),
    );
  });

  it('show card, Silk Pay, PayPal and Trustly in the footer, in that order', () => {
    expect(FOOTER_PAYMENT_PROVIDERS).toEqual(['CREDIT_CARD', 'SILK_PAY', 'PAYPAL', 'TRUSTLY']);
  });

  it.each([
    [null, ['CREDIT_CARD']],
    [{}, ['CREDIT_CARD']],
    [{ PAYPAL: true, TRUSTLY: true }, ['CREDIT_CARD', 'PAYPAL', 'TRUSTLY']],
    [{ CREDIT_CARD: false, SILK_PAY: true }, ['SILK_PAY']],
    [{ DIRECT_TO_AIRLINE: true, REVOLUT_CREDIT_CARD: true }, ['CREDIT_CARD']],
    [{ PAYPAL: 'yes', UNKNOWN: true, __proto__: { TRUSTLY: true } }, ['CREDIT_CARD']],
  ])('server flags %j give footer logos %j', (fromServer, footer) => {
    expect(footerPaymentProviders(mergePaymentProviderFlags(fromServer))).toEqual(footer);
  });

  it('let the server switch a default off', () => {
    expect(mergePaymentProviderFlags({ REVOLUT_CREDIT_CARD: false })).toEqual({
      ...DEFAULT_PAYMENT_PROVIDER_FLAGS,
      REVOLUT_CREDIT_CARD: false,
    });
  });

  it.each([
    ['PAYPAL', true],
    ['paypal', false],
    ['', false],
  ])('isPaymentProvider(%j) = %s', (name, known) => {
    expect(isPaymentProvider(name)).toBe(known);
  });
});
