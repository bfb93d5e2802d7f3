import type { Page } from '@playwright/test';
import { expect } from '../fixtures/test.ts';

/** Registers and confirms an account through the API and the development mailbox. */
export async function signedInAccount(page: Page): Promise<{ email: string; firstName: string }> {
  const email = `pwa.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.com`;
  const firstName = 'Valentina';
  const registered = await page.request.post('/api/users/register', {
    data: { firstName, lastName: 'Tereshkova', email, password: 'a long secret phrase' },
  });
  expect(registered.ok(), await registered.text()).toBe(true);
  let token = '';
  await expect
    .poll(async () => {
      const mailbox = await (await page.request.get('/dev/mailbox')).text();
      const start = mailbox.indexOf(`data-to="${email}"`);
      if (start < 0) return '';
      const article = mailbox.slice(start, mailbox.indexOf('</article>', start));
      token = /\/([0-9a-f]{40})(?:\b|\/)/.exec(article)?.[1] ?? '';
      return token;
    })
    .not.toBe('');
  const confirmed = await page.request.post(`/api/users/email/${token}/confirm`, { data: {} });
  expect(confirmed.ok(), await confirmed.text()).toBe(true);
  return { email, firstName };
}
