import type { PaymentProvider } from '@uniquair/domain/config/payment-providers';

/** The catalogue message that names each way to pay. */
export const PAYMENT_METHOD_NAMES: Record<PaymentProvider, `payment.method.${PaymentProvider}`> = {
  CREDIT_CARD: 'payment.method.CREDIT_CARD',
  REVOLUT_CREDIT_CARD: 'payment.method.REVOLUT_CREDIT_CARD',
  PAYPAL: 'payment.method.PAYPAL',
  TRUSTLY: 'payment.method.TRUSTLY',
  SILK_PAY: 'payment.method.SILK_PAY',
  SILK_PAY_UNION_PAY: 'payment.method.SILK_PAY_UNION_PAY',
  DIRECT_TO_AIRLINE: 'payment.method.DIRECT_TO_AIRLINE',
};
