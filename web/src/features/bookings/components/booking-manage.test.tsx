import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BookingDetail } from '@uniquair/contract/booking';
import {
  mockStoredBooking,
  TEST_DEVICE_TOKEN,
  testBooking,
  ticketedBooking,
} from '../../../testing/booking-fixtures.ts';
import { catchDownloads } from '../../../testing/downloads.ts';
import { errorBody, json, mockAppApi } from '../../../testing/mock-api.ts';
import { renderApp } from '../../../testing/render-app.tsx';
import { PAGE_LOAD_MS } from '../../../testing/page-load.ts';

const PNR = 'K7Q2ZP4';
const TOKEN = '0123456789abcdef0123456789abcdef01234567';
const ticketed = ticketedBooking();

const navigatorPatches: string[] = [];

/** Gives the browser's navigator a property for one test (jsdom has no clipboard or share). */
function patchNavigator(name: 'clipboard' | 'share', value: unknown): void {
  Object.defineProperty(navigator, name, { value, configurable: true, writable: true });
  navigatorPatches.push(name);
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  for (const name of navigatorPatches.splice(0)) {
    Reflect.deleteProperty(navigator, name);
  }
});

async function openBooking(
  booking: BookingDetail,
  handlers: Parameters<typeof mockAppApi>[0] = {},
) {
  const api = mockStoredBooking(booking, {
    ...handlers,
  });
  renderApp(`/bookings/${PNR}`);
  await screen.findByRole('region', { name: 'Your feedback' }, { timeout: PAGE_LOAD_MS });
  return api;
}

