import { createHash } from 'node:crypto';
import { escapeHtml } from '../../lib/html-escape.ts';
import type { CardTokenRow, GatewayPaymentRow } from './sandbox-gateway.repository.ts';

/**
 * The sandbox gateway's hosted pages: the 3-D Secure challenge, the wallet approval page and the
 * bank / hosted payment page. They belong to the "provider", so they are plain English, work
 * without JavaScript (one form, one submit button per choice, POST only) and carry their own
 * strict Content-Security-Policy.
 */

export type HostedOutcome = 'complete' | 'fail' | 'approve' | 'cancel' | 'funding_failure' | 'pay';

/** The buttons of each hosted page, by the payment's `action` and method. */
export function outcomesOf(payment: Pick<GatewayPaymentRow, 'action' | 'method'>): HostedOutcome[] {
  if (payment.action === 'three_d_secure') return ['complete', 'fail'];
  if (payment.action === 'approval') return ['approve', 'cancel', 'funding_failure'];
  if (payment.method === 'TRUSTLY') return ['pay', 'cancel'];
  return ['approve', 'cancel'];
}

const STYLE = `
body{margin:0;font:16px/1.5 system-ui,sans-serif;background:#f3f4f6;color:#111827}
main{max-width:28rem;margin:3rem auto;padding:2rem;background:#fff;border-radius:.75rem;box-shadow:0 1px 3px #0003}
.mode{margin:0 0 1rem;font-size:.875rem;font-weight:600;color:#92400e;background:#fef3c7;padding:.25rem .5rem;border-radius:.25rem;display:inline-block}
h1{font-size:1.5rem;margin:0 0 1rem}
dl{display:grid;grid-template-columns:auto 1fr;gap:.25rem 1rem;margin:0 0 1.5rem}
dt{color:#4b5563}dd{margin:0;font-weight:600}
form{display:flex;flex-direction:column;gap:.75rem}
button{font:inherit;padding:.75rem 1rem;border-radius:.5rem;border:2px solid #1f2937;background:#fff;color:#111827;cursor:pointer}
button.primary{background:#1d4ed8;border-color:#1d4ed8;color:#fff}
button:focus-visible,a:focus-visible{outline:3px solid #f59e0b;outline-offset:2px}
a{color:#1d4ed8}
`.trim();

const STYLE_HASH = `'sha256-${createHash('sha256').update(STYLE).digest('base64')}'`;

const LABELS: Readonly<Record<HostedOutcome, string>> = {
  complete: 'Complete authentication',
  fail: 'Fail authentication',
  approve: 'Approve payment',
  cancel: 'Cancel',
  funding_failure: 'Funding failure',
  pay: 'Pay from my bank',
};

const METHOD_NAMES: Readonly<Record<string, string>> = {
  CREDIT_CARD: 'Card',
  REVOLUT_CREDIT_CARD: 'Revolut card',
  PAYPAL: 'PayPal (sandbox wallet)',
  TRUSTLY: 'Trustly (sandbox bank)',
  SILK_PAY: 'SilkPay',
  SILK_PAY_UNION_PAY: 'SilkPay UnionPay',
};

/** The amount as the payer reads it: 1250 USD minor units → "$12.50". */
export function formatAmount(amount: number, currency: string): string {
  try {
    const format = new Intl.NumberFormat('en', { style: 'currency', currency });
    const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
    return format.format(amount / 10 ** digits);
  } catch {
    return `${amount} ${currency} (minor units)`;
  }
}

/** Where the payer goes back to: the return URL with `payment=<id>` added. */
export function returnLocation(returnUrl: string, paymentId: string): string {
  const relative = returnUrl.startsWith('/');
  const url = new URL(returnUrl, 'http://relative.invalid');
  url.searchParams.set('payment', paymentId);
  return relative ? `${url.pathname}${url.search}${url.hash}` : url.toString();
}

/** The hosted pages' policy: nothing loads; forms post here and may be sent on to the return URL. */
export function hostedPageCsp(returnUrl: string): string {
  const targets = ["'self'"];
  if (!returnUrl.startsWith('/')) targets.push(new URL(returnUrl).origin);
  return [
    "default-src 'none'",
    `style-src ${STYLE_HASH}`,
    `form-action ${targets.join(' ')}`,
    "frame-ancestors 'none'",
    "base-uri 'none'",
  ].join('; ');
}

function page(title: string, content: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} – Sandbox payment gateway</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<p class="mode">Sandbox payment gateway · test mode, no real money moves</p>
${content}
</main>
</body>
</html>
`;
}

function headingOf(payment: GatewayPaymentRow): { title: string; text: string } {
  if (payment.action === 'three_d_secure') {
    return {
      title: 'Confirm it is you',
      text: 'Your bank asks you to confirm this card payment (3-D Secure).',
    };
  }
  if (payment.action === 'approval') {
    return {
      title: 'Approve your payment',
      text: 'Log in to your wallet and approve this payment, or cancel it.',
    };
  }
  if (payment.method === 'TRUSTLY') {
    return {
      title: 'Pay from your bank',
      text: 'Your bank confirms the payment shortly after you pay; you can go back to the merchant meanwhile.',
    };
  }
  return { title: 'Hosted payment page', text: 'Approve or cancel this payment.' };
}

function summary(payment: GatewayPaymentRow, card: CardTokenRow | undefined): string {
  const rows: [string, string][] = [
    ['Merchant reference', payment.reference],
    ['Amount', formatAmount(payment.amount, payment.currency)],
    ['Method', METHOD_NAMES[payment.method] ?? payment.method],
  ];
  if (card) rows.push(['Card', `${card.brand} ending ${card.last4}`]);
  return `<dl>${rows
    .map(([term, value]) => `<dt>${escapeHtml(term)}</dt><dd>${escapeHtml(value)}</dd>`)
    .join('')}</dl>`;
}

/** The page of a payment waiting for the payer's answer: one button per choice. */
export function actionPage(payment: GatewayPaymentRow, card: CardTokenRow | undefined): string {
  const { title, text } = headingOf(payment);
  const buttons = outcomesOf(payment)
    .map(
      (outcome, index) =>
        `<button type="submit" name="outcome" value="${outcome}"${index === 0 ? ' class="primary"' : ''}>${escapeHtml(LABELS[outcome])}</button>`,
    )
    .join('\n');
  return page(
    title,
    `<h1>${escapeHtml(title)}</h1>
<p>${escapeHtml(text)}</p>
${summary(payment, card)}
<form method="post" aria-label="${escapeHtml(title)}">
${buttons}
</form>`,
  );
}

const STATUS_TEXT: Readonly<Record<string, string>> = {
  processing: 'is being confirmed by the bank',
  succeeded: 'has succeeded',
  failed: 'did not go through',
  refunded: 'has been refunded',
};

/** The page of a payment already answered (a reload, the back button). */
export function donePage(payment: GatewayPaymentRow, card: CardTokenRow | undefined): string {
  const status = STATUS_TEXT[payment.status] ?? payment.status;
  return page(
    'Payment answered',
    `<h1>This payment ${escapeHtml(status)}</h1>
${summary(payment, card)}
<p><a href="${escapeHtml(returnLocation(payment.return_url, payment.id))}">Return to the merchant</a></p>`,
  );
}

/** A page for an unknown payment id. */
export function notFoundPage(): string {
  return page(
    'Payment not found',
    '<h1>Payment not found</h1>\n<p>This payment link is not valid. Go back to the merchant and try again.</p>',
  );
}
