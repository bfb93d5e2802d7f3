import { describe, expect, it } from 'vitest';
import { createAccount, signIn } from '../../../test/helpers/accounts.ts';
import { useTestApp } from '../../../test/helpers/build.ts';
import { findUserByEmail } from './users.repository.ts';

describe('a signed-in user’s language and currency', () => {
  const test = useTestApp();

  const init = async (headers: Record<string, string>) =>
    (await test.app.inject({ method: 'GET', url: '/api/data/init', headers })).json<{
      locale: string;
      currencies: { currency: { code: string } };
    }>();

  it('are kept in the profile when chosen, and win over the browser’s cookies', async () => {
    const account = await createAccount(test.app);
    const cookie = await signIn(test.app, account);
    const locale = await test.app.inject({
      method: 'POST',
      url: '/api/data/locale/de/select',
      headers: { cookie },
    });
    expect(locale.statusCode).toBe(200);
    const currency = await test.app.inject({
      method: 'POST',
      url: '/api/data/currency/GBP/select',
      headers: { cookie },
    });
    expect(currency.statusCode).toBe(200);
    expect(await findUserByEmail(test.app.db, account.email)).toMatchObject({
      locale: 'de',
      currency: 'GBP',
    });

    // Another browser of the same user, whose cookies say French and euros.
    const elsewhere = await signIn(test.app, account);
    const data = await init({
      cookie: `${elsewhere}; uq_locale=fr; uq_currency=EUR`,
      'accept-language': 'ko',
    });
    expect(data.locale).toBe('de');
    expect(data.currencies.currency.code).toBe('GBP');

    // Signed out, the cookies speak again.
    const anonymous = await init({ cookie: 'uq_locale=fr; uq_currency=EUR' });
    expect(anonymous.locale).toBe('fr');
    expect(anonymous.currencies.currency.code).toBe('EUR');
  });

  it('leave a visitor without an account to the cookies and the browser', async () => {
    const data = await init({ 'accept-language': 'it-IT,it;q=0.9' });
    expect(data.locale).toBe('it');
    const select = await test.app.inject({ method: 'POST', url: '/api/data/locale/nl/select' });
    expect(select.statusCode).toBe(200);
  });
});
