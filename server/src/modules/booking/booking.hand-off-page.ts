import { renderLinkPage, type HandOffPage } from '../../lib/hand-off-page.ts';

export type HandOffPurpose = 'finish' | 'login_quick';

const KEY_PREFIX: Readonly<Record<HandOffPurpose, string>> = {
  finish: 'bookingHandOff.finish',
  login_quick: 'bookingHandOff.loginQuick',
};

/**
 * The page an e-mailed booking link opens (`lib/hand-off-page.ts`): it names the booking and
 * offers one button, and once the link turns out used or expired a second one asking for a new
 * link by e-mail; on success it goes to `next#device-token=<token>`, where the web app keeps the
 * device token and clears the fragment.
 */
export function renderHandOffPage(options: {
  locale: string;
  purpose: HandOffPurpose;
  pnr: string;
}): Promise<HandOffPage> {
  const prefix = KEY_PREFIX[options.purpose];
  return renderLinkPage({
    locale: options.locale,
    texts: {
      title: `${prefix}.title`,
      body: `${prefix}.body`,
      action: `${prefix}.action`,
      working: 'bookingHandOff.working',
      expired: 'bookingHandOff.expired',
      failed: 'bookingHandOff.failed',
    },
    values: { pnr: options.pnr },
    again: {
      path: `/api/booking/${options.pnr}/send-link`,
      request: 'bookingLink.request',
      sent: 'bookingLink.sent',
      failed: 'bookingLink.failed',
    },
  });
}
