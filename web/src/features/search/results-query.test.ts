import { DEFAULT_FILTERS } from '@uniquair/domain/search/filters';
import { describe, expect, it } from 'vitest';
import { queryString, readResultsQuery, writeResultsQuery } from './results-query.ts';

describe('results query', () => {
  it('reads filters and the sort order, best by default', () => {
    expect(readResultsQuery(new URLSearchParams(''))).toEqual({
      filters: DEFAULT_FILTERS,
      sort: 'best',
      bags: 0,
    });
    expect(readResultsQuery(new URLSearchParams('s=0&p=12000&td1=0600-1200&sort=fastest'))).toEqual(
      {
        filters: {
          ...DEFAULT_FILTERS,
          maxStops: 0,
          maxPrice: 12_000,
          departure: { 1: { from: 6, to: 12 } },
        },
        sort: 'fastest',
        bags: 0,
      },
    );
    expect(readResultsQuery(new URLSearchParams('sort=random')).sort).toBe('best');
  });

  it('writes them back, keeping other keys and leaving defaults out', () => {
    const query = writeResultsQuery(new URLSearchParams('utm_source=mail&s=2&sort=cheapest'), {
      filters: { ...DEFAULT_FILTERS, maxDurationMinutes: 300, arrival: { 0: { from: 0, to: 24 } } },
      sort: 'best',
      bags: 0,
    });
    expect(query.toString()).toBe('utm_source=mail&d=300');
    expect(queryString(query)).toBe('?utm_source=mail&d=300');
    expect(queryString(new URLSearchParams())).toBe('');
  });

  it('reads and writes the checked bags, 0 when absent or not 1 or 2', () => {
    expect(readResultsQuery(new URLSearchParams('bags=1')).bags).toBe(1);
    expect(readResultsQuery(new URLSearchParams('bags=2&sort=fastest')).bags).toBe(2);
    for (const text of ['', 'bags=3', 'bags=-1', 'bags=one', 'bags=1.0', 'bags=0']) {
      expect(readResultsQuery(new URLSearchParams(text)).bags, text).toBe(0);
    }
    const read = readResultsQuery(new URLSearchParams('utm=a&bags=1&s=0'));
    expect(writeResultsQuery(new URLSearchParams('utm=a&bags=1&s=0'), read).toString()).toBe(
      'utm=a&s=0&bags=1',
    );
    expect(
      writeResultsQuery(new URLSearchParams('bags=2&sort=fastest'), {
        ...read,
        bags: 0,
      }).toString(),
    ).toBe('s=0');
  });

  it('round-trips', () => {
    const text = 's=1&p=5000&d=240&td0=0600-1800&ta0=1200-2400&sort=cheapest&bags=2';
    const read = readResultsQuery(new URLSearchParams(text));
    expect(writeResultsQuery(new URLSearchParams(), read).toString()).toBe(text);
  });
});
