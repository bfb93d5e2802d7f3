import { render, screen } from '@testing-library/react';
import { SPINNER_SIZES } from '@uniquair/domain/config/layout';
import { IntlProvider } from 'react-intl';
import { describe, expect, it } from 'vitest';
import { loadCatalogue } from '../../lib/i18n-catalogues.ts';
import { Spinner } from './spinner.tsx';

describe('Spinner', () => {
  it('is a status labelled from the catalogue', async () => {
    const { messages } = await loadCatalogue('en');
    render(
      <IntlProvider locale="en" messages={messages}>
        <Spinner size={72} />
      </IntlProvider>,
    );
    expect(screen.getByRole('status').textContent).toBe('Loading…');
  });

  it('takes an explicit label', () => {
    render(<Spinner label="Searching flights" />);
    expect(screen.getByRole('status').textContent).toBe('Searching flights');
  });

  it('is visual only before any catalogue has loaded', () => {
    render(<Spinner size="full" />);
    expect(screen.getByRole('status').textContent).toBe('');
  });

  it.each(SPINNER_SIZES)('renders size %s, with a decorative circle', (size) => {
    const { container } = render(<Spinner size={size} label="Loading" />);
    const circle = container.querySelector(`[data-size="${size}"]`);
    expect(circle).not.toBeNull();
    expect(circle?.getAttribute('aria-hidden')).toBe('true');
  });

  it('covers the viewport only at size full', () => {
    const { container, rerender } = render(<Spinner size={96} label="Loading" />);
    const inlineClass = screen.getByRole('status').className;
    rerender(<Spinner size="full" label="Loading" />);
    expect(screen.getByRole('status').className).not.toBe(inlineClass);
    expect(container.querySelectorAll('[role="status"]')).toHaveLength(1);
  });

  it('defaults to 48 px', () => {
    const { container } = render(<Spinner label="Loading" />);
    expect(container.querySelector('[data-size="48"]')).not.toBeNull();
  });
});
