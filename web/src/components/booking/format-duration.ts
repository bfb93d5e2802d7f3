import type { IntlShape } from 'react-intl';

/** Minutes as hours and minutes in the UI language ('3 hr, 5 min', '3 Std., 5 Min.'). */
export function formatDuration(intl: IntlShape, minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  const parts: string[] = [];
  if (hours > 0) {
    parts.push(intl.formatNumber(hours, { style: 'unit', unit: 'hour', unitDisplay: 'short' }));
  }
  if (rest > 0 || hours === 0) {
    parts.push(intl.formatNumber(rest, { style: 'unit', unit: 'minute', unitDisplay: 'short' }));
  }
  return intl.formatList(parts, { type: 'unit', style: 'short' });
}
