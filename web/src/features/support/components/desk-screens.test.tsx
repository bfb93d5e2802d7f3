import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { DeskTicket } from '@uniquair/contract/support';
import { describe, expect, it } from 'vitest';
import { errorBody, json, mockAppApi, signedInAs } from '../../../testing/mock-api.ts';
import { renderApp } from '../../../testing/render-app.tsx';
import { SEAT_QUESTION } from '../../../testing/support-fixtures.ts';

const ticket: DeskTicket = {
  ...SEAT_QUESTION,
  waitingSince: '2026-11-26T09:00:00.000Z',
  traveller: { email: 'ana@example.com', firstName: 'Ana', lastName: 'Petrova' },
  booking: {
    pnr: 'K7Q2ZP4',
    status: 'paid',
    origin: 'OTP',
    destination: 'LHR',
    departureDate: '2026-12-17',
    returnDate: '2026-12-24',
  },
  messages: [
    {
      id: 1,
      author: 'agent',
      body: 'Her seat is the problem: row 30 is full.',
      attachments: [],
      createdAt: '2026-11-26T09:30:00.000Z',
      internal: true,
    },
  ],
};

const emptyQueue = { success: true, tickets: [], page: 1, pages: 1 };

const agent = { 'GET /api/users/current': () => json(signedInAs({ roles: ['support_agent'] })) };

describe('support desk screens', () => {
  it('is for agents only: a traveller reads why, and the drawer offers it to agents alone', async () => {
    const user = userEvent.setup();
    const menuLinks = async () => {
      await user.click(screen.getByRole('button', { name: 'Menu' }));
      const drawer = await screen.findByRole('navigation', { name: 'Menu' });
      return within(drawer)
        .getAllByRole('link')
        .map((link) => link.textContent);
    };
    mockAppApi({ 'GET /api/users/current': () => json(signedInAs()) });
    const traveller = renderApp('/support/desk');
    expect(
      await screen.findByText('This page is for the support team.', {}, { timeout: 10_000 }),
    ).toBeDefined();
    expect(await menuLinks()).not.toContain('Support desk');
    traveller.unmount();

    mockAppApi({ ...agent, 'GET /api/support/desk/tickets': () => json(emptyQueue) });
    renderApp('/support/desk');
    expect(await screen.findByText('No tickets here.', {}, { timeout: 10_000 })).toBeDefined();
    expect(await menuLinks()).toContain('Support desk');
  });

  it('lists the queue with who waits since when, and searches by PNR or address', async () => {
    const user = userEvent.setup();
    const asked: string[] = [];
    mockAppApi({
      ...agent,
      'GET /api/support/desk/tickets': ({ url }) => {
        asked.push(url.search);
        const { messages: _m, description: _d, traveller: _t, booking: _b, ...summary } = ticket;
        return json({
          success: true,
          tickets: [{ ...summary, unread: true, travellerEmail: 'ana@example.com' }],
          page: 1,
          pages: 1,
        });
      },
    });
    renderApp('/support/desk');
    const link = await screen.findByRole(
      'link',
      { name: 'Seat for my child' },
      { timeout: 10_000 },
    );
    expect(link.getAttribute('href')).toBe('/support/desk/42');
    // The traveller's message no agent has read yet is said in words.
    expect(link.parentElement?.textContent).toBe('Seat for my childNew message');
    expect(
      screen.getByText(/^Ticket 42 · ana@example\.com · K7Q2ZP4 · waiting since /),
    ).toBeDefined();
    expect(asked).toEqual(['?status=open&page=1']);

    await user.type(screen.getByRole('searchbox', { name: 'PNR or e-mail address' }), 'k7q2');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(asked.at(-1)).toBe('?status=open&page=1&q=k7q2'));
    await user.click(screen.getByRole('radio', { name: 'Closed' }));
    await waitFor(() => expect(asked.at(-1)).toBe('?status=closed&page=1&q=k7q2'));
  });

  it('shows the traveller, the booking and notes in words; sends a reply or a note; closes', async () => {
    const user = userEvent.setup();
    const posted: { url: string; body: unknown }[] = [];
    let current = ticket;
    mockAppApi({
      ...agent,
      'GET /api/support/desk/tickets/42': () => json({ success: true, ticket: current }),
      'POST /api/support/desk/tickets/42/messages': ({ body }) => {
        posted.push({ url: 'messages', body });
        const { body: text, internal } = body as { body: string; internal: boolean };
        if (text === 'too late') {
          return errorBody(409, 'TICKET_CLOSED', {
            _: ['This ticket is closed. Reopen it to write again.'],
          });
        }
        current = {
          ...current,
          waitingSince: internal ? current.waitingSince : null,
          messages: [
            ...current.messages,
            {
              id: current.messages.length + 1,
              author: 'agent',
              body: text,
              attachments: [],
              createdAt: '2026-11-26T11:00:00.000Z',
              internal,
            },
          ],
        };
        return json({ success: true, ticket: current });
      },
      'POST /api/support/desk/tickets/42/close': () => {
        posted.push({ url: 'close', body: null });
        current = { ...current, status: 'closed', waitingSince: null };
        return json({ success: true, ticket: current });
      },
    });
    renderApp('/support/desk/42');
    await screen.findByRole(
      'heading',
      { level: 1, name: 'Seat for my child' },
      { timeout: 10_000 },
    );
    const facts = screen.getByRole('complementary', { name: 'About this ticket' });
    expect(within(facts).getByText('Ana Petrova, ana@example.com')).toBeDefined();
    expect(within(facts).getByText(/^K7Q2ZP4, Paid/)).toBeDefined();
    expect(within(facts).getByText(/OTP to LHR, .*, back /)).toBeDefined();
    // The note says it is one in words, beside its style.
    const note = screen.getByText('Her seat is the problem: row 30 is full.').closest('li');
    expect(note?.textContent).toMatch(/^Internal note/);

    await user.type(screen.getByLabelText('Reply to the traveller'), 'Your seats are together.');
    await user.click(screen.getByRole('button', { name: 'Send reply' }));
    await screen.findByText('Your seats are together.');
    expect(posted.at(-1)).toEqual({
      url: 'messages',
      body: { body: 'Your seats are together.', internal: false },
    });
    expect(screen.getByText('Not waiting: the team wrote last')).toBeDefined();

    await user.click(screen.getByRole('checkbox', { name: /^Internal note/ }));
    await user.type(screen.getByLabelText('Internal note'), 'Moved both to row 12.');
    await user.click(screen.getByRole('button', { name: 'Add note' }));
    await screen.findByText('Moved both to row 12.');
    expect(posted.at(-1)).toEqual({
      url: 'messages',
      body: { body: 'Moved both to row 12.', internal: true },
    });

    await user.click(screen.getByRole('button', { name: 'Close ticket' }));
    await screen.findByText('This ticket is closed: notes only.');
    expect(posted.at(-1)?.url).toBe('close');
    expect(screen.queryByRole('checkbox')).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to the queue' }).getAttribute('href')).toBe(
      '/support/desk',
    );
  });
});
