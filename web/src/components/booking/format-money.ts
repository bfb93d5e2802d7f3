import { minorUnitsToDecimal } from '@uniquair/domain/pricing/currency';
import type { IntlShape } from 'react-intl';

/** An amount in minor units of `currency`, written in the UI language: '€1,234.50'. */
export function formatMoney(intl: IntlShape, amount: number, currency: string): string {
  let decimal: number;
  try {
    decimal = Number(minorUnitsToDecimal(amount, currency));
  } catch {
    decimal = amount / 100;
  }
  return intl.formatNumber(decimal, { style: 'currency', currency });
}
