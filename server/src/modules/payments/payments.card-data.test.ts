import { randomInt, randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { sql, type RawBuilder, type SqlBool } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { freshClient } from '../../../test/helpers/accounts.ts';
import { bookingBody, createBooking, searchTrip } from '../../../test/helpers/booking.ts';
import { testConfig, buildTestApp, type TestApp } from '../../../test/helpers/build.ts';
import { testClock } from '../../../test/helpers/clock.ts';
import {
  createTestDatabase,
  dialectUnderTest,
  type TestDatabase,
} from '../../../test/helpers/database.ts';
import { expectApiError } from '../../../test/helpers/expect-api-error.ts';
import type { CardToken } from '../../../test/helpers/payments.ts';
import { passesLuhn } from '@uniquair/domain/payments/card-number';
import { containsCardNumber } from '../../plugins/card-data-guard.ts';
import { drainOutbox } from '../outbox/outbox.service.ts';
import {
  makeBooking,
  PAYMENT_TEST_ENV,
  payBooking,
} from '../../../test/helpers/payments-test-kit.ts';

/** A card number of our own (Amex-like, Luhn-valid, not a listed test card: it pays). */
function canaryCardNumber(): string {
  for (;;) {
    const body = `37${String(randomInt(0, 1e12)).padStart(12, '0')}`;
    for (let check = 0; check <= 9; check += 1) {
      if (passesLuhn(`${body}${check}`)) return `${body}${check}`;
    }
  }
}

describe('card numbers never pass through our API', () => {
  it('recognises Luhn-valid 13–19 digit numbers, grouped or not, and nothing shorter', () => {
    expect(containsCardNumber('4242424242424242')).toBe(true);
    expect(containsCardNumber('my card 4242 4242 4242 4242 thanks')).toBe(true);
    expect(containsCardNumber('4242-4242-4242-4242')).toBe(true);
    expect(containsCardNumber('378282246310005')).toBe(true);
    expect(containsCardNumber('4242424242424241')).toBe(false);
    expect(containsCardNumber('424242424242')).toBe(false);
    expect(containsCardNumber('721234567')).toBe(false);
    expect(containsCardNumber('2026-11-23')).toBe(false);
    // Digits inside tokens and hashes are not card numbers.
    expect(containsCardNumber('tok_4242424242424242ab')).toBe(false);
    expect(containsCardNumber('a4242424242424242')).toBe(false);
    expect(containsCardNumber('card:4242424242424242.')).toBe(true);
    // Timestamps in milliseconds are not card numbers, Luhn-valid or not.
    const luhnValidInstant = Array.from({ length: 10 }, (_, n) => `176378000000${n}`).find((text) =>
      passesLuhn(text),
    )!;
    expect(containsCardNumber(`at ${luhnValidInstant}`)).toBe(false);
  });

  it('finds a card number in free text but not digits of e-mails, phones or documents', () => {
    for (const text of [
      'please charge 4242 4242 4242 4242 again',
      'Amex 3782 822463 10005',
      'card 6011-1111-1111-1117, exp 12/30',
      '(5555555555554444)',
    ]) {
      expect(containsCardNumber(text), text).toBe(true);
    }
    for (const text of [
      'nobody-1795637095990-3@example.com',
      '4242424242424242@example.com',
      'first.4242424242424242.last@example.org',
      '+4242424242424242',
      '+44 7911 123456',
      '0049 1511 2345 6789',
      'passport X4242424242424242',
      'https://example.com/orders/4242424242424242/receipt',
      'ref 4242-4242424242-42',
      '4242 4242-4242 4242',
    ]) {
      expect(containsCardNumber(text), text).toBe(false);
    }
  });

  describe('on the API', () => {
    let test: TestApp;
    beforeAll(async () => {
      test = await buildTestApp();
    });
    afterAll(() => test.close());

    const save = (info: string) =>
      test.app.inject({
        method: 'POST',
        url: '/api/error/save',
        remoteAddress: freshClient(),
        payload: { component: 'checkout', info },
      });

    it('refuses a card number in a free-text field, naming the field', async () => {
      const body = expectApiError(
        await save('my card is 4242 4242 4242 4242'),
        400,
        'VALIDATION_ERROR',
      );
      expect(JSON.stringify(body.errors)).toContain('info');
      expect(JSON.stringify(body.errors)).toContain('Card numbers are never sent');
    });

    it('takes e-mail addresses, phones and document numbers with long digit runs', async () => {
      for (const info of [
        'nobody-1795637095990-3@example.com',
        '+4242424242424242',
        'passport X4242424242424242',
      ]) {
        const response = await save(info);
        expect(response.statusCode, response.body).toBe(200);
      }
      const register = await test.app.inject({
        method: 'POST',
        url: '/api/users/register',
        remoteAddress: freshClient(),
        payload: {
          firstName: 'Ana',
          lastName: 'Pop',
          email: 'nobody-1795637095990-3@example.com',
          password: 'a long secret phrase',
        },
      });
      expect(register.statusCode, register.body).toBe(200);
    });
  });
});

/**
 * PAY-8 (reference B6, B7): a whole checkout with a canary card tokenised at the gateway as the
 * browser does it; afterwards neither the number nor the security code is in any table, in any
 * log line the server wrote, or in the error reports.
 */
describe(`PAY-8: a checkout leaves no card number behind (${dialectUnderTest()})`, () => {
  let app: FastifyInstance;
  let database: TestDatabase;
  let baseUrl: string;
  const logs: string[] = [];
  const clock = testClock();

  beforeAll(async () => {
    database = await createTestDatabase();
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const { port } = probe.address() as AddressInfo;
    await new Promise<void>((resolve) => probe.close(() => resolve()));
    baseUrl = `http://127.0.0.1:${port}`;
    const config = testConfig(database.url, {
      PORT: String(port),
      PUBLIC_URL: baseUrl,
      ...PAYMENT_TEST_ENV,
    });
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        logs.push(chunk.toString('utf8'));
        done();
      },
    });
    app = await buildApp({
      config,
      database,
      clock: clock.now,
      search: { initWaitMs: 10_000 },
      logger: { level: 'debug', stream },
    });
    await app.listen({ host: '127.0.0.1', port });
  });

  afterAll(async () => {
    await app.close();
    await database.dispose();
  });

  /**
   * The tables holding a stored value that `matches`, searched by the database itself over every
   * row and column (each cast to text: a year of seeded inventory is too much to read out twice).
   * No column may be named for card data.
   */
  async function tablesWhere(
    matches: (text: RawBuilder<string>, isText: boolean) => RawBuilder<SqlBool>[],
  ): Promise<string[]> {
    const found: string[] = [];
    for (const table of await app.db.introspection.getTables()) {
      for (const column of table.columns)
        expect(column.name).not.toMatch(/cvc|cvv|pan|card_number/i);
      const conditions = table.columns.flatMap((column) =>
        matches(
          sql<string>`cast(${sql.ref(column.name)} as text)`,
          /char|text|json|clob/i.test(column.dataType),
        ),
      );
      if (conditions.length === 0) continue;
      const hit = await sql<{ one: number }>`select 1 as one from ${sql.table(table.name)}
        where ${sql.join(conditions, sql` or `)} limit 1`.execute(app.db);
      if (hit.rows.length > 0) found.push(table.name);
    }
    return found;
  }

  it('keeps only brand, last four and expiry of a card', async () => {
    const number = canaryCardNumber();
    const grouped = `${number.slice(0, 4)} ${number.slice(4, 10)} ${number.slice(10)}`;

    const trip = await searchTrip(app, { passengers: { adults: 1, children: 0, infants: 0 } });
    const booking = await makeBooking(app, trip);
    // A security code no stored value already equals (ids stored as text, such as a booked
    // flight's, are 4-digit strings too): finding it afterwards then means it leaked.
    const storedAsText = (value: string) => (text: RawBuilder<string>, isText: boolean) =>
      isText ? [sql<SqlBool>`${text} = ${value}`] : [];
    let cvc = String(randomInt(1000, 10_000));
    while ((await tablesWhere(storedAsText(cvc))).length > 0) cvc = String(randomInt(1000, 10_000));

    // The browser sends the card fields to the gateway, never to us.
    const { url, publishableKey } = app.paymentProvider.cardTokenization();
    const tokenResponse = await fetch(url.startsWith('/') ? `${baseUrl}${url}` : url, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${publishableKey}`,
        'content-type': 'application/json',
        origin: baseUrl,
      },
      body: JSON.stringify({ holder: 'Canary Test', number, expMonth: 7, expYear: 2031, cvc }),
    });
    expect(tokenResponse.status).toBe(200);
    const card = (await tokenResponse.json()) as CardToken;
    const paid = await payBooking(app, booking, { method: 'CREDIT_CARD', card });
    expect(paid.statusCode, paid.body).toBe(200);
    await drainOutbox(app);

    // A client that wrongly sends the number to our API is refused before any route runs.
    const leaked = await payBooking(
      app,
      booking,
      { method: 'CREDIT_CARD', card: { ...card, token: card.token }, note: grouped },
      randomUUID(),
    );
    const refusal = expectApiError(leaked, 400, 'VALIDATION_ERROR');
    expect(Object.keys(refusal.errors)).toEqual(['body.note']);
    expect(leaked.body).not.toContain(number.slice(4, 10));
    const created = await createBooking(app, {
      ...bookingBody(trip),
      passengers: bookingBody(trip).passengers.map((passenger) => ({
        ...passenger,
        documentNumber: number,
      })),
    });
    expectApiError(created, 400, 'VALIDATION_ERROR');
    // The web app reports an error it caught, as it does after a failed payment.
    const report = await app.inject({
      method: 'POST',
      url: '/api/error/save',
      remoteAddress: freshClient(),
      payload: {
        component: 'PayPage',
        trace: 'Error: payment failed',
        info: 'card payment',
        url: `/booking/${booking.pnr}/pay`,
        version: 'test',
      },
    });
    expect(report.statusCode, report.body).toBeLessThan(300);

    const stored = await app.db
      .selectFrom('payments')
      .selectAll()
      .where('booking_id', '=', booking.id)
      .execute();
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({
      card_brand: 'amex',
      card_last4: number.slice(-4),
      card_exp_month: 7,
      card_exp_year: 2031,
    });

    // Nowhere in the database: the number, plain, grouped or with its spaces and dashes taken
    // out; the security code as a stored text or under a card field's name in stored JSON.
    const leakedInto = await tablesWhere((text, isText) => {
      const squeezed = sql<string>`replace(replace(${text}, ' ', ''), '-', '')`;
      const json = sql<string>`lower(replace(${text}, ' ', ''))`;
      const hasNumber = sql<SqlBool>`${squeezed} like ${`%${number}%`}`;
      if (!isText) return [hasNumber];
      return [
        hasNumber,
        sql<SqlBool>`${text} = ${cvc}`,
        ...['cvc', 'cvv', 'securitycode'].flatMap((name) => [
          sql<SqlBool>`${json} like ${`%"${name}":"${cvc}%`}`,
          sql<SqlBool>`${json} like ${`%"${name}":${cvc}%`}`,
        ]),
      ];
    });
    expect(leakedInto).toEqual([]);
    // Nor in the logs.
    const logged = logs.join('');
    expect(logged).not.toContain(number);
    expect(logged).not.toContain(grouped);
    expect(logged.replace(/[ -]/g, '')).not.toContain(number);
    expect(logged).not.toMatch(new RegExp(`"(cvc|cvv|securityCode)"\\s*:\\s*"?${cvc}`));
    expect(logged).not.toContain(`"${cvc}"`);
    // The refusal was logged, naming the field only.
    expect(logged).toContain('a card number was sent to the API: refused');
  }, 300_000);
});
