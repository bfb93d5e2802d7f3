import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { mockAppApi } from '../testing/mock-api.ts';
import { renderApp } from '../testing/render-app.tsx';

beforeEach(() => {
  mockAppApi();
});

describe('home', () => {
  it('shows the tagline as heading and titles the page', async () => {
    renderApp('/');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Unique routes, unique moments' }),
    ).toBeDefined();
    expect(
      screen.getByText(/^Uniquair finds one-way, return and multi-city flights/),
    ).toBeDefined();
    await waitFor(() => expect(document.title).toBe('Uniquair - Find flights'));
  });

  it('has a skip link to the main landmark and a logo link home', async () => {
    const user = userEvent.setup();
    renderApp('/');
    const main = await screen.findByRole('main');
    const banner = screen.getByRole('banner');
    expect(
      within(banner).getByRole('link', { name: 'Uniquair home page' }).getAttribute('href'),
    ).toBe('/');

    await user.tab();
    const skip = screen.getByRole('link', { name: 'Skip to main content' });
    expect(document.activeElement).toBe(skip);
    await user.keyboard('{Enter}');
    expect(document.activeElement).toBe(main);
  });

  it('is shown in the chosen language', async () => {
    renderApp('/', { locale: 'de' });
    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: 'Einzigartige Routen, einzigartige Momente',
      }),
    ).toBeDefined();
    await waitFor(() => expect(document.title).toBe('Uniquair - Flüge finden'));
  });
});

describe('not-found page', () => {
  it.each(['/no/such/page', '/bookings/all/1/extra/segments'])(
    'answers %s with Not Found and a hint to check the address',
    async (url) => {
      renderApp(url);
      expect(await screen.findByRole('heading', { level: 1, name: 'Not Found' })).toBeDefined();
      expect(
        screen.getByText('We could not find this page. Please check the address for typos.'),
      ).toBeDefined();
      expect(screen.getByRole('link', { name: 'Go to the home page' }).getAttribute('href')).toBe(
        '/',
      );
      await waitFor(() => expect(document.title).toBe('Uniquair - Not Found'));
    },
  );

  it('leads back home', async () => {
    const user = userEvent.setup();
    const { router } = renderApp('/no/such/page');
    await user.click(await screen.findByRole('link', { name: 'Go to the home page' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Unique routes, unique moments' }),
    ).toBeDefined();
    expect(router.state.location.pathname).toBe('/');
  });
});
