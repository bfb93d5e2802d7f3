/**
 * The visitor's default UI locale (SPEC §3, §7): the best match of the browser's
 * `Accept-Language` list among the enabled locales, honouring q-values, else English.
 */
import { DEFAULT_LOCALE } from './languages.ts';

/** One language range of an `Accept-Language` header with its weight. */
export interface LanguageRange {
  /** Lower-case BCP 47 range as sent, e.g. `de-ch`, `pt`, `*`. */
  readonly range: string;
  /** Weight from 0 to 1; 0 means "not acceptable". */
  readonly q: number;
}

/** Headers longer than this are read up to this length only (a bound on work per request). */
export const MAX_ACCEPT_LANGUAGE_LENGTH = 1024;
/** Ranges after this many are ignored. */
export const MAX_LANGUAGE_RANGES = 32;

const RANGE_PATTERN = /^(?:\*|[a-z]{1,8}(?:-[a-z0-9]{1,8})*)$/;
const Q_PATTERN = /^q=(0(?:\.\d{0,3})?|1(?:\.0{0,3})?)$/;

/**
 * Reads an `Accept-Language` header (RFC 9110 §12.5.4) into ranges ordered by weight, highest
 * first; ranges of equal weight keep the order they were sent in. Malformed entries are skipped;
 * a malformed q-value makes its range count as unacceptable.
 */
export function parseAcceptLanguage(header: string | undefined | null): LanguageRange[] {
  if (!header) return [];
  const ranges: LanguageRange[] = [];
  const parts = header.slice(0, MAX_ACCEPT_LANGUAGE_LENGTH).split(',');
  for (const part of parts.slice(0, MAX_LANGUAGE_RANGES)) {
    const [rawRange = '', ...parameters] = part.split(';').map((piece) => piece.trim());
    const range = rawRange.toLowerCase();
    if (!RANGE_PATTERN.test(range)) continue;
    let q = 1;
    for (const parameter of parameters) {
      const normalized = parameter.toLowerCase().replace(/\s+/g, '');
      if (!normalized.startsWith('q=')) continue;
      const match = Q_PATTERN.exec(normalized);
      q = match?.[1] === undefined ? 0 : Number(match[1]);
    }
    ranges.push({ range, q });
  }
  return ranges
    .map((entry, index) => ({ entry, index }))
    .sort((a, b) => b.entry.q - a.entry.q || a.index - b.index)
    .map(({ entry }) => entry);
}

/** `de_CH` → `de-ch`: a locale code as a lower-case language tag. */
function tagOf(locale: string): string {
  return locale.replace('_', '-').toLowerCase();
}

/**
 * The enabled locale that best matches the header, or `fallback` (English) when none does.
 * For each acceptable range, best first: an exact match (`de-ch` → `de_CH`), then a locale whose
 * tag the range is a prefix of (`pt` → `pt_BR`), then the same two for the range's primary
 * language (`de-at` → `de`, `pt-pt` → `pt_BR`). `*` matches nothing in particular, so the
 * fallback applies.
 */
export function negotiateLocale(
  header: string | undefined | null,
  enabledLocales: readonly string[],
  fallback: string = DEFAULT_LOCALE,
): string {
  const tags = enabledLocales.map((locale) => [tagOf(locale), locale] as const);
  const match = (range: string): string | undefined =>
    (tags.find(([tag]) => tag === range) ?? tags.find(([tag]) => tag.startsWith(`${range}-`)))?.[1];
  for (const { range, q } of parseAcceptLanguage(header)) {
    if (q <= 0 || range === '*') continue;
    const found = match(range) ?? match(range.split('-')[0] ?? range);
    if (found !== undefined) return found;
  }
  return fallback;
}
