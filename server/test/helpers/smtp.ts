import type { AddressInfo } from 'node:net';
import PostalMime from 'postal-mime';
import { SMTPServer } from 'smtp-server';

/** An e-mail as the test SMTP server received it, parsed with postal-mime. */
export interface ReceivedMail {
  /** Envelope recipients. */
  to: string[];
  from: string;
  subject: string;
  text: string;
  html: string;
  /** The `lang` of the HTML part. */
  lang: string | null;
  /** Attached files, in order. */
  attachments: { filename: string; mimeType: string; content: Buffer }[];
}

export interface TestSmtpServer {
  /** `smtp://127.0.0.1:<port>`, for SMTP_URL. */
  url: string;
  received: ReceivedMail[];
  /** Resolves with the first received e-mail (past or future) that matches. */
  waitFor(match: (mail: ReceivedMail) => boolean, timeoutMs?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
}

/**
 * A real SMTP server (smtp-server) on a free loopback port: what the app sends arrives over the
 * SMTP protocol, and each message is parsed with postal-mime, as a mail client would.
 */
export async function startSmtpServer(): Promise<TestSmtpServer> {
  const received: ReceivedMail[] = [];
  const listeners = new Set<() => void>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        PostalMime.parse(Buffer.concat(chunks)).then(
          (email) => {
            received.push({
              to: session.envelope.rcptTo.map((address) => address.address),
              from: email.from?.address ?? '',
              subject: email.subject ?? '',
              text: email.text ?? '',
              html: email.html ?? '',
              lang: /<html[^>]*\blang="([^"]+)"/.exec(email.html ?? '')?.[1] ?? null,
              attachments: email.attachments.map((attachment) => ({
                filename: attachment.filename ?? '',
                mimeType: attachment.mimeType,
                content: Buffer.from(
                  typeof attachment.content === 'string'
                    ? attachment.content
                    : new Uint8Array(attachment.content),
                ),
              })),
            });
            for (const listener of listeners) listener();
            callback();
          },
          (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
        );
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;

  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    waitFor(match, timeoutMs = 30_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = received.find(match);
          if (found === undefined) return false;
          listeners.delete(check);
          clearTimeout(timer);
          resolve(found);
          return true;
        };
        const timer = setTimeout(() => {
          listeners.delete(check);
          reject(
            new Error(`No matching e-mail within ${timeoutMs} ms (${received.length} received)`),
          );
        }, timeoutMs);
        listeners.add(check);
        check();
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The first link of a text part whose path matches. */
export function linkIn(mail: ReceivedMail, path: RegExp): string {
  const link = mail.text.match(/https?:\/\/\S+/g)?.find((url) => path.test(new URL(url).pathname));
  if (link === undefined) throw new Error(`No link matching ${path} in:\n${mail.text}`);
  return link;
}

/** The 40-character token at the end of a link's path segment list. */
export function tokenIn(link: string): string {
  const token = /\/([0-9a-f]{40})(?:\/|$)/.exec(new URL(link).pathname)?.[1];
  if (token === undefined) throw new Error(`No token in ${link}`);
  return token;
}
