import { describe, expect, it } from 'vitest';
import { notificationTarget, parsePushMessage } from './worker-messages.ts';

describe('push messages', () => {
  it('reads a booking.status message and opens its booking', () => {
    const message = parsePushMessage(
      JSON.stringify({
        type: 'booking.status',
        data: { pnr: 'abc1234', status: 'ticketed' },
        notification: {
          title: 'Booking ABC1234',
          options: {
            body: 'Your e-tickets are ready.',
            tag: 'booking-ABC1234',
            actions: [{ action: 'view', title: 'View' }, { action: '' }],
            onclick: 'alert(1)',
          },
        },
      }),
    );
    expect(message).toEqual({
      type: 'booking.status',
      data: { pnr: 'ABC1234', status: 'ticketed' },
      notification: {
        title: 'Booking ABC1234',
        options: {
          body: 'Your e-tickets are ready.',
          tag: 'booking-ABC1234',
          actions: [{ action: 'view', title: 'View' }],
        },
      },
    });
    expect(message && notificationTarget(message)).toBe('/bookings/ABC1234');
  });

  it('keeps the hold expiry of a payment.trustly.paid message', () => {
    const message = parsePushMessage(
      JSON.stringify({
        type: 'payment.trustly.paid',
        data: { pnr: 'ABC1234', holdExpiresAt: '2026-11-23T10:15:00.000Z' },
        notification: { title: 'Paid', options: {} },
      }),
    );
    expect(message?.data.holdExpiresAt).toBe('2026-11-23T10:15:00.000Z');
  });

  it('opens the app for an app.update message', () => {
    const message = parsePushMessage(
      JSON.stringify({ type: 'app.update', data: {}, notification: { title: 'Updated' } }),
    );
    expect(message && notificationTarget(message)).toBe('/');
  });

  it('opens the ticket the support team answered', () => {
    const message = parsePushMessage(
      JSON.stringify({
        type: 'support.reply',
        data: { ticketId: 42 },
        notification: { title: 'New reply from support', options: { tag: 'support-42' } },
      }),
    );
    expect(message?.data).toEqual({ ticketId: 42 });
    expect(message && notificationTarget(message)).toBe('/support/ticket/42');
  });

  it('opens the search of a price drop and keeps the watch for "Stop watching"', () => {
    const message = parsePushMessage(
      JSON.stringify({
        type: 'price.watch',
        data: { watch: 9, url: '/flights/2/0/0/12.2027-03-12._?bags=1' },
        notification: {
          title: 'Cheaper: Sofia → London',
          options: { actions: [{ action: 'stop-watch', title: 'Stop watching' }] },
        },
      }),
    );
    expect(message?.data).toEqual({ watch: 9, url: '/flights/2/0/0/12.2027-03-12._?bags=1' });
    expect(message && notificationTarget(message)).toBe('/flights/2/0/0/12.2027-03-12._?bags=1');
  });

  it.each([
    JSON.stringify({
      type: 'price.watch',
      data: { watch: 9, url: 'https://elsewhere.example/' },
      notification: { title: 'x' },
    }),
    JSON.stringify({
      type: 'price.watch',
      data: { watch: 9, url: '//elsewhere.example/' },
      notification: { title: 'x' },
    }),
    JSON.stringify({
      type: 'price.watch',
      data: { url: '/flights' },
      notification: { title: 'x' },
    }),
    JSON.stringify({ type: 'support.reply', data: {}, notification: { title: 'x' } }),
    JSON.stringify({
      type: 'support.reply',
      data: { ticketId: '42' },
      notification: { title: 'x' },
    }),
    JSON.stringify({ type: 'support.reply', data: { ticketId: -1 }, notification: { title: 'x' } }),
    'not json',
    '[]',
    JSON.stringify({ type: 'other', data: { pnr: 'ABC1234' }, notification: { title: 'x' } }),
    JSON.stringify({ type: 'booking.status', data: {}, notification: { title: 'x' } }),
    JSON.stringify({
      type: 'booking.status',
      data: { pnr: '../../x' },
      notification: { title: 'x' },
    }),
    JSON.stringify({ type: 'booking.status', data: { pnr: 'ABC1234' }, notification: {} }),
  ])('refuses %s', (text) => {
    expect(parsePushMessage(text)).toBeNull();
  });
});
