import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { errorBody, json, mockAppApi, signedInAs, testUser } from '../../../testing/mock-api.ts';
import { testWatch } from '../../../testing/price-watch-fixtures.ts';
import { findPageHeading, renderApp } from '../../../testing/render-app.tsx';

const user0 = testUser;
const answer = (user: Record<string, unknown>) => json(signedInAs(user));

function account(extra: Parameters<typeof mockAppApi>[0] = {}) {
  return mockAppApi({
    'GET /api/users/current': () => answer(user0),
    'GET /api/booking/passengers': () =>
      json({
        success: true,
        passengers: [
          {
            id: 7,
            passengerTypeId: 1,
            titleId: 2,
            firstName: 'Ion',
            lastName: 'Pop',
            birthDate: '1988-02-03',
            nationality: 'RO',
            documentTypeId: 1,
            documentNumber: 'X1',
            documentExpiry: '2030-01-01',
            lastUsedAt: '2026-11-20T10:00:00.000Z',
          },
        ],
      }),
    'GET /api/price-watch': () => json({ success: true, watches: [testWatch()] }),
    ...extra,
  });
}

/** Opens the account page and returns its section (a region) named `name`. */
async function openAccountSection(name: string): Promise<HTMLElement> {
  renderApp('/account');
  await findPageHeading('Settings and account');
  return screen.getByRole('region', { name });
}

