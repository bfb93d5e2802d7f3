import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { errorBody, json, mockAppApi, signedInAs } from '../../../testing/mock-api.ts';
import { renderApp } from '../../../testing/render-app.tsx';

const contactPage = {
  'GET /api/data/page/contact-us': () =>
    json({
      id: 3,
      slug: 'contact-us',
      locale: 'en',
      title: 'Contact us',
      html: '<p>We answer every day.</p>',
      updatedAt: '2026-11-01T00:00:00.000Z',
    }),
};

describe('the contact page’s way to the support team', () => {
  it('lets a visitor without an account write, says where the confirmation link went, and sends once', async () => {
    const user = userEvent.setup();
    const sent: unknown[] = [];
    mockAppApi({
      ...contactPage,
      'POST /api/support/requests': ({ body }) => {
        sent.push(body);
        return json({ success: true, status: 'awaiting_verification' }, { status: 202 });
      },
    });
    renderApp('/contact-us');
    expect(await screen.findByText('We answer every day.', {}, { timeout: 10_000 })).toBeDefined();
    await user.click(await screen.findByRole('button', { name: 'Send' }));
    expect(screen.getAllByText('Please fill in this field.')).toHaveLength(3);
    // The keyboard is taken to the first field to fix.
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByLabelText(/^Your e-mail address/)),
    );

    await user.type(screen.getByLabelText(/^Your e-mail address/), 'ana@example.com');
    await user.type(screen.getByLabelText(/^Subject/), 'Name misspelt');
    await user.type(screen.getByLabelText(/^How can we help/), 'My surname is Popescu.');
    // A booking reference without its surname is asked for in words before anything is sent.
    await user.type(screen.getByLabelText(/^Booking reference/), 'k7q2zp4');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(
      screen.getByText('Enter the surname on that booking too, or leave both empty.'),
    ).toBeDefined();
    expect(sent).toHaveLength(0);

    await user.type(screen.getByLabelText(/^Surname on that booking/), 'Popesku');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    const sentNote = await screen.findByText(
      'We sent a link to ana@example.com. Open it within 24 hours to confirm your address: your message then reaches our team.',
      {},
      { timeout: 10_000 },
    );
    expect(sentNote.getAttribute('role')).toBe('status');
    expect(sent).toEqual([
      {
        email: 'ana@example.com',
        subject: 'Name misspelt',
        description: 'My surname is Popescu.',
        locale: 'en',
        pnr: 'K7Q2ZP4',
        lastName: 'Popesku',
      },
    ]);
  });

  it('says beside the field what the server refused, and keeps what was written', async () => {
    const user = userEvent.setup();
    mockAppApi({
      ...contactPage,
      'POST /api/support/requests': () =>
        errorBody(422, 'VALIDATION_ERROR', {
          'body.pnr': ['No booking with this reference and surname.'],
        }),
    });
    renderApp('/contact-us');
    await user.type(
      await screen.findByLabelText(/^Your e-mail address/, {}, { timeout: 10_000 }),
      'ana@example.com',
    );
    await user.type(screen.getByLabelText(/^Subject/), 'Refund');
    await user.type(screen.getByLabelText(/^How can we help/), 'Where is my refund?');
    await user.type(screen.getByLabelText(/^Booking reference/), 'K7Q2ZP4');
    await user.type(screen.getByLabelText(/^Surname on that booking/), 'Nobody');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    const pnr = screen.getByLabelText(/^Booking reference/);
    await waitFor(() => expect(pnr.getAttribute('aria-invalid')).toBe('true'));
    await waitFor(() => expect(document.activeElement).toBe(pnr));
    expect(screen.getByText('No booking with this reference and surname.')).toBeDefined();
    expect(screen.getByLabelText<HTMLTextAreaElement>(/^How can we help/).value).toBe(
      'Where is my refund?',
    );
  });

  it('offers a signed-in traveller their tickets instead of the form', async () => {
    mockAppApi({ ...contactPage, 'GET /api/users/current': () => json(signedInAs()) });
    renderApp('/contact-us');
    const open = await screen.findByRole(
      'link',
      { name: 'Open a support ticket' },
      { timeout: 10_000 },
    );
    expect(open.getAttribute('href')).toBe('/support/tickets/open');
    expect(screen.queryByLabelText(/^Your e-mail address/)).toBeNull();
  });
});
