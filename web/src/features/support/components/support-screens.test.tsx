import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SupportAttachment, SupportTicket } from '@uniquair/contract/support';
import { describe, expect, it } from 'vitest';
import { errorBody, json, mockAppApi, signedInAs } from '../../../testing/mock-api.ts';
import { renderApp } from '../../../testing/render-app.tsx';
import { SEAT_QUESTION } from '../../../testing/support-fixtures.ts';

const ticket: SupportTicket = {
  ...SEAT_QUESTION,
  messages: [
    {
      id: 1,
      author: 'agent',
      body: 'Your seats are together now.',
      attachments: [],
      createdAt: '2026-11-26T10:00:00.000Z',
    },
  ],
};

const signedIn = { 'GET /api/users/current': () => json(signedInAs()) };

/** `current` as the server answers the traveller's reply: the message added to the conversation. */
function withReply(
  current: SupportTicket,
  body: string,
  attachments: SupportAttachment[] = [],
): SupportTicket {
  const createdAt = '2026-11-26T11:00:00.000Z';
  return {
    ...current,
    messages: [...current.messages, { id: 2, author: 'traveller', body, attachments, createdAt }],
  };
}

describe('support screens', () => {
  it('lists the traveller’s tickets with their status in words and filters them', async () => {
    const user = userEvent.setup();
    const asked: string[] = [];
    mockAppApi({
      ...signedIn,
      'GET /api/support/tickets': ({ url }) => {
        asked.push(url.search);
        const { messages: _messages, description: _description, ...summary } = ticket;
        return json({
          success: true,
          tickets: [{ ...summary, unread: true }],
          page: 1,
          pages: 1,
          open: 1,
          unread: 1,
        });
      },
    });
    renderApp('/support/tickets/');
    const link = await screen.findByRole(
      'link',
      { name: 'Seat for my child' },
      { timeout: 10_000 },
    );
    expect(link.getAttribute('href')).toBe('/support/ticket/42');
    expect(screen.getByText(/^Open, last activity .* · About booking K7Q2ZP4$/)).toBeDefined();
    expect(screen.getByText('1 open ticket (at most 5)')).toBeDefined();
    // A reply not read yet is said in words beside the ticket, and counted.
    expect(link.parentElement?.textContent).toBe('Seat for my childNew reply');
    expect(screen.getByText('1 ticket with a reply you have not read')).toBeDefined();
    await user.click(screen.getByRole('radio', { name: 'Closed' }));
    await waitFor(() => expect(asked.at(-1)).toBe('?page=1&status=closed'));
  });

  it('opens a ticket about a booking once per draft and shows it; the sixth open one is refused in words', async () => {
    const user = userEvent.setup();
    const sent: { body: unknown; key: string | null }[] = [];
    let refuse = false;
    mockAppApi({
      ...signedIn,
      'POST /api/support/tickets': ({ body, headers }) => {
        sent.push({ body, key: headers.get('idempotency-key') });
        return refuse
          ? errorBody(429, 'TOO_MANY_OPEN_TICKETS', { _: ['You have too many open tickets'] })
          : json({ success: true, ticket: { ...ticket, messages: [] } });
      },
      'GET /api/support/tickets/42': () =>
        json({ success: true, ticket: { ...ticket, messages: [] } }),
    });
    const { router } = renderApp('/bookings/K7Q2ZP4/open-ticket');
    await user.click(await screen.findByRole('button', { name: 'Send' }, { timeout: 10_000 }));
    expect(screen.getAllByText('Please fill in this field.')).toHaveLength(3);
    expect(sent).toHaveLength(0);

    await user.type(screen.getByLabelText(/^Subject/), 'Seat for my child');
    await user.type(screen.getByLabelText(/^Short description/), 'Can we sit together?');
    await user.type(screen.getByLabelText(/^Detailed description/), 'We were given seats apart.');
    refuse = true;
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect((await screen.findByRole('alert', {}, { timeout: 10_000 })).textContent).toBe(
      'You have too many open tickets',
    );
    refuse = false;
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/support/ticket/42'));
    expect(sent.map((request) => request.body)).toEqual([
      {
        subject: 'Seat for my child',
        shortDescription: 'Can we sit together?',
        description: 'We were given seats apart.',
        pnr: 'K7Q2ZP4',
      },
      expect.anything(),
    ]);
    // The same draft keeps its key, so the server opens it once.
    expect(sent[0]?.key).toMatch(/^[0-9a-f-]{36}$/);
    expect(sent[1]?.key).toBe(sent[0]?.key);
  });

  it('shows the conversation, sends a reply and closes the ticket', async () => {
    const user = userEvent.setup();
    let current: SupportTicket = ticket;
    const replies: unknown[] = [];
    mockAppApi({
      ...signedIn,
      'GET /api/support/tickets/42': () => json({ success: true, ticket: current }),
      'POST /api/support/tickets/42/messages': ({ body }) => {
        replies.push(body);
        current = withReply(current, 'Thank you!');
        return json({ success: true, ticket: current });
      },
      'POST /api/support/tickets/42/close': () => {
        current = { ...current, status: 'closed' };
        return json({ success: true, ticket: current });
      },
    });
    renderApp('/support/ticket/42');
    expect(
      await screen.findByRole('heading', { name: 'Seat for my child' }, { timeout: 10_000 }),
    ).toBeDefined();
    const answer = screen.getByText('Your seats are together now.').closest('li');
    if (!answer) throw new Error('the answer is not in the conversation');
    expect(within(answer).getByText(/^Support team, /)).toBeDefined();

    await user.type(screen.getByLabelText('Your reply'), 'Thank you!');
    await user.click(screen.getByRole('button', { name: 'Send reply' }));
    expect(await screen.findByText('Thank you!', {}, { timeout: 10_000 })).toBeDefined();
    expect(replies).toEqual([{ body: 'Thank you!' }]);
    expect(screen.getByLabelText<HTMLTextAreaElement>('Your reply').value).toBe('');

    await user.click(screen.getByRole('button', { name: 'Close ticket (solved)' }));
    expect(
      await screen.findByText('This ticket is closed.', {}, { timeout: 10_000 }),
    ).toBeDefined();
    expect(screen.getByRole('button', { name: 'Reopen ticket' })).toBeDefined();
    expect(screen.queryByLabelText('Your reply')).toBeNull();
  });

  it('sends images with a reply as a form, refuses one over 5 MB beside its picker, and shows them', async () => {
    const user = userEvent.setup();
    let current: SupportTicket = ticket;
    const forms: FormData[] = [];
    mockAppApi({
      ...signedIn,
      'GET /api/support/tickets/42': () => json({ success: true, ticket: current }),
      'POST /api/support/tickets/42/messages': ({ form }) => {
        if (form) forms.push(form);
        current = withReply(current, 'Here is the boarding pass.', [
          { id: 'a'.repeat(32), name: 'pass.png', type: 'image/png', size: 20_480 },
        ]);
        return json({ success: true, ticket: current });
      },
    });
    renderApp('/support/ticket/42');
    await screen.findByRole('heading', { name: 'Seat for my child' }, { timeout: 10_000 });
    const png = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'pass.png', {
      type: 'image/png',
    });
    const huge = new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'huge.jpg', {
      type: 'image/jpeg',
    });
    await user.upload(screen.getByLabelText(/^Image 1 of 5/), huge);
    expect(screen.getByText('Max file size allowed is 5.00 MB')).toBeDefined();
    await user.upload(screen.getByLabelText(/^Image 1 of 5/), png);
    expect(screen.queryByText('Max file size allowed is 5.00 MB')).toBeNull();
    // A second picker waits for the next image.
    expect(screen.getByLabelText(/^Image 2 of 5/)).toBeDefined();

    await user.type(screen.getByLabelText('Your reply'), 'Here is the boarding pass.');
    await user.click(screen.getByRole('button', { name: 'Send reply' }));
    const images = await screen.findByRole('list', { name: 'Images' }, { timeout: 10_000 });
    const link = within(images).getByRole('link', { name: 'pass.png (20 KB)' });
    expect(link.getAttribute('href')).toBe(`/api/support/tickets/42/attachments/${'a'.repeat(32)}`);
    expect(forms).toHaveLength(1);
    expect(forms[0]?.get('body')).toBe('Here is the boarding pass.');
    expect(forms[0]?.getAll('files').map((file) => (file as File).name)).toEqual(['pass.png']);
    // The form starts afresh: no image left from the sent message.
    expect(screen.queryByLabelText(/^Image 2 of 5/)).toBeNull();
  });

  it('shows a visitor without an account the ticket its e-mailed link opened, and a 401 leads to sign-in', async () => {
    mockAppApi({
      'GET /api/support/tickets/42': () => json({ success: true, ticket }),
      'GET /api/support/tickets/43': () => errorBody(401, 'ERROR_UNAUTHORIZED'),
    });
    const { router } = renderApp('/support/ticket/42');
    expect(
      await screen.findByRole('heading', { name: 'Seat for my child' }, { timeout: 10_000 }),
    ).toBeDefined();
    expect(screen.getByText('Your seats are together now.')).toBeDefined();
    // No list of tickets without an account: the way back is the contact page.
    const page = screen.getByRole('region', { name: 'Seat for my child' });
    expect(within(page).getByRole('link', { name: 'Contact us' }).getAttribute('href')).toBe(
      '/contact-us',
    );
    await router.navigate('/support/ticket/43');
    await waitFor(() => expect(router.state.location.pathname).toBe('/signin'));
  });
});
