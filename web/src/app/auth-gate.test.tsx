import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { apiEvents, UNAUTHORIZED_EVENT } from '../lib/api-client.ts';
import { errorBody, json, mockAppApi, signedInAs } from '../testing/mock-api.ts';
import { findPageHeading, renderApp } from '../testing/render-app.tsx';

/**
 * The auth gate of SPEC §4 (`requireSignedIn` in `loaders.ts`): the guarded routes of
 * `router.tsx` send an anonymous visitor to sign in and back; a signed-in one is let in.
 */

const signedIn = signedInAs({ titleId: 2 });
/** The account page lists saved passengers; `/bookings` asks for the future bookings. */
const accountData = {
  'GET /api/booking/passengers': () => json({ success: true, passengers: [] }),
  'GET /api/booking/future': () => json({ success: true, bookings: [] }),
};

describe('auth gate', () => {
  it.each([
    '/bookings/all',
    '/bookings/all/3',
    '/bookings/AB12CD3/open-ticket',
    '/support/tickets/',
    '/support/tickets/open',
    '/account',
  ])('sends an anonymous visitor from %s to sign in, remembering the page', async (url) => {
    const api = mockAppApi();
    const { router } = renderApp(url);
    expect(await findPageHeading('Sign in')).toBeDefined();
    expect(new URLSearchParams(router.state.location.search).get('redirectTo')).toBe(url);
    // Asked once: the gate takes the start-up's answer of a moment ago.
    expect(api.calls.filter((call) => call === 'GET /api/users/current').length).toBe(1);
  });

  it('asks again when a guarded page is opened later in the visit', async () => {
    const now = Date.now();
    vi.useFakeTimers({ toFake: ['Date'], now });
    try {
      const api = mockAppApi({ 'GET /api/users/current': () => json(signedIn), ...accountData });
      const { router } = renderApp('/');
      await findPageHeading('Unique routes, unique moments');
      const asked = () => api.calls.filter((call) => call === 'GET /api/users/current').length;
      expect(asked()).toBe(1);
      // The server ended the session meanwhile: the gate finds out before showing the page.
      vi.setSystemTime(now + 3_000);
      api.use({ 'GET /api/users/current': () => json({ success: true, isLogged: false }) });
      await act(() => router.navigate('/account'));
      expect(await findPageHeading('Sign in')).toBeDefined();
      expect(asked()).toBe(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('sends an anonymous visitor whom the server does not know from a ticket to sign in, remembering it', async () => {
    mockAppApi({ 'GET /api/support/tickets/7': () => errorBody(401, 'ERROR_UNAUTHORIZED') });
    const { router } = renderApp('/support/ticket/7');
    expect(await findPageHeading('Sign in')).toBeDefined();
    expect(new URLSearchParams(router.state.location.search).get('redirectTo')).toBe(
      '/support/ticket/7',
    );
  });

  it('lets a signed-in visitor in, with the avatar and the signed-in drawer', async () => {
    const user = userEvent.setup();
    mockAppApi({ 'GET /api/users/current': () => json(signedIn), ...accountData });
    renderApp('/account');
    expect(await findPageHeading('Settings and account')).toBeDefined();
    expect(screen.getByText('ana@example.com')).toBeDefined();
    expect(
      within(screen.getByRole('banner')).getByRole('link', { name: 'Settings and account' }),
    ).toBeDefined();

    await user.click(screen.getByRole('button', { name: 'Menu' }));
    const drawer = await screen.findByRole('dialog', { name: 'Menu' });
    expect(within(drawer).getByText('Ana Petrova')).toBeDefined();
    expect(within(drawer).getByRole('link', { name: 'Support' })).toBeDefined();
    expect(within(drawer).getByRole('button', { name: 'Sign out' })).toBeDefined();
    expect(within(drawer).queryByRole('link', { name: 'Sign in' })).toBeNull();
  });

  it('brings a visitor who signs in back to the remembered page', async () => {
    const user = userEvent.setup();
    const api = mockAppApi({
      ...accountData,
      'POST /api/users/sign-in': ({ body }) =>
        (body as { email: string }).email === 'ana@example.com'
          ? json(signedIn)
          : errorBody(401, 'ERROR_UNAUTHORIZED'),
    });
    const { router } = renderApp('/account');
    await findPageHeading('Sign in');
    await user.type(screen.getByRole('textbox', { name: 'E-mail' }), 'bob@example.com');
    await user.type(screen.getByLabelText(/^Password/), 'wrong password');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Incorrect email or password');

    await user.clear(screen.getByRole('textbox', { name: 'E-mail' }));
    await user.type(screen.getByRole('textbox', { name: 'E-mail' }), 'ana@example.com');
    api.use({ 'GET /api/users/current': () => json(signedIn) });
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await findPageHeading('Settings and account')).toBeDefined();
    expect(router.state.location.pathname).toBe('/account');
  });

  it('signs the visitor out and goes to sign-in on any 401 answer', async () => {
    const api = mockAppApi({ 'GET /api/users/current': () => json(signedIn), ...accountData });
    const { router } = renderApp('/bookings');
    await findPageHeading('My bookings');
    // The server ended the session: from now on it says so, to the user query asked again too
    // (still answering "signed in", the sign-in page would send the visitor back at once).
    api.use({ 'GET /api/users/current': () => json({ success: true, isLogged: false }) });
    act(() => {
      apiEvents.dispatchEvent(new Event(UNAUTHORIZED_EVENT));
    });
    expect(await findPageHeading('Sign in')).toBeDefined();
    expect(router.state.location.search).toBe('?redirectTo=%2Fbookings');
  });
});
