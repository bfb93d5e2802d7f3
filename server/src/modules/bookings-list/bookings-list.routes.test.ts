import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  BOOKINGS_PAGE_SIZE,
  BookingListResponseSchema,
  ClaimBookingsResponseSchema,
  FutureBookingsResponseSchema,
  SavedPassengersResponseSchema,
} from '@uniquair/contract/booking-list';
import { DEVICE_TOKENS_HEADER } from '@uniquair/contract/headers';
import { addDays, type Ymd } from '@uniquair/domain/dates/ymd';
import { createAccount, freshClient, signIn } from '../../../test/helpers/accounts.ts';
import { useTestApp } from '../../../test/helpers/build.ts';
import { testClock } from '../../../test/helpers/clock.ts';
import { TEST_TODAY } from '../../../test/helpers/database.ts';
import { expectApiError } from '../../../test/helpers/expect-api-error.ts';
import { secretHash } from '../../lib/secret-hash.ts';

let nextPnr = 0;

/** A fresh PNR for a booking inserted by a test. */
function pnr(): string {
  nextPnr += 1;
  return `T${String(process.pid % 1000).padStart(3, '0')}${String(nextPnr).padStart(3, '0')}`.slice(
    0,
    7,
  );
}

function deviceToken(): string {
  return randomBytes(32).toString('base64url');
}

interface InsertBooking {
  owner?: number | null;
  device?: string | null;
  departure: Ymd;
  createdAt?: string;
  passengers?: readonly { first: string; last: string; birth?: Ymd; type?: number }[];
}

