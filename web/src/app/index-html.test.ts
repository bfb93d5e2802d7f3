import { BRAND_NAME, TAGLINE } from '@uniquair/domain/config/app';
import { describe, expect, it } from 'vitest';
import indexHtml from '../../index.html?raw';

describe('index.html', () => {
  const page = new DOMParser().parseFromString(indexHtml, 'text/html');

  it('carries the brand as title and the tagline as description', () => {
    expect(page.title).toBe(BRAND_NAME);
    expect(page.querySelector('meta[name="description"]')?.getAttribute('content')).toBe(TAGLINE);
  });

  it('declares language, viewport, theme colour and the app entry', () => {
    expect(page.documentElement.lang).toBe('en');
    expect(page.querySelector('meta[name="viewport"]')).not.toBeNull();
    expect(page.querySelector('meta[name="theme-color"]')?.getAttribute('content')).toMatch(
      /^#[0-9a-f]{6}$/i,
    );
    expect(page.querySelector('script[type="module"]')?.getAttribute('src')).toBe('/src/main.tsx');
  });
});
