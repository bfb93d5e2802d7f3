import { IntlMessageFormat } from 'intl-messageformat';
import { loadMessages } from '@uniquair/i18n/messages';
import { BRAND_NAME } from '@uniquair/domain/config/app';
import { escapeHtml } from '../../lib/html-escape.ts';

/** The e-mails the server sends; each has `mail.<kind>.*` texts in every catalogue. */
export const MAIL_KINDS = [
  'confirmEmail',
  'accountExists',
  'recover',
  'changeEmail',
  'emailChanged',
  'loginLink',
  'passwordChanged',
  'bookingCreated',
] as const;

export type MailKind = (typeof MAIL_KINDS)[number];

/** Which parts each e-mail has besides its subject and body. */
const PARTS: Readonly<Record<MailKind, { action: boolean; note: boolean }>> = {
  confirmEmail: { action: true, note: true },
  accountExists: { action: true, note: false },
  recover: { action: true, note: true },
  changeEmail: { action: true, note: true },
  emailChanged: { action: false, note: false },
  loginLink: { action: true, note: true },
  passwordChanged: { action: true, note: false },
  bookingCreated: { action: true, note: true },
};

/** The catalogue keys one e-mail uses. */
export function mailKeys(kind: MailKind): string[] {
  const keys = [`mail.${kind}.subject`, `mail.${kind}.body`];
  if (PARTS[kind].action) keys.push(`mail.${kind}.action`);
  if (PARTS[kind].note) keys.push(`mail.${kind}.note`);
  return keys;
}

/** Keys every e-mail shares. */
export const COMMON_MAIL_KEYS = ['mail.greeting', 'mail.linkHint', 'mail.signature'] as const;

export interface MailContent {
  kind: MailKind;
  /** The recipient's UI locale; the e-mail is written in it (English without a catalogue). */
  locale: string;
  firstName: string;
  /** The address the action button opens (absolute URL), for kinds with an action. */
  link?: string;
  /** Values of the texts' placeholders besides `brand` and `firstName`. */
  values?: Readonly<Record<string, string | number>>;
}

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

const formats = new Map<string, IntlMessageFormat>();

/** ICU locale of a catalogue code (`pt_BR` → `pt-BR`). */
function icuLocale(locale: string): string {
  return locale.replace('_', '-');
}

async function formatterFor(locale: string) {
  const { locale: resolved, messages } = await loadMessages(locale);
  const catalogue = messages as Readonly<Record<string, string>>;
  return (key: string, values: Record<string, string | number>): string => {
    const message = catalogue[key];
    if (message === undefined) throw new Error(`Missing mail text ${key} (${resolved})`);
    const cacheKey = `${resolved}\u0000${key}`;
    let format = formats.get(cacheKey);
    if (format === undefined) {
      format = new IntlMessageFormat(message, icuLocale(resolved));
      formats.set(cacheKey, format);
    }
    return String(format.format(values));
  };
}

const STYLE = {
  body: 'margin:0;padding:24px;background:#f4f6fb;font-family:Arial,Helvetica,sans-serif;color:#1d2433;',
  card: 'max-width:560px;margin:0 auto;padding:32px;background:#ffffff;border-radius:8px;',
  brand: 'margin:0 0 24px;font-size:20px;font-weight:700;color:#123a8c;',
  text: 'margin:0 0 16px;font-size:16px;line-height:1.5;',
  button:
    'display:inline-block;padding:12px 24px;background:#123a8c;color:#ffffff;border-radius:6px;font-weight:700;text-decoration:none;',
  small: 'margin:16px 0 0;font-size:13px;line-height:1.5;color:#4a5268;word-break:break-all;',
};

/**
 * Writes one e-mail in the recipient's language from the shared catalogues (FormatJS ICU
 * messages): the subject, a plain-text part and an HTML part with the same words. Every value is
 * escaped in the HTML; the action link also appears as text for clients that hide buttons.
 */
export async function renderMail(content: MailContent): Promise<RenderedMail> {
  const format = await formatterFor(content.locale);
  const values = { brand: BRAND_NAME, firstName: content.firstName, ...content.values };
  const parts = PARTS[content.kind];
  if (parts.action && content.link === undefined) {
    throw new Error(`The ${content.kind} e-mail needs a link`);
  }
  const subject = format(`mail.${content.kind}.subject`, values);
  const greeting = format('mail.greeting', values);
  const body = format(`mail.${content.kind}.body`, values);
  const action = parts.action ? format(`mail.${content.kind}.action`, values) : null;
  const note = parts.note ? format(`mail.${content.kind}.note`, values) : null;
  const linkHint = format('mail.linkHint', values);
  const signature = format('mail.signature', values);
  const link = parts.action ? (content.link ?? null) : null;

  const text = [
    greeting,
    body,
    ...(action !== null && link !== null ? [`${action}:\n${link}`] : []),
    ...(note !== null ? [note] : []),
    signature,
  ].join('\n\n');

  const paragraph = (words: string) => `<p style="${STYLE.text}">${escapeHtml(words)}</p>`;
  const html = [
    '<!doctype html>',
    `<html lang="${escapeHtml(icuLocale(content.locale))}">`,
    '<head><meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(subject)}</title></head>`,
    `<body style="${STYLE.body}">`,
    `<div style="${STYLE.card}">`,
    `<p style="${STYLE.brand}">${escapeHtml(BRAND_NAME)}</p>`,
    paragraph(greeting),
    paragraph(body),
    ...(action !== null && link !== null
      ? [
          `<p style="${STYLE.text}"><a href="${escapeHtml(link)}" style="${STYLE.button}">${escapeHtml(action)}</a></p>`,
        ]
      : []),
    ...(note !== null ? [paragraph(note)] : []),
    paragraph(signature),
    ...(link !== null
      ? [`<p style="${STYLE.small}">${escapeHtml(linkHint)}<br>${escapeHtml(link)}</p>`]
      : []),
    '</div></body></html>',
  ].join('\n');

  return { subject, text, html };
}
