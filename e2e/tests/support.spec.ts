import { execFileSync } from 'node:child_process';
import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures/test.ts';
import { E2E_DATABASE, REPO_ROOT } from '../fixtures/run-paths.ts';
import { signedInAccount } from './account-helpers.ts';
import { bookTrip } from './booking-helpers.ts';
import { expectNoAxeViolations } from './search-helpers.ts';

/**
 * Support as a traveller and the team live it (docs/support.md): a signed-in traveller asks for
 * help from a booking's page, an agent (the role granted by the operators' command) answers from
 * the desk, the answer reaches the traveller on the ticket and by e-mail, and the traveller closes
 * the ticket.
 */

/** A real PNG of one pixel: the server decodes and re-encodes every image it takes. */
const ONE_PIXEL_PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

/** `npm run users:role -- <email> support_agent` on this run's database. */
function grantAgentRole(email: string): string {
  return execFileSync('npm', ['run', '--silent', 'users:role', '--', email, 'support_agent'], {
    cwd: REPO_ROOT,
    env: { ...process.env, DATABASE_URL: `sqlite:${E2E_DATABASE}` },
    encoding: 'utf8',
  });
}

/** The development mailbox's message to `to` whose subject starts with `subject`. */
async function mailTo(page: Page, to: string, subject: string): Promise<string> {
  let found = '';
  await expect
    .poll(async () => {
      const mailbox = await (await page.request.get('/dev/mailbox')).text();
      const articles = mailbox.split('<article').filter((part) => part.includes(`data-to="${to}"`));
      found = articles.find((part) => part.includes(subject)) ?? '';
      return found !== '';
    })
    .toBe(true);
  return found;
}

test('a ticket about a booking, answered from the desk, read and closed by the traveller', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(240_000);
  const traveller = await signedInAccount(page);
  const { pnr } = await bookTrip(page, request, { oneWay: true, daysAhead: 34 });

  // From the booking's page: "Get help with this booking" opens a ticket about it.
  await page.goto(`/bookings/${pnr}`);
  const help = page.getByRole('region', { name: 'Questions about this booking?' });
  await help.getByRole('link', { name: 'Get help with this booking' }).click();
  await expect(page).toHaveURL(`/bookings/${pnr}/open-ticket`);
  await expect(page.getByText(`About booking ${pnr}`)).toBeVisible();
  await page.getByLabel(/^Subject/).fill('Seats together');
  await page.getByLabel(/^Short description/).fill('Can my child sit with me?');
  await page.getByLabel(/^Detailed description/).fill('We were given seats far apart.');
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Seats together' })).toBeVisible();
  const ticketPath = new URL(page.url()).pathname;
  expect(ticketPath).toMatch(/^\/support\/ticket\/\d+$/);

  // A photo of the seat map goes with a reply, previewed before it is sent.
  await page.getByLabel(/^Image 1 of 5/).setInputFiles({
    name: 'seat-map.png',
    mimeType: 'image/png',
    buffer: Buffer.from(ONE_PIXEL_PNG, 'base64'),
  });
  await expect(page.getByRole('img', { name: 'Preview of seat-map.png' })).toBeVisible();
  await page.getByLabel('Your reply').fill('Here is the seat map we were given.');
  await page.getByRole('button', { name: 'Send reply' }).click();
  await expect(
    page.getByRole('list', { name: 'Images' }).getByRole('link', { name: /^seat-map\.png/ }),
  ).toBeVisible();

  // An agent: an account like any other, given the role by the operators' command.
  const desk = await (await browser.newContext()).newPage();
  const agent = await signedInAccount(desk);
  expect(grantAgentRole(agent.email)).toContain(`${agent.email} now has the role support_agent`);
  await desk.goto('/support/desk');
  await expect(desk.getByRole('heading', { level: 1, name: 'Support desk' })).toBeVisible();
  await desk.getByRole('searchbox', { name: 'PNR or e-mail address' }).fill(pnr);
  await desk.getByRole('button', { name: 'Search' }).click();
  const item = desk.getByRole('listitem').filter({ hasText: traveller.email });
  await expect(item).toContainText(/waiting since/);
  await item.getByRole('link', { name: 'Seats together' }).click();
  const facts = desk.getByRole('complementary', { name: 'About this ticket' });
  await expect(facts).toContainText(traveller.email);
  await expect(facts).toContainText(pnr);
  await expectNoAxeViolations(desk);
  // The team opens the traveller's image: a download, never a page of ours.
  const image = desk.getByRole('list', { name: 'Images' }).getByRole('link', { name: /^seat-map/ });
  const download = await desk.request.get((await image.getAttribute('href')) ?? '');
  expect(download.status()).toBe(200);
  expect(download.headers()['content-type']).toBe('image/png');
  expect(download.headers()['content-disposition']).toMatch(/^attachment;/);

  // A note for the team first, then the answer.
  await desk.getByRole('checkbox', { name: /^Internal note/ }).check();
  await desk.getByLabel('Internal note', { exact: true }).fill('Row 12 has two seats free.');
  await desk.getByRole('button', { name: 'Add note' }).click();
  await expect(desk.getByText('Row 12 has two seats free.')).toBeVisible();
  await desk.getByRole('checkbox', { name: /^Internal note/ }).uncheck();
  await desk.getByLabel('Reply to the traveller').fill('Both of you now sit in row 12.');
  await desk.getByRole('button', { name: 'Send reply' }).click();
  await expect(desk.getByText('Both of you now sit in row 12.')).toBeVisible();
  await expect(facts).toContainText('Not waiting: the team wrote last');

  // The traveller reads the answer, never the note, and gets it by e-mail with a link back.
  const mail = await mailTo(page, traveller.email, 'The support team answered: Seats together');
  expect(mail).toContain(ticketPath);
  await page.reload();
  await expect(page.getByText('Both of you now sit in row 12.')).toBeVisible();
  await expect(page.getByText('Row 12 has two seats free.')).toHaveCount(0);
  await page.getByRole('button', { name: 'Close ticket (solved)' }).click();
  await expect(page.getByText('This ticket is closed.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Reopen ticket' })).toBeVisible();

  // The desk sees it closed.
  await desk.reload();
  await expect(desk.getByText('This ticket is closed: notes only.')).toBeVisible();
  await desk.context().close();
});

