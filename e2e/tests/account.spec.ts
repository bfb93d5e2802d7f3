import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures/test.ts';

/** A 24 × 24 PNG, as a profile picture. */
const PICTURE = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAABgAAAAYCAIAAABvFaqvAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAJ0lEQVQ4jWPQ1+qnCmIYNUh/NIz0R9OR1mgW0RotRvpHS8j+gaxFAM9vCh9XnpXMAAAAAElFTkSuQmCC',
  'base64',
);

async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze();
  expect(
    results.violations.map(
      (violation) =>
        `${violation.id}: ${violation.nodes.map((n) => n.target.join(' ')).join(', ')}`,
    ),
  ).toEqual([]);
}

/**
 * The path of the newest link to `path` in the e-mails sent to `email`, read from the development
 * mailbox (the e2e server runs without SMTP_URL, so every e-mail waits there).
 */
async function linkFromMailbox(page: Page, email: string, subject: string, path: RegExp) {
  await page.goto('/dev/mailbox');
  const mail = page.locator(`article[data-to="${email}"]`, { hasText: subject }).first();
  await expect(mail).toBeVisible();
  const links = await mail
    .locator('pre a')
    .evaluateAll((anchors) => anchors.map((anchor) => anchor.getAttribute('href') ?? ''));
  const link = links.map((href) => new URL(href)).find((url) => path.test(url.pathname));
  expect(link, `a link to ${path} in "${subject}"`).toBeDefined();
  return link ? link.pathname : '';
}

async function signIn(page: Page, email: string, password: string) {
  await page.getByRole('textbox', { name: 'E-mail' }).fill(email);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

test('an account from sign-up to a password reset by e-mail', async ({
  page,
  browser,
  allowFailedResource,
}) => {
  // The longest account journey (two browsers, five password hashings, three e-mails): on a busy
  // 2-core host it has taken 90 s where a quiet one takes 50.
  test.setTimeout(180_000);
  // One wrong password on the way: the server answers it 401.
  allowFailedResource('/api/users/sign-in');
  const email = `traveller.${Date.now()}@example.com`;
  const password = 'a long first phrase';

  // Register, then confirm the address through the e-mailed link (which signs in).
  await page.goto('/register');
  await expectNoAxeViolations(page);
  await page.getByRole('textbox', { name: 'First name' }).fill('Ana');
  await page.getByRole('textbox', { name: 'Last name' }).fill('Petrova');
  await page.getByRole('textbox', { name: 'E-mail' }).fill(email);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('button', { name: 'Create my account' }).click();
  await expect(page.getByRole('main').getByRole('status')).toContainText(
    `We have sent a link to ${email}`,
  );

  const confirmPath = await linkFromMailbox(
    page,
    email,
    'Confirm your e-mail address',
    /^\/confirm-email\/[0-9a-f]{40}$/,
  );
  await page.goto(confirmPath);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Confirm your e-mail address');
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Confirm my e-mail address' }).click();
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Settings and account');
  await expect(page.getByText(email).first()).toBeVisible();

  // Sign out: the guarded page now sends the visitor to sign in, and back after it.
  await page.getByRole('main').getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/account');
  await expect(page).toHaveURL(/\/signin\?redirectTo=%2Faccount$/);
  await expectNoAxeViolations(page);
  await signIn(page, email, 'not the password');
  await expect(page.getByRole('alert')).toHaveText('Incorrect email or password');
  await signIn(page, email, password);
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Settings and account');

  // Profile and avatar.
  const profile = page.getByRole('region', { name: 'Profile' });
  await profile.getByLabel('Title').selectOption({ label: 'Mrs.' });
  await profile.getByRole('textbox', { name: 'First name' }).fill('Maria');
  await profile.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Your changes have been saved.')).toBeVisible();
  await expect(page.getByText('Maria Petrova').first()).toBeVisible();

  const picture = page.getByRole('region', { name: 'Profile picture' });
  await picture
    .getByLabel(/^New picture/)
    .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PICTURE });
  await picture.getByRole('button', { name: 'Upload the picture' }).click();
  await expect(page.getByText('Your new picture is saved.')).toBeVisible();
  const avatar = page.getByRole('banner').getByRole('link', { name: 'Settings and account' });
  await expect(avatar.locator('img')).toHaveAttribute(
    'src',
    /^\/api\/users\/avatars\/[0-9a-f]{32}\.webp$/,
  );
  await expectNoAxeViolations(page);

  // Forgot the password: recover it by e-mail on another device.
  const other = await browser.newContext();
  const elsewhere = await other.newPage();
  await elsewhere.goto('/recover');
  await elsewhere.getByRole('textbox', { name: 'E-mail' }).fill(email);
  await elsewhere.getByRole('button', { name: 'Send a recovery link' }).click();
  await expect(elsewhere.getByRole('main').getByRole('status')).toContainText(
    'If an account exists',
  );
  const resetPath = await linkFromMailbox(
    elsewhere,
    email,
    'Choose a new password',
    /^\/reset\/[0-9a-f]{40}$/,
  );
  await elsewhere.goto(resetPath);
  await expectNoAxeViolations(elsewhere);
  const newPassword = 'a long second phrase';
  await elsewhere.getByLabel(/^New password/).fill(newPassword);
  await elsewhere.getByLabel(/^Repeat the new password/).fill(newPassword);
  await elsewhere.getByRole('button', { name: 'Save the new password' }).click();
  await expect(elsewhere).toHaveURL(/\/signin$/);
  await expect(elsewhere.getByRole('main').getByRole('status')).toHaveText(
    'Your password has been changed. Sign in with your new password.',
  );
  await signIn(elsewhere, email, newPassword);
  await expect(elsewhere).not.toHaveURL(/\/signin/);
  await other.close();

  // The first device's session ended with the reset: it is sent to sign in.
  const current = await page.request.get('/api/users/current');
  expect(await current.json()).toEqual({ success: true, isLogged: false, user: null });
  await page.goto('/account');
  await expect(page).toHaveURL(/\/signin\?redirectTo=%2Faccount$/);
});

test('a fresh device has no bookings stored on it', async ({ page }) => {
  await page.goto('/bookings');
  await expect(page.getByText('Displaying bookings stored on your device')).toBeVisible();
  await expect(page.getByText('There are no bookings to show.')).toBeVisible();
  await expectNoAxeViolations(page);
});
