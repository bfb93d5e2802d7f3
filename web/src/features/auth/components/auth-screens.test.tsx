import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { DEVICE_BOOKINGS_KEY } from '../../../lib/device-data.ts';
import { errorBody, json, mockAppApi, signedInAs } from '../../../testing/mock-api.ts';
import { findPageHeading, renderApp } from '../../../testing/render-app.tsx';

const TOKEN = 'b'.repeat(40);
const DEVICE_TOKEN = 'D'.repeat(43);

const signedIn = signedInAs();

const emailField = () => screen.getByRole('textbox', { name: 'E-mail' });

describe('sign in', () => {
  it('words every field error in the visitor’s language and sends nothing', async () => {
    const user = userEvent.setup();
    const api = mockAppApi();
    renderApp('/signin', { locale: 'de' });
    await findPageHeading('Anmelden');
    await user.type(screen.getByRole('textbox', { name: 'E-Mail' }), 'not-an-address');
    await user.click(screen.getByRole('button', { name: 'Anmelden' }));
    expect(await screen.findByText('Geben Sie eine gültige E-Mail-Adresse ein')).toBeDefined();
    expect(screen.getByText('Erforderlich')).toBeDefined();
    expect(screen.getByRole('textbox', { name: 'E-Mail' }).getAttribute('aria-invalid')).toBe(
      'true',
    );
    expect(api.calls).not.toContain('POST /api/users/sign-in');
  });

  it.each([
    [errorBody(401, 'INVALID_CREDENTIALS'), 'Incorrect email or password'],
    [errorBody(500, 'INTERNAL_ERROR'), 'Sign-In failed'],
    [errorBody(429, 'TOO_MANY_REQUESTS'), 'Too many attempts. Please wait a little and try again.'],
    [
      errorBody(403, 'EMAIL_NOT_CONFIRMED'),
      'Please confirm your e-mail address first: we have sent you a new link.',
    ],
  ])('says what went wrong (%#)', async (answer, text) => {
    const user = userEvent.setup();
    mockAppApi({ 'POST /api/users/sign-in': () => answer.clone() });
    renderApp('/signin');
    await findPageHeading('Sign in');
    await user.type(emailField(), 'ana@example.com');
    await user.type(screen.getByLabelText(/^Password/), 'secret phrase');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect((await screen.findByRole('alert')).textContent).toBe(text);
  });

  it("says 'Unable to connect to server, please try again later' without an answer", async () => {
    const user = userEvent.setup();
    mockAppApi({
      'POST /api/users/sign-in': () => Promise.reject(new TypeError('Failed to fetch')),
    });
    renderApp('/signin');
    await findPageHeading('Sign in');
    await user.type(emailField(), 'ana@example.com');
    await user.type(screen.getByLabelText(/^Password/), 'secret phrase');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Unable to connect to server, please try again later',
    );
  });

  it('moves this device’s bookings into the account, then opens the remembered page', async () => {
    const user = userEvent.setup();
    window.localStorage.setItem(
      DEVICE_BOOKINGS_KEY,
      JSON.stringify([{ pnr: 'AB12CD3', token: DEVICE_TOKEN }]),
    );
    let claimed: unknown;
    const api = mockAppApi({
      'POST /api/users/sign-in': ({ body }) => {
        expect(body).toEqual({ email: 'ana@example.com', password: 'secret phrase' });
        api.use({ 'GET /api/users/current': () => json(signedIn) });
        return json(signedIn);
      },
      'POST /api/booking/claim': ({ body }) => {
        claimed = body;
        return json({ success: true, claimed: ['AB12CD3'] });
      },
      'GET /api/booking/future': () => json({ success: true, bookings: [] }),
    });
    const { router } = renderApp('/signin?redirectTo=%2Fbookings');
    await findPageHeading('Sign in');
    await user.type(emailField(), '  Ana@Example.com ');
    await user.type(screen.getByLabelText(/^Password/), 'secret phrase');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await findPageHeading('My bookings');
    expect(router.state.location.pathname).toBe('/bookings');
    expect(claimed).toEqual({ tokens: [DEVICE_TOKEN] });
  });

  it('sends a sign-in link on request, saying the same whatever the address', async () => {
    const user = userEvent.setup();
    mockAppApi({ 'POST /api/users/login-link': () => json({ success: true }) });
    renderApp('/signin');
    await findPageHeading('Sign in');
    await user.click(screen.getByRole('button', { name: 'E-mail me a sign-in link' }));
    const fields = screen.getAllByRole('textbox', { name: 'E-mail' });
    await user.type(fields[1] as HTMLElement, 'ana@example.com');
    await user.click(screen.getByRole('button', { name: 'E-mail me a sign-in link' }));
    expect(
      await screen.findByText(
        'If an account exists for this address, we have sent it a sign-in link.',
      ),
    ).toBeDefined();
  });
});

