import { screen } from '@testing-library/react';
import type { BookingDetail, PaymentOptionsResponse } from '@uniquair/contract/booking';
import { DEVICE_BOOKINGS_KEY } from '../lib/device-data.ts';
import { json, mockAppApi, type ApiHandler, type MockApi } from './mock-api.ts';
import { PAGE_LOAD_MS } from './page-load.ts';
import { renderApp } from './render-app.tsx';

/** A device booking token as the server issues them (43 base64url characters). */
export const TEST_DEVICE_TOKEN = 'dEv1ceT0ken_-abcdefghijklmnopqrstuvwxyz0123';

/** Keeps `pnr` on this device with {@link TEST_DEVICE_TOKEN}, as the booking flow does. */
export function storeDeviceBooking(pnr: string, token = TEST_DEVICE_TOKEN): void {
  window.localStorage.setItem(DEVICE_BOOKINGS_KEY, JSON.stringify([{ pnr, token }]));
}

/** {@link testBooking} once paid and ticketed: nothing left to pay, no hold. */
export function ticketedBooking(overrides: Partial<BookingDetail> = {}): BookingDetail {
  return testBooking({ status: 'ticketed', payable: false, holdExpiresAt: null, ...overrides });
}

/** A not-paid booking of two passengers on one flight Sofia → London, held for 15 minutes. */
export function testBooking(overrides: Partial<BookingDetail> = {}): BookingDetail {
  return {
    pnr: 'K7Q2ZP4',
    status: 'not_paid',
    createdAt: '2026-11-22T10:00:00.000Z',
    holdExpiresAt: new Date(Date.now() + 15 * 60_000).toISOString(),
    locale: 'en',
    booker: {
      firstName: 'Ana',
      lastName: 'Petrova',
      email: 'ana@example.com',
      phoneCode: '359',
      phone: '888123456',
    },
    passengers: [
      {
        index: 0,
        typeId: 1,
        titleId: 2,
        firstName: 'Ana',
        lastName: 'Petrova',
        birthDate: '1990-04-02',
        nationality: 'BG',
        documentTypeId: 1,
        documentNumber: 'P1234567',
        documentExpiry: '2030-01-01',
      },
      {
        index: 1,
        typeId: 2,
        titleId: 5,
        firstName: 'Iva',
        lastName: 'Petrova',
        birthDate: '2018-06-10',
        nationality: 'BG',
        documentTypeId: 1,
        documentNumber: 'P7654321',
        documentExpiry: '2030-01-01',
      },
    ],
    flights: [
      {
        index: 0,
        date: '2026-12-24',
        from: 'SOF',
        to: 'LHR',
        fareClass: 'Q',
        cabin: 'economy',
        farePrice: 12_000,
        baggage: {
          cabin: { pieces: 1, weightKg: 8 },
          checked: { pieces: 1, weightKg: 23 },
        },
        segments: [
          {
            flightNumber: 'UQ 101',
            carrier: 'UQ',
            carrierName: 'Uniquair',
            from: 'SOF',
            to: 'LHR',
            departureLocal: '2026-12-24T07:05',
            departureUtc: '2026-12-24T05:05:00.000Z',
            arrivalLocal: '2026-12-24T09:10',
            arrivalUtc: '2026-12-24T09:10:00.000Z',
            duration: 245,
          },
        ],
      },
    ],
    extras: [],
    baseTotal: { amount: 24_000, currency: 'USD' },
    chargeTotal: { amount: 24_000, currency: 'USD' },
    payments: [],
    tickets: [],
    payable: true,
    feedback: null,
    refund: null,
    scheduleChanges: [],
    flightChanges: [],
    invoiceNumber: null,
    ...overrides,
  };
}

export const TEST_TOKENIZATION_URL = 'https://gateway.test/v1/tokens';

export function testPaymentOptions(
  methods: PaymentOptionsResponse['options'] = [
    { method: 'CREDIT_CARD', amount: 24_000, currency: 'USD', kind: 'card' },
    { method: 'PAYPAL', amount: 24_000, currency: 'USD', kind: 'redirect' },
    { method: 'DIRECT_TO_AIRLINE', amount: 24_000, currency: 'USD', kind: 'offline' },
  ],
): PaymentOptionsResponse {
  return {
    success: true,
    options: methods,
    cardTokenization: { url: TEST_TOKENIZATION_URL, publishableKey: 'pk_test_abc123' },
  };
}

/**
 * The app's API with `booking` kept on this device, as the booking flow leaves it: `GET
 * /api/booking/{pnr}/get` answers it, `extra` answers the rest.
 */
export function mockStoredBooking(
  booking: BookingDetail,
  extra: Record<string, ApiHandler> = {},
): MockApi {
  storeDeviceBooking(booking.pnr);
  return mockAppApi({
    [`GET /api/booking/${booking.pnr}/get`]: () => json({ success: true, booking }),
    ...extra,
  });
}

/** Opens booking `pnr`'s page and waits for its section (a region) named `name`. */
export async function openBookingSection(pnr: string, name: string): Promise<HTMLElement> {
  renderApp(`/bookings/${pnr}`);
  return screen.findByRole('region', { name }, { timeout: PAGE_LOAD_MS });
}
