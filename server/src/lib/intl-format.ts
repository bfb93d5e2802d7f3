import { icuLocale } from './mail-layout.ts';

/** An amount in minor units as the locale writes money ("€1,234.50", "1.234,50 €"). */
export function formatMoney(amount: number, currency: string, locale: string): string {
  try {
    const format = new Intl.NumberFormat(icuLocale(locale), { style: 'currency', currency });
    const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
    return format.format(amount / 10 ** digits);
  } catch {
    return `${(amount / 100).toFixed(2)} ${currency}`;
  }
}

/** A day (`2026-11-26`, or the day of an instant, in UTC) as the locale writes it, medium length. */
export function formatDate(day: string, locale: string): string {
  const instant = day.length === 10 ? `${day}T00:00:00Z` : day;
  try {
    return new Intl.DateTimeFormat(icuLocale(locale), {
      dateStyle: 'medium',
      timeZone: 'UTC',
    }).format(new Date(instant));
  } catch {
    return day.slice(0, 10);
  }
}
