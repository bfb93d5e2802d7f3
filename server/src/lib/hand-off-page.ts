import { randomBytes } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import { IntlMessageFormat } from 'intl-messageformat';
import { loadMessages } from '@uniquair/i18n/messages';
import { BRAND_NAME } from '@uniquair/domain/config/app';
import { escapeHtml } from './html-escape.ts';

/** What the OpenAPI document says of every link page's GET. */
export const LINK_PAGE_DESCRIPTION =
  'An HTML page with one button; the link is used only by the POST that button sends ' +
  '(mail scanners open links). The page is the same whether or not the link is valid.';

export interface HandOffPage {
  html: string;
  /** The page's own Content-Security-Policy: only its inline script and style, by nonce. */
  contentSecurityPolicy: string;
}

/** The catalogue keys of a hand-off page's texts. */
export interface HandOffTexts {
  title: string;
  body: string;
  action: string;
  working: string;
  expired: string;
  failed: string;
}

/** The second button, shown once the link turns out used or expired: ask for a new one. */
export interface HandOffAgain {
  /** The path it POSTs to (202: sent). */
  path: string;
  /** Catalogue keys of its label, of "sent" and of a failure. */
  request: string;
  sent: string;
  failed: string;
}

/**
 * The page an e-mailed link opens (DESIGN §7: opening shows a page, only a POST consumes the
 * token — mail scanners open links), for every kind of e-mailed link. It offers one button (and,
 * when `again` is given, a second one asking for a new link once this one turns out used or
 * expired); the button POSTs the same path as JSON (same origin, as the CSRF rules ask), and on
 * success goes to the answer's `next` (with `#device-token=<token>` when the answer carries a
 * `deviceToken`, which the web app keeps and clears from the address). Nothing on the page
 * depends on whether the token is valid, so opening it discloses nothing.
 */
export async function renderLinkPage(options: {
  locale: string;
  texts: HandOffTexts;
  values: Readonly<Record<string, string>>;
  again: HandOffAgain | null;
}): Promise<HandOffPage> {
  const { locale: resolved, messages } = await loadMessages(options.locale);
  const catalogue = messages as Readonly<Record<string, string>>;
  const language = resolved.replace('_', '-');
  const text = (key: string): string => {
    const message = catalogue[key];
    if (message === undefined) throw new Error(`Missing text ${key} (${resolved})`);
    return String(
      new IntlMessageFormat(message, language).format({ ...options.values, brand: BRAND_NAME }),
    );
  };
  const { texts, again: second } = options;
  const nonce = randomBytes(16).toString('base64');
  const script = `
(function () {
  function post(path) {
    return fetch(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: '{}',
      credentials: 'same-origin',
      cache: 'no-store'
    });
  }
  var button = document.getElementById('go');
  var status = document.getElementById('status');
  button.addEventListener('click', function () {
    button.disabled = true;
    status.textContent = button.getAttribute('data-working');
    post(window.location.pathname).then(function (response) {
      return response.json().then(function (body) {
        if (response.ok && body && body.success && typeof body.next === 'string' &&
            body.next.charAt(0) === '/' && body.next.charAt(1) !== '/') {
          window.location.replace(typeof body.deviceToken === 'string'
            ? body.next + '#device-token=' + encodeURIComponent(body.deviceToken) : body.next);
          return;
        }
        status.textContent = button.getAttribute(
          response.status === 410 ? 'data-expired' : 'data-failed');
        if (response.status !== 410) button.disabled = false;
        else if (again) again.hidden = false;
      });
    }).catch(function () {
      status.textContent = button.getAttribute('data-failed');
      button.disabled = false;
    });
  });
  var again = document.getElementById('again');
  if (again) again.addEventListener('click', function () {
    again.disabled = true;
    post(again.getAttribute('data-path')).then(function (response) {
      if (response.status === 202) {
        status.textContent = again.getAttribute('data-sent');
        again.hidden = true;
        return;
      }
      return response.json().then(function (body) {
        var said = body && body.errors && body.errors._ && body.errors._[0];
        status.textContent = typeof said === 'string' ? said : again.getAttribute('data-failed');
        again.disabled = false;
      });
    }).catch(function () {
      status.textContent = again.getAttribute('data-failed');
      again.disabled = false;
    });
  });
})();`;
  const style = `
body{margin:0;padding:24px;background:#f4f6fb;font-family:Arial,Helvetica,sans-serif;color:#1d2433}
main{max-width:560px;margin:40px auto;padding:32px;background:#fff;border-radius:8px}
.brand{margin:0 0 24px;font-size:20px;font-weight:700;color:#123a8c}
h1{font-size:24px;margin:0 0 16px}
p{font-size:16px;line-height:1.5;margin:0 0 16px}
button{padding:12px 24px;background:#123a8c;color:#fff;border:0;border-radius:6px;font-weight:700;font-size:16px;cursor:pointer}
button:focus-visible{outline:3px solid #f2a900;outline-offset:2px}
button:disabled{opacity:.7;cursor:progress}
button[hidden]{display:none}`;
  const title = text(texts.title);
  const html = [
    '<!doctype html>',
    `<html lang="${escapeHtml(language)}">`,
    '<head><meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="referrer" content="no-referrer">',
    '<meta name="robots" content="noindex">',
    `<title>${escapeHtml(title)} – ${escapeHtml(BRAND_NAME)}</title>`,
    `<style nonce="${nonce}">${style}</style></head>`,
    '<body><main>',
    `<p class="brand">${escapeHtml(BRAND_NAME)}</p>`,
    `<h1>${escapeHtml(title)}</h1>`,
    `<p>${escapeHtml(text(texts.body))}</p>`,
    `<button id="go" type="button" data-working="${escapeHtml(text(texts.working))}"` +
      ` data-expired="${escapeHtml(text(texts.expired))}"` +
      ` data-failed="${escapeHtml(text(texts.failed))}">` +
      `${escapeHtml(text(texts.action))}</button>`,
    '<p id="status" role="status" aria-live="polite"></p>',
    second === null
      ? ''
      : `<button id="again" type="button" hidden data-path="${escapeHtml(second.path)}"` +
        ` data-sent="${escapeHtml(text(second.sent))}"` +
        ` data-failed="${escapeHtml(text(second.failed))}">` +
        `${escapeHtml(text(second.request))}</button>`,
    '</main>',
    `<script nonce="${nonce}">${script}</script>`,
    '</body></html>',
  ].join('\n');
  return {
    html,
    contentSecurityPolicy: [
      "default-src 'none'",
      `script-src 'nonce-${nonce}'`,
      `style-src 'nonce-${nonce}'`,
      "connect-src 'self'",
      "base-uri 'none'",
      "form-action 'none'",
      "frame-ancestors 'none'",
    ].join('; '),
  };
}

/** Sends a link page: never stored, no referrer, its own CSP, not indexed. */
export function sendLinkPage(reply: FastifyReply, page: HandOffPage): FastifyReply {
  return reply
    .header('cache-control', 'no-store')
    .header('referrer-policy', 'no-referrer')
    .header('content-security-policy', page.contentSecurityPolicy)
    .header('x-robots-tag', 'noindex')
    .type('text/html; charset=utf-8')
    .send(page.html);
}