describe('register', () => {
  it('checks the fields, then says where the confirmation link went', async () => {
    const user = userEvent.setup();
    let sent: unknown;
    mockAppApi({
      'POST /api/users/register': ({ body }) => {
        sent = body;
        return json({ success: true, isLogged: false, user: null });
      },
    });
    renderApp('/register');
    await findPageHeading('Register');
    await user.type(screen.getByRole('textbox', { name: 'E-mail' }), 'ana@example.com');
    await user.type(screen.getByLabelText(/^Password/), 'short');
    await user.click(screen.getByRole('button', { name: 'Create my account' }));
    expect(await screen.findByText('At least 8 characters')).toBeDefined();
    expect(screen.getAllByText('Required')).toHaveLength(2);

    await user.type(screen.getByRole('textbox', { name: 'First name' }), 'Ana');
    await user.type(screen.getByRole('textbox', { name: 'Last name' }), 'Petrova');
    await user.type(screen.getByLabelText(/^Password/), ' phrase');
    await user.click(screen.getByRole('button', { name: 'Create my account' }));
    expect(
      await screen.findByText(
        'Almost done! We have sent a link to ana@example.com. Open it to confirm your address and sign in.',
      ),
    ).toBeDefined();
    expect(sent).toEqual({
      firstName: 'Ana',
      lastName: 'Petrova',
      email: 'ana@example.com',
      password: 'short phrase',
    });
  });
});

describe('register: names and passwords the server refuses', () => {
  it('words a name with markup on its field before sending anything', async () => {
    const user = userEvent.setup();
    const api = mockAppApi();
    renderApp('/register', { locale: 'fr' });
    await findPageHeading('Créer un compte');
    await user.type(screen.getByRole('textbox', { name: 'Prénom' }), '<script>alert(2)</script>');
    await user.type(screen.getByRole('textbox', { name: 'Nom de famille' }), 'D’Angelo-Núñez');
    await user.type(screen.getByRole('textbox', { name: 'Adresse e-mail' }), 'ana@example.com');
    await user.type(screen.getByLabelText(/^Mot de passe/), 'a long secret phrase');
    await user.click(screen.getByRole('button', { name: 'Créer mon compte' }));
    expect(
      await screen.findByText(
        'Utilisez uniquement des lettres, des espaces, des apostrophes, des traits d’union et des points',
      ),
    ).toBeDefined();
    expect(screen.getAllByText(/Utilisez uniquement des lettres/)).toHaveLength(1);
    expect(api.calls).not.toContain('POST /api/users/register');
  });

  it.each([
    ['PASSWORD_TOO_COMMON', 'This password is too common. Choose one that is harder to guess.'],
    ['PASSWORD_CONTAINS_EMAIL', 'The password must not contain your e-mail address.'],
  ])('shows %s on the password field', async (code, text) => {
    const user = userEvent.setup();
    mockAppApi({
      'POST /api/users/register': () => errorBody(400, code, { 'body.password': ['refused'] }),
    });
    renderApp('/register');
    await findPageHeading('Register');
    await user.type(screen.getByRole('textbox', { name: 'First name' }), 'Ana');
    await user.type(screen.getByRole('textbox', { name: 'Last name' }), 'Petrova');
    await user.type(screen.getByRole('textbox', { name: 'E-mail' }), 'ana@example.com');
    await user.type(screen.getByLabelText(/^Password/), 'password');
    await user.click(screen.getByRole('button', { name: 'Create my account' }));
    expect(await screen.findByText(text)).toBeDefined();
    expect(screen.getByLabelText(/^Password/).getAttribute('aria-invalid')).toBe('true');
  });
});

