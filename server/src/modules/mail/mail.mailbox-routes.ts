import { createHash } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { escapeHtml } from '../../lib/html-escape.ts';
import type { MailRow } from './mail.repository.ts';

/** The page's only style: fixed, so the page's Content-Security-Policy allows it by its hash. */
const MAILBOX_STYLE = `
body { font-family: system-ui, sans-serif; margin: 0 auto; padding: 1rem; max-width: 60rem; color: #1d2433; }
article { border: 1px solid #c5cad6; border-radius: 8px; padding: 1rem; margin-block: 1rem; }
h2 { margin-top: 0; font-size: 1.2rem; }
dl { display: grid; grid-template-columns: max-content 1fr; gap: 0.25rem 1rem; }
dt { font-weight: 700; }
dd { margin: 0; }
pre { white-space: pre-wrap; word-break: break-word; background: #f4f6fb; padding: 0.75rem; }
a { color: #123a8c; }
`;

/** Nothing but that style: no scripts, no other styles, no framing. */
const MAILBOX_CSP = [
  "default-src 'none'",
  `style-src 'sha256-${createHash('sha256').update(MAILBOX_STYLE).digest('base64')}'`,
  'img-src data:',
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

/** E-mails listed on the page, newest first. */
export const MAILBOX_SIZE = 50;

const LINK = /https?:\/\/[^\s<>"']+/g;

/** A text part as HTML: escaped, with its web addresses as links. */
function linkify(text: string): string {
  let html = '';
  let last = 0;
  for (const match of text.matchAll(LINK)) {
    const url = match[0];
    html += escapeHtml(text.slice(last, match.index));
    html += `<a href="${escapeHtml(url)}">${escapeHtml(url)}</a>`;
    last = match.index + url.length;
  }
  return html + escapeHtml(text.slice(last));
}

function messageHtml(mail: MailRow): string {
  const body =
    mail.text_body === ''
      ? '<p><em>Sent; the text is not kept.</em></p>'
      : `<pre>${linkify(mail.text_body)}</pre>`;
  return `<article aria-labelledby="mail-${mail.id}" data-to="${escapeHtml(mail.to_address)}">
<h2 id="mail-${mail.id}">${escapeHtml(mail.subject)}</h2>
<dl>
<dt>To</dt><dd>${escapeHtml(mail.to_address)}</dd>
<dt>Date</dt><dd><time datetime="${escapeHtml(mail.created_at)}">${escapeHtml(mail.created_at)}</time></dd>
<dt>Kind</dt><dd>${escapeHtml(mail.kind)} (${escapeHtml(mail.locale)})</dd>
<dt>Status</dt><dd>${escapeHtml(mail.status)}</dd>
</dl>
${body}
</article>`;
}

/** The whole mailbox page. */
export function mailboxHtml(mails: readonly MailRow[]): string {
  const list =
    mails.length === 0
      ? '<p>No e-mails yet.</p>'
      : mails.map((mail) => messageHtml(mail)).join('\n');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<link rel="icon" href="data:,">
<title>Uniquair - Development mailbox</title>
<style>${MAILBOX_STYLE}</style>
</head>
<body>
<main>
<h1>Development mailbox</h1>
<p>E-mails this server would send, newest first (the last ${MAILBOX_SIZE}). Set SMTP_URL to send them for real; this page exists only in development.</p>
${list}
</main>
</body>
</html>`;
}

/**
 * `GET /dev/mailbox` (development and tests only, never in production): the outbox as a page, so
 * that confirmation, recovery and sign-in links can be followed without an SMTP server.
 */
export const mailboxRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/dev/mailbox',
    {
      schema: {
        hide: true,
        response: { 200: z.string() },
      },
    },
    async (_request, reply) => {
      const mails = await app.mail.latest(MAILBOX_SIZE);
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .header('content-security-policy', MAILBOX_CSP)
        .send(mailboxHtml(mails));
    },
  );
};
