import { BRAND_NAME, TAGLINE } from '@uniquair/domain/config/app';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { StartupScreen } from '../components/ui/startup-screen.tsx';
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

  it('paints the start-up screen before any script runs, as React first renders it', () => {
    const root = page.getElementById('root');
    const rendered = new DOMParser().parseFromString(
      renderToStaticMarkup(createElement(StartupScreen)),
      'text/html',
    ).body;
    // (React also emits a preload hint for the image, which is not part of the screen.)
    const screenRendered = rendered.querySelector('[role="status"]');
    // The same elements with the same attributes: the first render changes nothing on screen.
    const shape = (element: Element): unknown => ({
      tag: element.tagName,
      attributes: Object.fromEntries([...element.attributes].map((a) => [a.name, a.value])),
      children: [...element.children].map(shape),
    });
    expect(root?.children).toHaveLength(1);
    expect(shape(root!.children[0]!)).toEqual(shape(screenRendered!));
  });
});
