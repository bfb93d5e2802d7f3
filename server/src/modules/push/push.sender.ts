import type { Agent } from 'node:https';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import webpush, { WebPushError } from 'web-push';
import type { Database } from '../../db/database.ts';
import { pushRecipients, type PushRecipient } from '../subscriptions/subscriptions.service.ts';
import { isAllowedPushEndpoint } from './push.endpoints.ts';
import type { PushMessage } from './push.messages.ts';
import type { VapidKeys } from './push.vapid-keys.ts';

/** What became of one message to one subscription. */
export type PushOutcome =
  /** The push service took it. */
  | 'sent'
  /** The subscription has ended (404/410): it is deleted. */
  | 'gone'
  /** A failure worth another try later (network, 429, 5xx). */
  | 'retry'
  /** Refused for good (endpoint not allowed, payload too large, other 4xx). */
  | 'failed';

export interface SendOptions {
  /** Seconds the push service keeps the message for an offline browser (RFC 8030 TTL). */
  readonly ttlSeconds: number;
  readonly urgency: 'very-low' | 'low' | 'normal' | 'high';
  /** Collapses messages of the same topic waiting at the push service (≤ 32 base64url chars). */
  readonly topic?: string;
}

export interface PushSenderOptions {
  readonly keys: VapidKeys;
  /** `mailto:` or https contact in the VAPID token. */
  readonly subject: string;
  /** Origins allowed besides the known push services (tests, development). */
  readonly extraOrigins: readonly string[];
  readonly log: FastifyBaseLogger;
  /** The HTTPS agent (a test push service's certificate authority). */
  readonly agent?: Agent;
  /** Time limit of one request to a push service. */
  readonly timeoutMs?: number;
}

/** Largest payload (RFC 8291 §4: 4096-byte records leave 3993 bytes of plaintext). */
export const MAX_PAYLOAD_BYTES = 3993;
/**
 * Sends Web Push messages (RFC 8030, 8291, 8292) with web-push: encrypted for the subscription's
 * keys in its content encoding (aes128gcm, or the legacy aesgcm), signed with the VAPID key pair
 * (ES256, audience the push service's origin, web-push's 12-hour expiry; RFC 8292 allows 24), with an explicit TTL and urgency.
 * A push service answering 404 or 410 means the browser dropped the subscription: it is deleted.
 */
export class PushSender {
  readonly #db: Kysely<Database>;
  readonly #options: PushSenderOptions;

  constructor(db: Kysely<Database>, options: PushSenderOptions) {
    this.#db = db;
    this.#options = options;
  }

  get publicKey(): string {
    return this.#options.keys.publicKey;
  }

  isAllowedEndpoint(endpoint: string): boolean {
    return isAllowedPushEndpoint(endpoint, this.#options.extraOrigins);
  }

  async send(
    subscription: Pick<
      PushRecipient,
      'endpoint' | 'public_key' | 'auth_token' | 'content_encoding'
    >,
    message: PushMessage,
    options: SendOptions,
  ): Promise<PushOutcome> {
    const { log } = this.#options;
    const host = safeHost(subscription.endpoint);
    if (!this.isAllowedEndpoint(subscription.endpoint)) {
      log.warn({ host }, 'push not sent: the endpoint is not a known push service');
      return 'failed';
    }
    const payload = JSON.stringify(message);
    if (Buffer.byteLength(payload) > MAX_PAYLOAD_BYTES) {
      log.error({ type: message.type }, 'push not sent: the message is too large');
      return 'failed';
    }
    try {
      await webpush.sendNotification(
        {
          endpoint: subscription.endpoint,
          keys: { p256dh: subscription.public_key, auth: subscription.auth_token },
        },
        payload,
        {
          vapidDetails: {
            subject: this.#options.subject,
            publicKey: this.#options.keys.publicKey,
            privateKey: this.#options.keys.privateKey,
          },
          contentEncoding: subscription.content_encoding,
          TTL: options.ttlSeconds,
          urgency: options.urgency,
          ...(options.topic !== undefined ? { topic: options.topic } : {}),
          timeout: this.#options.timeoutMs ?? 10_000,
          ...(this.#options.agent !== undefined ? { agent: this.#options.agent } : {}),
        },
      );
      return 'sent';
    } catch (error) {
      const status = error instanceof WebPushError ? error.statusCode : null;
      if (status === 404 || status === 410) {
        await pushRecipients.forget(this.#db, subscription.endpoint);
        log.info({ host, status }, 'push subscription ended: deleted');
        return 'gone';
      }
      const retry = status === null || status === 429 || status >= 500;
      log.warn(
        { host, status, err: status === null ? error : undefined },
        retry ? 'push not delivered; it will be retried' : 'push refused by the push service',
      );
      return retry ? 'retry' : 'failed';
    }
  }
}

/** The host of an endpoint, for logs (the path identifies the browser: never logged). */
function safeHost(endpoint: string): string {
  try {
    return new URL(endpoint).host;
  } catch {
    return 'invalid';
  }
}
