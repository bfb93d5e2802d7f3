import 'fake-indexeddb/auto';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SupportTicket } from '@uniquair/contract/support';
import { afterEach, describe, expect, it } from 'vitest';
import { json, mockAppApi, signedInAs } from '../../../testing/mock-api.ts';
import { renderApp } from '../../../testing/render-app.tsx';
import { SEAT_QUESTION } from '../../../testing/support-fixtures.ts';

const ticket: SupportTicket = {
  ...SEAT_QUESTION,
  pnr: null,
  messages: [],
};

/** The browser's connection as `navigator.onLine` and its events say it. */
function setOnline(online: boolean): void {
  Object.defineProperty(navigator, 'onLine', { value: online, configurable: true });
  window.dispatchEvent(new Event(online ? 'online' : 'offline'));
}

afterEach(() => setOnline(true));

describe('support messages written offline', () => {
  it('keeps a reply on the device, says it waits, and sent once with its key when the connection returns', async () => {
    const user = userEvent.setup();
    let current = ticket;
    const posted: { body: unknown; key: string | null }[] = [];
    mockAppApi({
      'GET /api/users/current': () => json(signedInAs()),
      'GET /api/support/tickets/42': () => json({ success: true, ticket: current }),
      'POST /api/support/tickets/42/messages': ({ body, headers }) => {
        posted.push({ body, key: headers.get('idempotency-key') });
        current = {
          ...current,
          messages: [
            {
              id: 1,
              author: 'traveller',
              body: (body as { body: string }).body,
              attachments: [],
              createdAt: '2026-11-26T11:00:00.000Z',
            },
          ],
        };
        return json({ success: true, ticket: current });
      },
    });
    renderApp('/support/ticket/42');
    await screen.findByRole('heading', { level: 1, name: 'Seat for my child' });

    setOnline(false);
    expect(await screen.findByText('Images can be added once you are online.')).toBeDefined();
    await user.type(screen.getByLabelText('Your reply'), 'Written on the plane.');
    await user.click(screen.getByRole('button', { name: 'Send reply' }));
    expect(
      await screen.findByText(
        'You appear to be offline. Your message is kept on this device and will be sent when the connection returns.',
      ),
    ).toBeDefined();
    const waiting = await screen.findByRole('list', { name: 'Waiting to be sent' });
    expect(waiting.textContent).toContain('Written on the plane.');
    expect(screen.getByLabelText<HTMLTextAreaElement>('Your reply').value).toBe('');
    expect(posted).toEqual([]);

    setOnline(true);
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]?.body).toEqual({ body: 'Written on the plane.' });
    expect(posted[0]?.key).toMatch(/^[0-9a-f-]{36}$/);
    await waitFor(() =>
      expect(screen.queryByRole('list', { name: 'Waiting to be sent' })).toBeNull(),
    );
    expect(screen.getByText('Written on the plane.')).toBeDefined();
    // Coming back online again sends nothing more.
    setOnline(false);
    setOnline(true);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(posted).toHaveLength(1);
  });

  it('keeps a ticket opened offline in the list as waiting, then opens it once online', async () => {
    const user = userEvent.setup();
    const opened: { body: unknown; key: string | null }[] = [];
    mockAppApi({
      'GET /api/users/current': () => json(signedInAs()),
      'GET /api/support/tickets': () =>
        json({
          success: true,
          tickets: opened.length > 0 ? [{ ...ticket, messages: undefined }] : [],
          page: 1,
          pages: 1,
          open: opened.length,
        }),
      'POST /api/support/tickets': ({ body, headers }) => {
        opened.push({ body, key: headers.get('idempotency-key') });
        return json({ success: true, ticket });
      },
    });
    const { router } = renderApp('/support/tickets/open');
    await screen.findByRole('heading', { level: 1, name: 'Open a support ticket' });
    setOnline(false);
    await user.type(screen.getByLabelText(/^Subject/), 'Seat for my child');
    await user.type(screen.getByLabelText(/^Short description/), 'Can we sit together?');
    await user.type(screen.getByLabelText(/^Detailed description/), 'We were given seats apart.');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/support/tickets/'));
    const waiting = await screen.findByRole('region', { name: 'Waiting to be sent' });
    expect(waiting.textContent).toContain('Seat for my child');
    expect(opened).toEqual([]);

    setOnline(true);
    await waitFor(() => expect(opened).toHaveLength(1));
    expect(opened[0]?.body).toEqual({
      subject: 'Seat for my child',
      shortDescription: 'Can we sit together?',
      description: 'We were given seats apart.',
    });
    expect(opened[0]?.key).toMatch(/^[0-9a-f-]{36}$/);
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: 'Waiting to be sent' })).toBeNull(),
    );
    expect(await screen.findByRole('link', { name: 'Seat for my child' })).toBeDefined();
  });
});