describe('managing a booking on its page', () => {
  it('creates a share link, copies it, and stops sharing', async () => {
    const user = userEvent.setup();
    const writeText = vi.fn(() => Promise.resolve());
    patchNavigator('clipboard', { writeText });
    let tokens: string | null = null;
    const api = await openBooking(ticketed, {
      [`POST /api/booking/${PNR}/share`]: ({ headers }) => {
        tokens = headers.get('x-booking-tokens');
        return json({
          success: true,
          token: TOKEN,
          url: `https://uniquair.test/shared-booking/${TOKEN}`,
        });
      },
      [`DELETE /api/booking/${PNR}/share`]: () => json({ success: true, revoked: true }),
    });
    const region = screen.getByRole('region', { name: 'Share the trip' });
    expect(within(region).queryByRole('button', { name: 'Share…' })).toBeNull();
    await user.click(within(region).getByRole('button', { name: 'Create a share link' }));
    const link = await within(region).findByRole('textbox', { name: 'Share link' });
    expect((link as HTMLInputElement).value).toBe(`https://uniquair.test/shared-booking/${TOKEN}`);
    expect(tokens).toBe(TEST_DEVICE_TOKEN);
    await user.click(within(region).getByRole('button', { name: 'Copy link' }));
    expect(writeText).toHaveBeenCalledWith(`https://uniquair.test/shared-booking/${TOKEN}`);
    expect(within(region).getByRole('status').textContent).toBe('The link is copied.');
    expect(within(region).getByRole('button', { name: 'Create a new link' })).toBeDefined();

    await user.click(within(region).getByRole('button', { name: 'Stop sharing' }));
    expect(
      await within(region).findByText('Sharing stopped: the link no longer works.'),
    ).toBeDefined();
    expect(within(region).queryByRole('textbox', { name: 'Share link' })).toBeNull();
    expect(api.calls).toContain(`DELETE /api/booking/${PNR}/share`);
  });

  it('offers the system share sheet where the browser has one', async () => {
    const user = userEvent.setup();
    const share = vi.fn(() => Promise.resolve());
    patchNavigator('share', share);
    await openBooking(ticketed, {
      [`POST /api/booking/${PNR}/share`]: () =>
        json({ success: true, token: TOKEN, url: `https://uniquair.test/shared-booking/${TOKEN}` }),
    });
    const region = screen.getByRole('region', { name: 'Share the trip' });
    await user.click(within(region).getByRole('button', { name: 'Create a share link' }));
    await user.click(await within(region).findByRole('button', { name: 'Share…' }));
    expect(share).toHaveBeenCalledWith({
      title: 'Trip details',
      url: `https://uniquair.test/shared-booking/${TOKEN}`,
    });
  });

  it('re-sends the tickets to a valid address, and says when the hourly limit is reached', async () => {
    const user = userEvent.setup();
    const sent: unknown[] = [];
    let limited = false;
    await openBooking(ticketed, {
      [`POST /api/booking/${PNR}/resend-tickets`]: ({ body }) => {
        sent.push(body);
        return limited
          ? errorBody(429, 'TICKET_RESEND_LIMIT')
          : json({ success: true, sentTo: (body as { email: string }).email });
      },
    });
    const region = screen.getByRole('region', { name: 'Send the tickets to another address' });
    const field = within(region).getByRole('textbox', { name: /E-mail address/ });
    await user.type(field, 'not-an-address');
    await user.click(within(region).getByRole('button', { name: 'Send the tickets' }));
    expect(within(region).getByText('Enter a valid e-mail address.')).toBeDefined();
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(sent).toEqual([]);

    await user.clear(field);
    await user.type(field, 'friend@example.org');
    await user.click(within(region).getByRole('button', { name: 'Send the tickets' }));
    expect(
      await within(region).findByText('The tickets are on their way to friend@example.org.'),
    ).toBeDefined();
    expect(sent).toEqual([{ email: 'friend@example.org' }]);

    limited = true;
    await user.click(within(region).getByRole('button', { name: 'Send the tickets' }));
    expect((await within(region).findByRole('alert')).textContent).toBe(
      'The tickets of this booking were sent too many times in the last hour. Please try again later.',
    );
  });

  it('rates the booking with a labelled radio group and a comment, and shows the saved rating', async () => {
    const user = userEvent.setup();
    const sent: unknown[] = [];
    await openBooking(ticketed, {
      [`POST /api/booking/${PNR}/feedback`]: ({ body }) => {
        sent.push(body);
        const { rating, comment = '' } = body as { rating: number; comment?: string };
        return json({
          success: true,
          feedback: { rating, comment, updatedAt: '2026-11-26T10:00:00.000Z' },
        });
      },
    });
    const region = screen.getByRole('region', { name: 'Your feedback' });
    const group = within(region).getByRole('group', { name: 'How was your booking?' });
    expect(
      within(group)
        .getAllByRole('radio')
        .map((radio) => radio.closest('label')?.textContent),
    ).toEqual([
      '★☆☆☆☆1 star: very poor',
      '★★☆☆☆2 stars: poor',
      '★★★☆☆3 stars: average',
      '★★★★☆4 stars: good',
      '★★★★★5 stars: excellent',
    ]);
    await user.click(within(region).getByRole('button', { name: 'Send feedback' }));
    expect(within(region).getByText('Choose a rating from 1 to 5 stars.')).toBeDefined();
    expect(sent).toEqual([]);

    await user.click(within(group).getByRole('radio', { name: '4 stars: good' }));
    await user.type(
      within(region).getByRole('textbox', { name: 'Comment (optional)' }),
      '  Quick and clear. ',
    );
    await user.click(within(region).getByRole('button', { name: 'Send feedback' }));
    expect(await within(region).findByText('Thank you: your feedback is saved.')).toBeDefined();
    expect(sent).toEqual([{ rating: 4, comment: 'Quick and clear.' }]);
    expect(within(region).getByText('Your rating: 4 stars of 5.')).toBeDefined();
    expect(within(region).getByRole('button', { name: 'Update feedback' })).toBeDefined();
  });

  it('refuses a comment over 2,000 characters before sending', async () => {
    const user = userEvent.setup();
    const api = await openBooking(
      testBooking({ feedback: { rating: 3, comment: '', updatedAt: '2026-11-25T10:00:00.000Z' } }),
    );
    const region = screen.getByRole('region', { name: 'Your feedback' });
    expect(within(region).getByText('Your rating: 3 stars of 5.')).toBeDefined();
    expect(
      within(region).getByRole<HTMLInputElement>('radio', { name: '3 stars: average' }).checked,
    ).toBe(true);
    const comment = within(region).getByRole('textbox', { name: 'Comment (optional)' });
    await user.click(comment);
    await user.paste('x'.repeat(2_001));
    expect(comment.getAttribute('aria-invalid')).toBe('true');
    expect(within(region).getByText('Enter at most 2,000 characters.')).toBeDefined();
    await user.click(within(region).getByRole('button', { name: 'Update feedback' }));
    expect(api.calls).not.toContain(`POST /api/booking/${PNR}/feedback`);
  });

  it('downloads a calendar file per flight, worded in the UI language', async () => {
    const user = userEvent.setup();
    const { files, names } = catchDownloads();
    await openBooking(ticketed);
    const region = screen.getByRole('region', { name: 'Add to calendar' });
    await user.click(
      within(region).getByRole('button', {
        name: 'Flight 1: Sofia (SOF)–London (LHR) (calendar file)',
      }),
    );
    expect(names).toEqual(['flight-1-SOF-LHR.ics']);
    expect(files[0]?.type).toBe('text/calendar;charset=utf-8');
    const text = await files[0]?.text();
    expect(text).toContain('SUMMARY:Flight UQ 101: SOF–LHR\r\n');
    expect(text).toContain('DTSTART:20261224T050500Z\r\n');
    expect(text).toContain('DTEND:20261224T091000Z\r\n');
    expect(text).toContain('LOCATION:Sofia (SOF)\r\n');
    expect(text).toContain(`UID:${PNR}-0-0@uniquair\r\n`);
  });

  it('keeps sharing, re-sending and the calendar to confirmed bookings', async () => {
    await openBooking(testBooking());
    expect(screen.queryByRole('region', { name: 'Share the trip' })).toBeNull();
    expect(
      screen.queryByRole('region', { name: 'Send the tickets to another address' }),
    ).toBeNull();
    expect(screen.queryByRole('region', { name: 'Add to calendar' })).toBeNull();
  });

  it('offers help with the booking, confirmed or not: a ticket about it, after signing in', async () => {
    for (const booking of [testBooking(), ticketed]) {
      await openBooking(booking);
      const help = screen.getByRole('region', { name: 'Questions about this booking?' });
      const link = within(help).getByRole('link', { name: 'Get help with this booking' });
      expect(link.getAttribute('href')).toBe(`/bookings/${PNR}/open-ticket`);
      cleanup();
    }
  });
});

