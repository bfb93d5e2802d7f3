import {
  layoutMail,
  mailFormatter,
  type MailBlock,
  type RenderedMail,
} from '../../lib/mail-layout.ts';

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
  'bookingLink',
  'bookingCancelled',
  'refundCompleted',
  'supportReply',
  'supportVerify',
  'priceWatch',
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
  bookingLink: { action: true, note: true },
  bookingCancelled: { action: false, note: true },
  refundCompleted: { action: false, note: true },
  supportReply: { action: true, note: true },
  supportVerify: { action: true, note: true },
  priceWatch: { action: true, note: true },
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

/**
 * Writes one e-mail in the recipient's language from the shared catalogues, in the one mail
 * layout (`lib/mail-layout.ts`): greeting, body, the action button with its link, a note and the
 * signature, and the link again in small print for clients that hide buttons.
 */
export async function renderMail(content: MailContent): Promise<RenderedMail> {
  const { format } = await mailFormatter(content.locale, {
    firstName: content.firstName,
    ...content.values,
  });
  const parts = PARTS[content.kind];
  if (parts.action && content.link === undefined) {
    throw new Error(`The ${content.kind} e-mail needs a link`);
  }
  const link = parts.action ? content.link : undefined;
  const paragraph = (key: string): MailBlock => ({ kind: 'paragraph', text: format(key) });
  return layoutMail({
    locale: content.locale,
    subject: format(`mail.${content.kind}.subject`),
    blocks: [
      // A visitor without an account has no name to greet.
      ...(content.firstName === '' ? [] : [paragraph('mail.greeting')]),
      paragraph(`mail.${content.kind}.body`),
      ...(link === undefined
        ? []
        : [{ kind: 'action', label: format(`mail.${content.kind}.action`), link } as const]),
      ...(parts.note ? [paragraph(`mail.${content.kind}.note`)] : []),
      paragraph('mail.signature'),
    ],
    ...(link === undefined ? {} : { linkFooter: { hint: format('mail.linkHint'), link } }),
  });
}
