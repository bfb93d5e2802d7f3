import { describe, expect, it } from 'vitest';
import { readDeviceBookings } from './device-data.ts';
import { adoptHandOffToken } from './hand-off-token.ts';

const TOKEN = 'dEv1ceT0ken_-abcdefghijklmnopqrstuvwxyz0123';

describe('hand-off token in the address fragment', () => {
  it('keeps the token for the booking and removes the fragment, keeping the query', () => {
    window.history.replaceState(null, '', `/bookings/k7q2zp4?x=1#device-token=${TOKEN}`);
    expect(adoptHandOffToken('k7q2zp4')).toBe(true);
    expect(readDeviceBookings()).toEqual([{ pnr: 'K7Q2ZP4', token: TOKEN }]);
    expect(window.location.hash).toBe('');
    expect(window.location.pathname + window.location.search).toBe('/bookings/k7q2zp4?x=1');
  });

  it.each([
    '#basket',
    '#device-token=short',
    `#device-token=${TOKEN}x`,
    `#edit&device-token=${TOKEN}`,
  ])('leaves %s alone', (hash) => {
    window.history.replaceState(null, '', `/bookings/K7Q2ZP4${hash}`);
    expect(adoptHandOffToken('K7Q2ZP4')).toBe(false);
    expect(readDeviceBookings()).toEqual([]);
    expect(window.location.hash).toBe(hash);
  });
});
