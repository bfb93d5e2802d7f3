import type { Page } from '@playwright/test';
import { expect } from '../fixtures/test.ts';

/** Registers and confirms an account through the API and the development mailbox. */
export async function signedInAccount(
  page: Page,
  email = `pwa.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.com`,
): Promise<{ email: string; firstName: string }> {
  const firstName = 'Valentina';
  const registered = await page.request.post('/api/users/register', {
    data: { firstName, lastName: 'Tereshkova', email, password: 'a long secret phrase' },
  });
  expect(registered.ok(), await registered.text()).toBe(true);
  let token = '';
  await expect
    .poll(async () => {
      const mailbox = await (await page.request.get('/dev/mailbox')).text();
      // The address's confirmation, not any other mail it may have had (support answers).
      const article =
        mailbox
          .split('<article')
          .find(
            (part) => part.includes(`data-to="${email}"`) && part.includes('/confirm-email/'),
          ) ?? '';
      token = /\/confirm-email\/([0-9a-f]{40})\b/.exec(article)?.[1] ?? '';
      return token;
    })
    .not.toBe('');
  const confirmed = await page.request.post(`/api/users/email/${token}/confirm`, { data: {} });
  expect(confirmed.ok(), await confirmed.text()).toBe(true);
  return { email, firstName };
}
