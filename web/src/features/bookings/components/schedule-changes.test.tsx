import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  mockStoredBooking,
  openBookingSection,
  storeDeviceBooking,
  ticketedBooking,
} from '../../../testing/booking-fixtures.ts';
import { errorBody, json, mockAppApi } from '../../../testing/mock-api.ts';

const PNR = 'K7Q2ZP4';

const change = {
  flightIndex: 0,
  old: {
    departureUtc: '2026-12-24T05:05:00.000Z',
    arrivalUtc: '2026-12-24T07:35:00.000Z',
    departureLocal: '2026-12-24T07:05',
    arrivalLocal: '2026-12-24T07:35',
  },
  new: {
    departureUtc: '2026-12-24T08:05:00.000Z',
    arrivalUtc: '2026-12-24T10:35:00.000Z',
    departureLocal: '2026-12-24T10:05',
    arrivalLocal: '2026-12-24T10:35',
  },
  missedConnection: false,
  answered: false,
  answer: null,
  createdAt: '2026-11-23T06:00:00.000Z',
};

const changed = ticketedBooking({
  scheduleChanges: [change],
});

const substitute = {
  flightId: '812',
  date: '2026-12-25',
  departureUtc: '2026-12-25T05:05:00.000Z',
  departureLocal: '2026-12-25T07:05',
  arrivalUtc: '2026-12-25T07:35:00.000Z',
  arrivalLocal: '2026-12-25T07:35',
  flightNumber: 'UQ 101',
  stops: 0,
  fareClass: 'M',
  cabin: 'economy',
  seatsLeft: 3,
};

afterEach(() => {
  vi.restoreAllMocks();
});

describe('schedule changes on the booking page', () => {
  it('shows booked and new times side by side and accepts the new time', async () => {
    storeDeviceBooking(PNR);
    let answered = false;
    let body: unknown = null;
    mockAppApi({
      [`GET /api/booking/${PNR}/get`]: () =>
        json({
          success: true,
          booking: answered
            ? { ...changed, scheduleChanges: [{ ...change, answered: true, answer: 'accepted' }] }
            : changed,
        }),
      [`POST /api/booking/${PNR}/schedule-change/accept`]: ({ body: sent }) => {
        body = sent;
        answered = true;
        return json({ success: true, scheduleChanges: [] });
      },
    });
    const section = await openBookingSection(PNR, 'Schedule change');
    expect(within(section).getByText('Booked')).toBeDefined();
    expect(within(section).getByText('New')).toBeDefined();
    expect(within(section).getAllByText(/^Departs /)).toHaveLength(2);
    expect(within(section).getByText(/^Departs .*10:05/)).toBeDefined();
    await userEvent.click(within(section).getByRole('button', { name: 'Accept new time' }));
    await vi.waitFor(() =>
      expect(screen.queryByRole('region', { name: 'Schedule change' })).toBeNull(),
    );
    expect(body).toEqual({ flightIndex: 0 });
  });

  it('lists substitutes as radio buttons and says when the chosen one sold out', async () => {
    mockStoredBooking(
      { ...changed, scheduleChanges: [{ ...change, new: null }] },
      {
        [`GET /api/booking/${PNR}/substitutes`]: () =>
          json({ success: true, flights: [substitute] }),
        [`POST /api/booking/${PNR}/substitute`]: () => errorBody(409, 'SUBSTITUTE_SOLD_OUT'),
      },
    );
    const section = await openBookingSection(PNR, 'Schedule change');
    expect(within(section).getByText('Cancelled')).toBeDefined();
    expect(within(section).queryByRole('button', { name: 'Accept new time' })).toBeNull();
    await userEvent.click(within(section).getByRole('button', { name: 'Choose another flight' }));
    const option = await within(section).findByRole('radio', { name: /^UQ 101: departs/ });
    const confirm = within(section).getByRole('button', { name: 'Confirm this flight' });
    expect(confirm.hasAttribute('disabled')).toBe(true);
    await userEvent.click(option);
    await userEvent.click(confirm);
    expect(
      await within(section).findByText('That flight has just sold out. Please choose another one.'),
    ).toBeDefined();
  });

  it('says when new times of one flight break the connection, with nothing to accept', async () => {
    mockStoredBooking({
      ...changed,
      scheduleChanges: [{ ...change, new: null, missedConnection: true }],
    });
    const section = await openBookingSection(PNR, 'Schedule change');
    expect(
      within(section).getByRole('heading', { name: /connection .* no longer works/ }),
    ).toBeDefined();
    expect(within(section).getByText('Connection no longer possible')).toBeDefined();
    expect(within(section).queryByText('Cancelled')).toBeNull();
    expect(within(section).queryByRole('button', { name: 'Accept new time' })).toBeNull();
    expect(within(section).getByRole('button', { name: 'Choose another flight' })).toBeDefined();
  });
});
