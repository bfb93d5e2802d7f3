import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useDocumentTitle } from './use-document-title.ts';

function Page({ title }: { title: string }) {
  useDocumentTitle(title);
  return null;
}

describe('useDocumentTitle', () => {
  it("sets the title as 'Uniquair - <title>' and follows changes", () => {
    const { rerender } = render(<Page title="Find flights" />);
    expect(document.title).toBe('Uniquair - Find flights');
    rerender(<Page title="Not Found" />);
    expect(document.title).toBe('Uniquair - Not Found');
  });
});
