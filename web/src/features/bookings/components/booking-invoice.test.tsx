import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  mockStoredBooking,
  openBookingSection,
  storeDeviceBooking,
  TEST_DEVICE_TOKEN,
  testBooking,
  ticketedBooking,
} from '../../../testing/booking-fixtures.ts';
import { catchDownloads } from '../../../testing/downloads.ts';
import { errorBody, json, mockAppApi } from '../../../testing/mock-api.ts';
import { renderApp } from '../../../testing/render-app.tsx';

const PNR = 'K7Q2ZP4';
const paid = ticketedBooking({
  invoiceNumber: 'UQ-2026-000042',
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

/** The server's answer for a PDF download. */
function pdfFile(): Response {
  return new Response(new Blob(['%PDF-1.3'], { type: 'application/pdf' }), {
    headers: { 'content-type': 'application/pdf' },
  });
}

describe('the invoice on the booking page', () => {
  it('shows the number of a paid booking and downloads the PDF with this device’s token', async () => {
    let header: string | null = null;
    mockStoredBooking(paid, {
      [`GET /api/booking/${PNR}/invoice`]: ({ headers }) => {
        header = headers.get('x-booking-tokens');
        return pdfFile();
      },
    });
    const saved = catchDownloads();
    const user = userEvent.setup();
    const section = await openBookingSection(PNR, 'Invoice');
    expect(within(section).getByText('Invoice number: UQ-2026-000042')).toBeDefined();
    await user.click(within(section).getByRole('button', { name: 'Download invoice (PDF)' }));
    await vi.waitFor(() => expect(saved.names).toEqual(['uniquair-invoice-UQ-2026-000042.pdf']));
    expect(await saved.files[0]?.text()).toBe('%PDF-1.3');
    expect(header).toBe(TEST_DEVICE_TOKEN);
    expect(within(section).queryByRole('alert')).toBeNull();
  });

  it('says so when the download fails, and the button works again', async () => {
    mockStoredBooking(paid, {
      [`GET /api/booking/${PNR}/invoice`]: () => errorBody(503, 'SERVICE_UNAVAILABLE'),
    });
    const user = userEvent.setup();
    const section = await openBookingSection(PNR, 'Invoice');
    await user.click(within(section).getByRole('button', { name: 'Download invoice (PDF)' }));
    expect((await within(section).findByRole('alert')).textContent).toBe(
      'The invoice could not be downloaded. Please try again.',
    );
    expect(within(section).getByRole('button', { name: 'Download invoice (PDF)' })).toBeDefined();
  });

  it('downloads the credit note of a cancelled booking’s refund beside its invoice', async () => {
    storeDeviceBooking(PNR);
    const cancelled = testBooking({
      ...paid,
      status: 'cancelled',
      refund: {
        state: 'refunded',
        amount: 15_000,
        currency: 'USD',
        timeline: [{ state: 'refunded', at: '2026-11-23T10:00:00.000Z' }],
        creditNoteNumber: 'UQC-2026-000007',
      },
    });
    const asked: string[] = [];
    const pdf = (path: string) => () => {
      asked.push(path);
      return pdfFile();
    };
    mockAppApi({
      [`GET /api/booking/${PNR}/get`]: () => json({ success: true, booking: cancelled }),
      [`GET /api/booking/${PNR}/invoice`]: pdf('invoice'),
      [`GET /api/booking/${PNR}/cancellation-invoice`]: pdf('cancellation-invoice'),
    });
    const saved = catchDownloads();
    const user = userEvent.setup();
    const section = await openBookingSection(PNR, 'Invoice');
    expect(within(section).getByText('Invoice number: UQ-2026-000042')).toBeDefined();
    expect(within(section).getByText('Credit note number: UQC-2026-000007')).toBeDefined();
    await user.click(within(section).getByRole('button', { name: 'Download credit note (PDF)' }));
    await vi.waitFor(() =>
      expect(saved.names).toEqual(['uniquair-credit-note-UQC-2026-000007.pdf']),
    );
    expect(asked).toEqual(['cancellation-invoice']);
  });

  it('is not offered before the booking is paid', async () => {
    mockStoredBooking(testBooking());
    renderApp(`/bookings/${PNR}`);
    expect(await screen.findByText('Your booking is not paid')).toBeDefined();
    expect(screen.queryByRole('region', { name: 'Invoice' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Download invoice/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Download credit note/ })).toBeNull();
  });
});
