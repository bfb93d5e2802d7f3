import { IntlMessageFormat } from 'intl-messageformat';
import { BRAND_NAME } from '@uniquair/domain/config/app';
import { loadMessages } from '@uniquair/i18n/messages';
import { escapeHtml } from './html-escape.ts';

/**
 * The one layout every e-mail is written in. An e-mail is a list of blocks; the same blocks give
 * the plain-text part and the HTML part, so both always say the same words, and every value is
 * escaped in the HTML. Inline styles only, a single centred card: what mail clients render alike.
 * (A template library such as mjml or react-email would bring a renderer and a second markup
 * language for this one card.)
 */
export type MailBlock =
  | { readonly kind: 'paragraph'; readonly text: string }
  | { readonly kind: 'heading'; readonly text: string }
  /** A bulleted list; an item may have a bold title above its lines. */
  | {
      readonly kind: 'list';
      readonly items: readonly { readonly title?: string; readonly lines: readonly string[] }[];
    }
  /** A button, and the same link as text for clients that hide buttons. */
  | { readonly kind: 'action'; readonly label: string; readonly link: string };

export interface MailLayout {
  /** The recipient's locale (catalogue code), for the document's language. */
  readonly locale: string;
  readonly subject: string;
  readonly blocks: readonly MailBlock[];
  /** Closes the e-mail in small print under the signature: "paste this link…" and the link. */
  readonly linkFooter?: { readonly hint: string; readonly link: string };
}

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

const STYLE = {
  body: 'margin:0;padding:24px;background:#f4f6fb;font-family:Arial,Helvetica,sans-serif;color:#1d2433;',
  card: 'max-width:560px;margin:0 auto;padding:32px;background:#ffffff;border-radius:8px;',
  brand: 'margin:0 0 24px;font-size:20px;font-weight:700;color:#123a8c;',
  text: 'margin:0 0 16px;font-size:16px;line-height:1.5;',
  heading: 'margin:24px 0 8px;font-size:17px;font-weight:700;',
  list: 'margin:0 0 16px;padding-left:20px;font-size:15px;line-height:1.6;',
  button:
    'display:inline-block;padding:12px 24px;background:#123a8c;color:#ffffff;border-radius:6px;font-weight:700;text-decoration:none;',
  small: 'margin:16px 0 0;font-size:13px;line-height:1.5;color:#4a5268;word-break:break-all;',
};

/** ICU locale of a catalogue code (`pt_BR` → `pt-BR`). */
export function icuLocale(locale: string): string {
  return locale.replace('_', '-');
}

function textOf(block: MailBlock): string {
  switch (block.kind) {
    case 'paragraph':
      return block.text;
    case 'heading':
      return block.text;
    case 'list':
      return block.items
        .flatMap((item) =>
          item.title === undefined
            ? item.lines.map((line) => `- ${line}`)
            : [`- ${item.title}`, ...item.lines.map((line) => `  ${line}`)],
        )
        .join('\n');
    case 'action':
      return `${block.label}:\n${block.link}`;
  }
}

function htmlOf(block: MailBlock): string {
  switch (block.kind) {
    case 'paragraph':
      return `<p style="${STYLE.text}">${escapeHtml(block.text)}</p>`;
    case 'heading':
      return `<h2 style="${STYLE.heading}">${escapeHtml(block.text)}</h2>`;
    case 'list': {
      const items = block.items.map((item) => {
        const lines = item.lines.map(escapeHtml).join('<br>');
        return item.title === undefined
          ? `<li>${lines}</li>`
          : `<li><strong>${escapeHtml(item.title)}</strong><br>${lines}</li>`;
      });
      return `<ul style="${STYLE.list}">${items.join('')}</ul>`;
    }
    case 'action':
      return `<p style="${STYLE.text}"><a href="${escapeHtml(block.link)}" style="${STYLE.button}">${escapeHtml(block.label)}</a></p>`;
  }
}

/**
 * The plain-text and HTML parts of an e-mail from its blocks. In the text, a heading and the list
 * under it stay together as one paragraph.
 */
export function layoutMail(mail: MailLayout): RenderedMail {
  const paragraphs: string[] = [];
  mail.blocks.forEach((block, index) => {
    const text = textOf(block);
    if (block.kind === 'list' && mail.blocks[index - 1]?.kind === 'heading') {
      paragraphs[paragraphs.length - 1] += `\n${text}`;
    } else {
      paragraphs.push(text);
    }
  });
  const html = [
    '<!doctype html>',
    `<html lang="${escapeHtml(icuLocale(mail.locale))}">`,
    '<head><meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(mail.subject)}</title></head>`,
    `<body style="${STYLE.body}">`,
    `<div style="${STYLE.card}">`,
    `<p style="${STYLE.brand}">${escapeHtml(BRAND_NAME)}</p>`,
    ...mail.blocks.map(htmlOf),
    ...(mail.linkFooter
      ? [
          `<p style="${STYLE.small}">${escapeHtml(mail.linkFooter.hint)}<br>${escapeHtml(mail.linkFooter.link)}</p>`,
        ]
      : []),
    '</div></body></html>',
  ].join('\n');
  return { subject: mail.subject, text: paragraphs.join('\n\n'), html };
}

const formats = new Map<string, IntlMessageFormat>();

/** Formats one catalogue text with its values. */
export type MailFormat = (
  key: string,
  values?: Readonly<Record<string, string | number>>,
) => string;

/**
 * A formatter of the shared catalogues' texts (FormatJS ICU messages) in a locale, English when
 * the locale has no catalogue; `defaults` (the brand, the recipient's first name…) fill every
 * text. Each message is parsed once per process. Returns the locale the texts are in.
 */
export async function mailFormatter(
  locale: string,
  defaults: Readonly<Record<string, string | number>>,
): Promise<{ locale: string; format: MailFormat }> {
  const { locale: resolved, messages } = await loadMessages(locale);
  const catalogue = messages as Readonly<Record<string, string>>;
  const format: MailFormat = (key, values = {}) => {
    const message = catalogue[key];
    if (message === undefined) throw new Error(`Missing mail text ${key} (${resolved})`);
    const cacheKey = `${resolved}\u0000${key}`;
    let compiled = formats.get(cacheKey);
    if (compiled === undefined) {
      compiled = new IntlMessageFormat(message, icuLocale(resolved));
      formats.set(cacheKey, compiled);
    }
    return String(compiled.format({ brand: BRAND_NAME, ...defaults, ...values }));
  };
  return { locale: resolved, format };
}
