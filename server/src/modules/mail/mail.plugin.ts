import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { mailboxRoutes } from './mail.mailbox-routes.ts';
import { MailService } from './mail.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The e-mail outbox and its delivery. */
    mail: MailService;
  }
}

/**
 * `app.mail`: e-mails through the outbox, sent over `SMTP_URL` (nodemailer). Without an SMTP
 * server they are held in the outbox (read at /dev/mailbox in development; a warning in
 * production). Delivery in flight finishes before the app closes. Outside production the outbox
 * is also shown as a page, `/dev/mailbox`.
 */
export const mailPlugin = fp(
  async (app: FastifyInstance, options: { smtpUrl: string | null; from: string; env: string }) => {
    const mail = new MailService(app.db, {
      smtpUrl: options.smtpUrl,
      from: options.from,
      log: app.log,
      now: () => app.now(),
    });
    app.decorate('mail', mail);
    if (options.smtpUrl === null && options.env === 'production') {
      app.log.warn('SMTP_URL is not set: e-mails are kept in the outbox and not sent');
    }
    app.addHook('onReady', async () => mail.start());
    app.addHook('onClose', async () => mail.close());
    if (options.env !== 'production') await app.register(mailboxRoutes);
  },
  { name: 'mail', dependencies: ['database', 'clock'] },
);