describe('the account page', () => {
  it('saves names, title and notification preference, and nothing else', async () => {
    const user = userEvent.setup();
    let sent: unknown;
    account({
      'POST /api/users/update-profile': ({ body }) => {
        sent = body;
        return answer({ ...user0, firstName: 'Maria', titleId: 2, notifications: false });
      },
    });
    const profile = await openAccountSection('Profile');
    await user.selectOptions(within(profile).getByLabelText('Title'), 'Mrs.');
    const first = within(profile).getByRole('textbox', { name: 'First name' });
    await user.clear(first);
    await user.type(first, 'Maria');
    await user.click(
      within(profile).getByRole('checkbox', { name: 'Send me notifications about my flights' }),
    );
    await user.click(within(profile).getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Your changes have been saved.')).toBeDefined();
    expect(sent).toEqual({
      firstName: 'Maria',
      lastName: 'Petrova',
      titleId: 2,
      notifications: false,
    });
    expect(screen.getAllByText('Maria Petrova').length).toBeGreaterThan(0);
  });

  it('asks for the password to change the address, and shows the pending address', async () => {
    const user = userEvent.setup();
    let wrong = true;
    account({
      'POST /api/users/update-email': () =>
        wrong
          ? errorBody(400, 'VALIDATION_ERROR', { 'body.password': ['Incorrect password'] })
          : answer({ ...user0, pendingEmail: 'new@example.com' }),
    });
    const section = await openAccountSection('E-mail address');
    await user.type(
      within(section).getByRole('textbox', { name: 'New e-mail address' }),
      'new@example.com',
    );
    await user.type(within(section).getByLabelText(/^Current password/), 'not it');
    await user.click(within(section).getByRole('button', { name: 'Change the e-mail address' }));
    expect(await within(section).findByText('Incorrect password')).toBeDefined();

    wrong = false;
    await user.type(within(section).getByLabelText(/^Current password/), 'right');
    await user.click(within(section).getByRole('button', { name: 'Change the e-mail address' }));
    expect(
      await within(section).findByText(
        'We have sent a confirmation link to new@example.com. Your address changes once you open it.',
      ),
    ).toBeDefined();
  });

  it('changes the password, signing out other devices unless told not to', async () => {
    const user = userEvent.setup();
    let sent: unknown;
    account({
      'POST /api/users/update-password': ({ body }) => {
        sent = body;
        return answer(user0);
      },
    });
    const section = await openAccountSection('Password');
    await user.type(within(section).getByLabelText(/^Current password/), 'old phrase');
    await user.type(within(section).getByLabelText(/^New password/), 'brand new phrase');
    await user.type(within(section).getByLabelText(/^Repeat the new password/), 'brand new phrase');
    expect(
      within(section).getByRole<HTMLInputElement>('checkbox', {
        name: 'Sign me out on my other devices',
      }).checked,
    ).toBe(true);
    await user.click(within(section).getByRole('button', { name: 'Change the password' }));
    expect(await screen.findByText('Your password has been changed.')).toBeDefined();
    expect(sent).toEqual({
      currentPassword: 'old phrase',
      newPassword: { first: 'brand new phrase', second: 'brand new phrase' },
      endOtherSessions: true,
    });
  });

  it('uploads a new picture and says why the server refused one', async () => {
    const user = userEvent.setup();
    let status = 415;
    account({
      'POST /api/users/upload-avatar': () =>
        status === 200
          ? answer({ ...user0, avatar: '/api/users/avatars/0123456789abcdef0123456789abcdef.webp' })
          : errorBody(status, status === 413 ? 'PAYLOAD_TOO_LARGE' : 'UNSUPPORTED_MEDIA_TYPE'),
    });
    const section = await openAccountSection('Profile picture');
    const file = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'me.png', {
      type: 'image/png',
    });
    await user.upload(within(section).getByLabelText(/^New picture/), file);
    await user.click(within(section).getByRole('button', { name: 'Upload the picture' }));
    expect(
      await within(section).findByText(
        'This file cannot be used. Choose a JPEG, PNG or WebP image.',
      ),
    ).toBeDefined();
    status = 413;
    await user.click(within(section).getByRole('button', { name: 'Upload the picture' }));
    expect(await within(section).findByText('Max file size allowed is 2.00 MB')).toBeDefined();
    status = 200;
    await user.click(within(section).getByRole('button', { name: 'Upload the picture' }));
    expect(await screen.findByText('Your new picture is saved.')).toBeDefined();
  });

  it('lists saved passengers and forgets one', async () => {
    const user = userEvent.setup();
    const api = account({
      'DELETE /api/booking/passengers/7': () => {
        api.use({ 'GET /api/booking/passengers': () => json({ success: true, passengers: [] }) });
        return json({ success: true });
      },
    });
    const section = await openAccountSection('Saved passengers');
    expect(await within(section).findByText('Born February 3, 1988')).toBeDefined();
    await user.click(within(section).getByRole('button', { name: 'Remove Ion Pop' }));
    expect(
      await within(section).findByText(
        'The passengers of your bookings will appear here, ready for your next booking.',
      ),
    ).toBeDefined();
  });

  it('lists price watches with their prices, and stops one', async () => {
    const user = userEvent.setup();
    let stopped = '';
    const api = account({
      'DELETE /api/price-watch/12': ({ url }) => {
        stopped = url.pathname;
        api.use({ 'GET /api/price-watch': () => json({ success: true, watches: [] }) });
        return json({ success: true });
      },
    });
    const section = await openAccountSection('Price watches');
    // Each price on a line of its own, read apart.
    expect(await within(section).findByText('At the start: €120.00')).toBeDefined();
    expect(within(section).getByText('Now: €99.00')).toBeDefined();
    // Places by their cities, as the results and bookings name them.
    expect(within(section).getByText('Sofia → London')).toBeDefined();
    await user.click(
      within(section).getByRole('button', { name: 'Stop watching Sofia → London, March 2027' }),
    );
    expect(await within(section).findByText('You are not watching any prices.')).toBeDefined();
    expect(stopped).toBe('/api/price-watch/12');
  });

  it('shows the list loading, and says there are no watches only once it has loaded', async () => {
    let answer: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    account({
      'GET /api/price-watch': async () => {
        await answered;
        return json({ success: true, watches: [] });
      },
    });
    const section = await openAccountSection('Price watches');
    expect(within(section).getByRole('status').textContent).toBe('Loading…');
    expect(within(section).queryByText('You are not watching any prices.')).toBeNull();
    answer();
    expect(await within(section).findByText('You are not watching any prices.')).toBeDefined();
    expect(within(section).queryByRole('status')).toBeNull();
  });

  it('shows a watch in forints at its value: minor units are hundredths, shown without them', async () => {
    account({
      'GET /api/price-watch': () =>
        json({
          success: true,
          watches: [
            testWatch({
              subscribedPrice: { amount: 1_234_500, currency: 'HUF' },
              currentPrice: { amount: 990_000, currency: 'HUF' },
            }),
          ],
        }),
    });
    const section = await openAccountSection('Price watches');
    expect(await within(section).findByText('At the start: HUF 12,345')).toBeDefined();
    expect(within(section).getByText('Now: HUF 9,900')).toBeDefined();
  });
});