describe('the shared trip page', () => {
  it('shows flights and names, nothing else, without a device token', async () => {
    let tokens: string | null = 'unset';
    mockAppApi({
      [`GET /api/booking/shared/${TOKEN}`]: ({ headers }) => {
        tokens = headers.get('x-booking-tokens');
        return json({
          success: true,
          shared: {
            status: 'ticketed',
            flights: ticketed.flights.map(({ index, date, from, to, segments }) => ({
              index,
              date,
              from,
              to,
              segments,
            })),
            passengers: [
              { firstName: 'Ana', lastName: 'Petrova' },
              { firstName: 'Iva', lastName: 'Petrova' },
            ],
            validUntil: '2026-12-24T09:10:00.000Z',
          },
        });
      },
    });
    renderApp(`/shared-booking/${TOKEN}`);
    expect(
      await screen.findByRole(
        'heading',
        { level: 1, name: 'Shared trip' },
        { timeout: PAGE_LOAD_MS },
      ),
    ).toBeDefined();
    expect(await screen.findByText('Flight 1: Sofia (SOF) to London (LHR)')).toBeDefined();
    expect(screen.getByText('Ana Petrova')).toBeDefined();
    expect(screen.getByText('Iva Petrova')).toBeDefined();
    expect(screen.getByText(/This link works until the end of the trip/)).toBeDefined();
    expect(tokens).toBeNull();
    expect(document.body.textContent).not.toMatch(/Economy|fare/);
  });

  it.each([
    [410, 'SHARE_LINK_EXPIRED', 'This trip is over, so its shared link no longer works.'],
    [
      404,
      'NOT_FOUND',
      'This shared booking link does not work: it may have been stopped by the traveller.',
    ],
  ] as const)('says why a link no longer works (%s %s)', async (status, code, text) => {
    mockAppApi({ [`GET /api/booking/shared/${TOKEN}`]: () => errorBody(status, code) });
    renderApp(`/shared-booking/${TOKEN}`);
    expect((await screen.findByRole('alert', {}, { timeout: PAGE_LOAD_MS })).textContent).toBe(
      text,
    );
  });
});