test('a reply written offline waits on the device and is sent once when the connection returns', async ({
  page,
  context,
}) => {
  await signedInAccount(page);
  const opened = await page.request.post('/api/support/tickets', {
    data: {
      subject: 'Lost scarf',
      shortDescription: 'Left on seat 14C',
      description: 'A blue scarf, left on the flight.',
    },
  });
  expect(opened.ok(), await opened.text()).toBe(true);
  const { ticket } = (await opened.json()) as { ticket: { id: number } };
  await page.goto(`/support/ticket/${ticket.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Lost scarf' })).toBeVisible();

  await context.setOffline(true);
  await expect(page.getByText('Images can be added once you are online.')).toBeVisible();
  await page.getByLabel('Your reply').fill('It has a red stripe.');
  await page.getByRole('button', { name: 'Send reply' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'kept on this device' })).toBeVisible();
  const waiting = page.getByRole('list', { name: 'Waiting to be sent' });
  await expect(waiting).toContainText('It has a red stripe.');

  // The page is closed while offline; the app opened again later, on any page, sends the draft.
  await page.close();
  await context.setOffline(false);
  const later = await context.newPage();
  await later.goto('/');
  const messages = async () => {
    const read = await later.request.get(`/api/support/tickets/${ticket.id}`);
    const answer = (await read.json()) as { ticket: { messages: { body: string }[] } };
    return answer.ticket.messages.map((message) => message.body);
  };
  await expect.poll(messages).toEqual(['It has a red stripe.']);
  await later.goto(`/support/ticket/${ticket.id}`);
  // The home page may not have forgotten the draft yet when it is left (the server's answer came
  // first): the ticket's page then sends it again, under the same idempotency key, and it leaves
  // the waiting list. Either way the ticket shows the reply once and holds it once.
  await expect(later.getByRole('heading', { level: 1, name: 'Lost scarf' })).toBeVisible();
  await expect(later.getByText('It has a red stripe.')).toHaveCount(1);
  await expect(later.getByText('It has a red stripe.')).toBeVisible();
  await expect(later.getByRole('list', { name: 'Waiting to be sent' })).toHaveCount(0);
  expect(await messages()).toEqual(['It has a red stripe.']);
});

test('the sixth open ticket is refused in words', async ({ page, allowFailedResource }) => {
  // The browser reports the refusal (429) as a failed load: expected here.
  allowFailedResource('/api/support/tickets');
  await signedInAccount(page);
  for (let count = 1; count <= 5; count += 1) {
    const opened = await page.request.post('/api/support/tickets', {
      data: { subject: `Question ${count}`, shortDescription: 'Short', description: 'Long.' },
    });
    expect(opened.ok(), await opened.text()).toBe(true);
  }
  await page.goto('/support/tickets/');
  await expect(page.getByText('5 open tickets (at most 5)')).toBeVisible();
  await page.getByRole('link', { name: 'Open a support ticket' }).click();
  await page.getByLabel(/^Subject/).fill('Question 6');
  await page.getByLabel(/^Short description/).fill('Short');
  await page.getByLabel(/^Detailed description/).fill('Long.');
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(page.getByRole('alert')).toHaveText('You have too many open tickets');
  await expect(page).toHaveURL('/support/tickets/open');
});

test('the support desk is refused in words to a traveller without the role', async ({ page }) => {
  await signedInAccount(page);
  await page.goto('/support/desk');
  await expect(page.getByText('This page is for the support team.')).toBeVisible();
  const answer = await page.request.get('/api/support/desk/tickets');
  expect(answer.status()).toBe(403);
});

/** The site path of the support link (verify or open) in a mail of the development mailbox. */
function supportLinkIn(mail: string): string {
  const path = /\/[a-z]{2}(?:_[A-Z]{2})?\/support\/email\/[A-Za-z0-9]{40}\/verify/.exec(mail)?.[0];
  if (!path) throw new Error(`no support link in: ${mail.slice(0, 500)}`);
  return path;
}

/** The hand-off page of an e-mailed support link: the visitor presses its one button. */
async function followSupportLink(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await expect(page).toHaveURL(/\/api\/support\/email\/[A-Za-z0-9]{40}\/verify$/);
  await page.getByRole('button').first().click();
  await expect(page).toHaveURL(/\/support\/ticket\/\d+$/);
}

test('a visitor without an account writes from the contact page, confirms the address, and reads the answer from its e-mail', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  const email = `visitor.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.com`;
  await page.goto('/contact-us');
  await expect(
    page.getByRole('heading', { level: 2, name: 'Write to our support team' }),
  ).toBeVisible();
  await page.getByLabel(/^Your e-mail address/).fill(email);
  await page.getByLabel(/^Subject/).fill('Wheelchair at the gate');
  await page.getByLabel(/^How can we help/).fill('My mother needs a wheelchair at the gate.');
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(
    page.getByRole('status').filter({ hasText: `We sent a link to ${email}.` }),
  ).toBeVisible();

  // The address is confirmed through the mailed link; the ticket then opens in this browser.
  const verify = supportLinkIn(await mailTo(page, email, 'support/email/'));
  await followSupportLink(page, verify);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Wheelchair at the gate' }),
  ).toBeVisible();
  await expect(page.getByText('My mother needs a wheelchair at the gate.')).toBeVisible();
  // The link was single use.
  const used = await page.request.post(verify.replace(/^\/[^/]+\/support/, '/api/support'), {
    data: {},
  });
  expect(used.status()).toBe(410);

  // The team answers from the desk; the visitor hears by e-mail, with a link that opens it.
  const desk = await (await browser.newContext()).newPage();
  const agent = await signedInAccount(desk);
  grantAgentRole(agent.email);
  await desk.goto('/support/desk');
  await desk.getByRole('searchbox', { name: 'PNR or e-mail address' }).fill(email);
  await desk.getByRole('button', { name: 'Search' }).click();
  await desk.getByRole('link', { name: 'Wheelchair at the gate' }).click();
  await expect(desk.getByRole('complementary', { name: 'About this ticket' })).toContainText(email);
  await desk.getByLabel('Reply to the traveller').fill('A wheelchair will wait at gate B12.');
  await desk.getByRole('button', { name: 'Send reply' }).click();
  await expect(desk.getByText('A wheelchair will wait at gate B12.')).toBeVisible();
  await desk.context().close();

  const answer = await mailTo(page, email, 'The support team answered: Wheelchair at the gate');
  const elsewhere = await (await browser.newContext()).newPage();
  await followSupportLink(elsewhere, supportLinkIn(answer));
  await expect(elsewhere.getByText('A wheelchair will wait at gate B12.')).toBeVisible();
  await elsewhere.getByLabel('Your reply').fill('Thank you!');
  await elsewhere.getByRole('button', { name: 'Send reply' }).click();
  await expect(elsewhere.getByText('Thank you!')).toBeVisible();

  // Signing up later with that address shows the ticket among the account's tickets.
  await signedInAccount(elsewhere, email);
  await elsewhere.goto('/support/tickets/');
  await expect(elsewhere.getByRole('link', { name: 'Wheelchair at the gate' })).toBeVisible();
  await elsewhere.context().close();
});
