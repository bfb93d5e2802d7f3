import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { renderMarkdown } from './content.markdown.ts';

describe('renderMarkdown', () => {
  it('renders headings, emphasis, lists, links and tables', () => {
    const html = renderMarkdown(
      '## Fares\n\n**Refunds** are *possible*.\n\n- one\n- two\n\n[Terms](/terms-and-conditions)\n\n| a | b |\n|---|---|\n| 1 | 2 |\n',
    );
    expect(html).toContain('<h2>Fares</h2>');
    expect(html).toContain('<strong>Refunds</strong> are <em>possible</em>');
    expect(html).toContain('<li>one</li>');
    expect(html).toContain('<a href="/terms-and-conditions">Terms</a>');
    expect(html).toContain('<td>1</td>');
  });

  it('keeps mailto and tel links and marks external links noopener', () => {
    const html = renderMarkdown('[m](mailto:a@b.example) [t](tel:+4930123) [x](https://x.example)');
    expect(html).toContain('href="mailto:a@b.example"');
    expect(html).toContain('href="tel:+4930123"');
    expect(html).toContain('<a href="https://x.example" rel="noopener noreferrer">x</a>');
  });

  it.each([
    '<script>alert(1)</script>',
    '<img src=x onerror=alert(1)>',
    '[x](javascript:alert(1))',
    '[x](  JAVASCRIPT:alert(1))',
    '<a href="vbscript:msgbox(1)">x</a>',
    '![x](data:image/svg+xml,<svg onload=alert(1)>)',
    '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
    '<div style="background:url(javascript:alert(1))">x</div>',
    '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
    '<a href="//evil.example">protocol-relative</a>',
  ])('leaves nothing executable of %s', (source) => {
    const html = renderMarkdown(source);
    expect(html).not.toMatch(/<script|<iframe|<style|<math|<svg/i);
    expect(html).not.toMatch(/\son[a-z]+\s*=/i);
    expect(html).not.toMatch(/(?:href|src)="\s*(?:javascript|vbscript|data):|style=|href="\/\//i);
  });

  it('never lets a tag with an event handler through, whatever the input', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.constantFrom(
            '<',
            '>',
            '"',
            "'",
            '=',
            ' ',
            'onerror',
            'onload',
            'img',
            'a href',
            'script',
            'javascript:',
            '](',
            '[x',
            ')',
            '\n',
            '`',
          ),
          { maxLength: 40 },
        ),
        (parts) => {
          const html = renderMarkdown(parts.join(''));
          expect(html).not.toMatch(/<[a-z][^>]*\son[a-z]+\s*=/i);
          expect(html).not.toMatch(/<script/i);
          expect(html).not.toMatch(/href="\s*javascript:/i);
        },
      ),
    );
  });
});
