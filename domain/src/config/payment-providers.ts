/**
 * Payment provider flags (SPEC §3, §9): which providers are enabled, their defaults until the
 * server says otherwise, and which of them the footer shows logos for.
 */

export const PAYMENT_PROVIDERS = [
  'CREDIT_CARD',
  'PAYPAL',
  'TRUSTLY',
  'SILK_PAY',
  'SILK_PAY_UNION_PAY',
  'DIRECT_TO_AIRLINE',
  'REVOLUT_CREDIT_CARD',
] as const;

export type PaymentProvider = (typeof PAYMENT_PROVIDERS)[number];

export type PaymentProviderFlags = Readonly<Record<PaymentProvider, boolean>>;

export const DEFAULT_PAYMENT_PROVIDER_FLAGS: PaymentProviderFlags = {
  CREDIT_CARD: true,
  PAYPAL: false,
  TRUSTLY: false,
  SILK_PAY: false,
  SILK_PAY_UNION_PAY: false,
  DIRECT_TO_AIRLINE: true,
  REVOLUT_CREDIT_CARD: true,
};

/** Providers with a footer logo, in footer order, shown only when enabled. */
export const FOOTER_PAYMENT_PROVIDERS = [
  'CREDIT_CARD',
  'SILK_PAY',
  'PAYPAL',
  'TRUSTLY',
] as const satisfies readonly PaymentProvider[];

export function isPaymentProvider(name: string): name is PaymentProvider {
  return (PAYMENT_PROVIDERS as readonly string[]).includes(name);
}

/** The defaults overridden by what the server sent; unknown names and non-booleans are ignored. */
export function mergePaymentProviderFlags(
  fromServer: Readonly<Record<string, unknown>> | null | undefined,
): PaymentProviderFlags {
  const flags: Record<PaymentProvider, boolean> = { ...DEFAULT_PAYMENT_PROVIDER_FLAGS };
  for (const [name, enabled] of Object.entries(fromServer ?? {})) {
    if (isPaymentProvider(name) && typeof enabled === 'boolean') flags[name] = enabled;
  }
  return flags;
}

/** The footer logos to show: the footer providers that are enabled, in footer order. */
export function footerPaymentProviders(flags: PaymentProviderFlags): PaymentProvider[] {
  return FOOTER_PAYMENT_PROVIDERS.filter((provider) => flags[provider]);
}