describe('bookings lists and saved passengers', () => {
  const clock = testClock();
  const test = useTestApp({}, { clock: clock.now });

  /** Inserts a booking as the booking flow would; answers its PNR. */
  const insertBooking = async (booking: InsertBooking): Promise<string> => {
    const code = pnr();
    const now = booking.createdAt ?? clock.now().toISOString();
    const row = await test.app.db
      .insertInto('bookings')
      .values({
        pnr: code,
        status: 'paid',
        owner_user_id: booking.owner ?? null,
        device_token_hash: booking.device ? secretHash(booking.device) : null,
        booker_first_name: 'Ana',
        booker_last_name: 'Pop',
        booker_email: 'ana@example.com',
        booker_phone: null,
        currency: 'EUR',
        total_minor: 12_345,
        affiliate_id: null,
        origin_airport: 'LHR',
        destination_airport: 'ZRH',
        departure_date: booking.departure,
        return_date: null,
        locale: 'en',
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const passengers = booking.passengers ?? [
      { first: 'Ana', last: 'Pop', birth: '1990-05-01' as Ymd },
    ];
    await test.app.db
      .insertInto('booking_passengers')
      .values(
        passengers.map((passenger, index) => ({
          booking_id: Number(row.id),
          position: index + 1,
          passenger_type_id: passenger.type ?? 1,
          title_id: 2,
          first_name: passenger.first,
          last_name: passenger.last,
          birth_date: passenger.birth ?? null,
          nationality: 'RO',
          document_type_id: 1,
          document_number: 'X1234567',
          document_expiry: '2031-01-01' as Ymd,
        })),
      )
      .execute();
    return code;
  };

  const get = (url: string, headers: Record<string, string> = {}) =>
    test.app.inject({ method: 'GET', url, headers, remoteAddress: freshClient() });

  describe('GET /api/booking/future', () => {
    it('lists a signed-in user’s bookings that have not departed, soonest first', async () => {
      const account = await createAccount(test.app);
      const other = await createAccount(test.app);
      const cookie = await signIn(test.app, account);
      const later = await insertBooking({ owner: account.id, departure: addDays(TEST_TODAY, 40) });
      const sooner = await insertBooking({ owner: account.id, departure: TEST_TODAY });
      await insertBooking({ owner: account.id, departure: addDays(TEST_TODAY, -1) });
      await insertBooking({ owner: other.id, departure: addDays(TEST_TODAY, 3) });
      const response = await get('/api/booking/future', { cookie });
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-store');
      const body = FutureBookingsResponseSchema.parse(response.json());
      expect(body.bookings.map((booking) => booking.pnr)).toEqual([sooner, later]);
      expect(body.bookings[0]).toMatchObject({
        from: 'LHR',
        to: 'ZRH',
        departureDate: TEST_TODAY,
        passengers: 1,
        totalMinor: 12_345,
        currency: 'EUR',
        status: 'paid',
      });
    });

    it('shows an anonymous device only its most recent future booking, by its tokens', async () => {
      const first = deviceToken();
      const second = deviceToken();
      await insertBooking({
        device: first,
        departure: addDays(TEST_TODAY, 10),
        createdAt: '2026-11-20T10:00:00.000Z',
      });
      const latest = await insertBooking({
        device: second,
        departure: addDays(TEST_TODAY, 20),
        createdAt: '2026-11-22T10:00:00.000Z',
      });
      await insertBooking({ device: deviceToken(), departure: addDays(TEST_TODAY, 5) });
      const response = await get('/api/booking/future', {
        [DEVICE_TOKENS_HEADER]: `${first}, ${second}, not-a-token`,
      });
      expect(
        FutureBookingsResponseSchema.parse(response.json()).bookings.map((b) => b.pnr),
      ).toEqual([latest]);
    });

    it('shows nothing to a device without tokens, or with tokens it does not hold', async () => {
      await insertBooking({ device: deviceToken(), departure: addDays(TEST_TODAY, 5) });
      expect((await get('/api/booking/future')).json()).toEqual({ success: true, bookings: [] });
      const guessed = await get('/api/booking/future', { [DEVICE_TOKENS_HEADER]: deviceToken() });
      expect(guessed.json()).toEqual({ success: true, bookings: [] });
    });
  });

  describe('GET /api/booking/list', () => {
    it('pages through all of a user’s bookings, latest departure first', async () => {
      const account = await createAccount(test.app);
      const cookie = await signIn(test.app, account);
      const made: string[] = [];
      for (let day = 0; day < BOOKINGS_PAGE_SIZE + 3; day += 1) {
        made.push(
          await insertBooking({ owner: account.id, departure: addDays(TEST_TODAY, day - 5) }),
        );
      }
      const first = BookingListResponseSchema.parse(
        (await get('/api/booking/list', { cookie })).json(),
      );
      expect(first).toMatchObject({ page: 1, pageSize: BOOKINGS_PAGE_SIZE, total: 13, pages: 2 });
      expect(first.bookings.map((booking) => booking.pnr)).toEqual(
        [...made].reverse().slice(0, BOOKINGS_PAGE_SIZE),
      );
      const second = BookingListResponseSchema.parse(
        (await get('/api/booking/list?page=2', { cookie })).json(),
      );
      expect(second.bookings.map((booking) => booking.pnr)).toEqual([...made].reverse().slice(10));
      const beyond = BookingListResponseSchema.parse(
        (await get('/api/booking/list?page=9', { cookie })).json(),
      );
      expect(beyond.bookings).toEqual([]);
    });

    it('answers an empty account with one empty page', async () => {
      const cookie = await signIn(test.app, await createAccount(test.app));
      expect((await get('/api/booking/list', { cookie })).json()).toEqual({
        success: true,
        page: 1,
        pageSize: BOOKINGS_PAGE_SIZE,
        total: 0,
        pages: 1,
        bookings: [],
      });
    });

    it('needs a session, and a sensible page', async () => {
      expectApiError(await get('/api/booking/list'), 401, 'ERROR_UNAUTHORIZED');
      const cookie = await signIn(test.app, await createAccount(test.app));
      for (const page of ['0', '-1', 'two', '1e3']) {
        expectApiError(
          await get(`/api/booking/list?page=${page}`, { cookie }),
          400,
          'VALIDATION_ERROR',
        );
      }
    });
  });

  describe('claiming device bookings and saved passengers', () => {
    it('moves the device’s ownerless bookings into the account and saves their passengers', async () => {
      const account = await createAccount(test.app);
      const someoneElse = await createAccount(test.app);
      const cookie = await signIn(test.app, account);
      const mine = deviceToken();
      const taken = deviceToken();
      const claimed = await insertBooking({
        device: mine,
        departure: addDays(TEST_TODAY, 7),
        passengers: [
          { first: 'Ana', last: 'Pop', birth: '1990-05-01' as Ymd },
          { first: 'Ion', last: 'Pop', birth: '2019-02-03' as Ymd, type: 2 },
        ],
      });
      const othersBooking = await insertBooking({
        owner: someoneElse.id,
        device: taken,
        departure: addDays(TEST_TODAY, 7),
      });

      const before = await get('/api/booking/passengers', { cookie });
      expect(SavedPassengersResponseSchema.parse(before.json()).passengers).toEqual([]);
      const lastModified = before.headers['last-modified'] as string;
      expect(
        await get('/api/booking/passengers', { cookie, 'if-modified-since': lastModified }),
      ).toHaveProperty('statusCode', 304);

      clock.advance(5_000);
      const response = await test.app.inject({
        method: 'POST',
        url: '/api/booking/claim',
        headers: { cookie },
        remoteAddress: freshClient(),
        payload: { tokens: [mine, taken, deviceToken()] },
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(ClaimBookingsResponseSchema.parse(response.json()).claimed).toEqual([claimed]);

      const owners = await test.app.db
        .selectFrom('bookings')
        .select(['pnr', 'owner_user_id'])
        .where('pnr', 'in', [claimed, othersBooking])
        .orderBy('pnr')
        .execute();
      expect(Object.fromEntries(owners.map((row) => [row.pnr, Number(row.owner_user_id)]))).toEqual(
        {
          [claimed]: account.id,
          [othersBooking]: someoneElse.id,
        },
      );

      // Saved passengers changed: the old date no longer matches.
      const after = await get('/api/booking/passengers', {
        cookie,
        'if-modified-since': lastModified,
      });
      expect(after.statusCode).toBe(200);
      const passengers = SavedPassengersResponseSchema.parse(after.json()).passengers;
      expect(
        passengers.map((passenger) => `${passenger.firstName} ${passenger.birthDate}`).sort(),
      ).toEqual(['Ana 1990-05-01', 'Ion 2019-02-03']);
      expect(passengers.find((passenger) => passenger.firstName === 'Ion')).toMatchObject({
        passengerTypeId: 2,
        titleId: 2,
        nationality: 'RO',
        documentTypeId: 1,
        documentNumber: 'X1234567',
        documentExpiry: '2031-01-01',
      });
      expect(
        (
          await get('/api/booking/passengers', {
            cookie,
            'if-modified-since': after.headers['last-modified'] as string,
          })
        ).statusCode,
      ).toBe(304);

      // Claiming the same booking again changes nothing; the same person is saved once.
      const again = await test.app.inject({
        method: 'POST',
        url: '/api/booking/claim',
        headers: { cookie },
        remoteAddress: freshClient(),
        payload: { tokens: [mine] },
      });
      expect(ClaimBookingsResponseSchema.parse(again.json()).claimed).toEqual([]);
      const future = FutureBookingsResponseSchema.parse(
        (await get('/api/booking/future', { cookie })).json(),
      );
      expect(future.bookings.map((booking) => booking.pnr)).toContain(claimed);
    });

    it('forgets a saved passenger of the account only', async () => {
      const account = await createAccount(test.app);
      const other = await createAccount(test.app);
      const cookie = await signIn(test.app, account);
      const otherCookie = await signIn(test.app, other);
      const token = deviceToken();
      await insertBooking({ device: token, departure: addDays(TEST_TODAY, 3) });
      await test.app.inject({
        method: 'POST',
        url: '/api/booking/claim',
        headers: { cookie },
        payload: { tokens: [token] },
      });
      const [saved] = SavedPassengersResponseSchema.parse(
        (await get('/api/booking/passengers', { cookie })).json(),
      ).passengers;
      expect(saved).toBeDefined();
      const id = saved?.id ?? 0;
      const foreign = await test.app.inject({
        method: 'DELETE',
        url: `/api/booking/passengers/${id}`,
        headers: { cookie: otherCookie },
      });
      expect(expectApiError(foreign, 404, 'NOT_FOUND').errors._).toEqual([
        'No such saved passenger',
      ]);
      const own = await test.app.inject({
        method: 'DELETE',
        url: `/api/booking/passengers/${id}`,
        headers: { cookie },
      });
      expect(own.statusCode).toBe(200);
      expect(
        SavedPassengersResponseSchema.parse(
          (await get('/api/booking/passengers', { cookie })).json(),
        ).passengers,
      ).toEqual([]);
    });

    it('needs a session and well-formed tokens', async () => {
      const token = deviceToken();
      const anonymous = await test.app.inject({
        method: 'POST',
        url: '/api/booking/claim',
        payload: { tokens: [token] },
      });
      expectApiError(anonymous, 401, 'ERROR_UNAUTHORIZED');
      expectApiError(await get('/api/booking/passengers'), 401, 'ERROR_UNAUTHORIZED');
      const cookie = await signIn(test.app, await createAccount(test.app));
      const malformed = await test.app.inject({
        method: 'POST',
        url: '/api/booking/claim',
        headers: { cookie },
        payload: { tokens: ['short'] },
      });
      expectApiError(malformed, 400, 'VALIDATION_ERROR');
    });
  });
});