describe('e-mailed links', () => {
  it('confirms an address only when the button is pressed, then opens the account', async () => {
    const user = userEvent.setup();
    const api = mockAppApi({
      [`POST /api/users/email/${TOKEN}/confirm`]: () => {
        api.use({ 'GET /api/users/current': () => json(signedIn) });
        return json(signedIn);
      },
      'GET /api/booking/passengers': () => json({ success: true, passengers: [] }),
    });
    const { router } = renderApp(`/confirm-email/${TOKEN}`);
    await findPageHeading('Confirm your e-mail address');
    expect(api.calls.filter((call) => call.startsWith('POST'))).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Confirm my e-mail address' }));
    await findPageHeading('Settings and account');
    expect(router.state.location.pathname).toBe('/account');
  });

  it('says when a sign-in link has expired or was used, offering a new one', async () => {
    const user = userEvent.setup();
    mockAppApi({ [`POST /api/users/${TOKEN}/login`]: () => errorBody(410, 'LINK_EXPIRED') });
    renderApp(`/signin/link/${TOKEN}`);
    await findPageHeading('Sign in with your link');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This link has expired or has already been used.',
    );
    expect(screen.getByRole('link', { name: 'Ask for a new link' }).getAttribute('href')).toBe(
      '/signin',
    );
  });

  it("resets a password, or says 'Your recovery link has expired'", async () => {
    const user = userEvent.setup();
    let expired = true;
    mockAppApi({
      [`POST /api/users/password/${TOKEN}/reset`]: () =>
        expired
          ? errorBody(410, 'LINK_EXPIRED')
          : json({ success: true, isLogged: false, user: null }),
    });
    const { router } = renderApp(`/reset/${TOKEN}`);
    await findPageHeading('Choose a new password');
    await user.type(screen.getByLabelText(/^New password/), 'new secret phrase');
    await user.type(screen.getByLabelText(/^Repeat the new password/), 'new secret phrase!');
    await user.click(screen.getByRole('button', { name: 'Save the new password' }));
    expect(await screen.findByText('The passwords do not match')).toBeDefined();

    await user.clear(screen.getByLabelText(/^Repeat the new password/));
    await user.type(screen.getByLabelText(/^Repeat the new password/), 'new secret phrase');
    await user.click(screen.getByRole('button', { name: 'Save the new password' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Your recovery link has expired');
    expect(screen.getByRole('link', { name: 'Ask for a new recovery link' })).toBeDefined();

    expired = false;
    await user.click(screen.getByRole('button', { name: 'Save the new password' }));
    await findPageHeading('Sign in');
    expect(router.state.location.pathname).toBe('/signin');
    expect(
      screen.getByText('Your password has been changed. Sign in with your new password.'),
    ).toBeDefined();
  });
});

describe('sign-out', () => {
  it('forgets the bookings and search data of this device, keeping its preferences', async () => {
    const user = userEvent.setup();
    window.localStorage.setItem(DEVICE_BOOKINGS_KEY, '[]');
    window.localStorage.setItem('uniquair.search.recent', '[]');
    window.localStorage.setItem('uniquair.locale', 'en');
    window.sessionStorage.setItem('uniquair.search.draft', '{}');
    const api = mockAppApi({
      'GET /api/users/current': () => json(signedIn),
      'GET /api/booking/passengers': () => json({ success: true, passengers: [] }),
      'POST /api/users/sign-out': () => json({ success: true, isLogged: false, user: null }),
    });
    const { router } = renderApp('/account');
    await findPageHeading('Settings and account');
    await user.click(screen.getAllByRole('button', { name: 'Sign out' })[0] as HTMLElement);
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(api.calls).toContain('POST /api/users/sign-out');
    expect(window.localStorage.getItem(DEVICE_BOOKINGS_KEY)).toBeNull();
    expect(window.localStorage.getItem('uniquair.search.recent')).toBeNull();
    expect(window.sessionStorage.getItem('uniquair.search.draft')).toBeNull();
    expect(window.localStorage.getItem('uniquair.locale')).toBe('en');
  });
});
