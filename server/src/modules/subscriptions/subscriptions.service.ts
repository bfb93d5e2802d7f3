import type { FastifyRequest } from 'fastify';
import { DEVICE_TOKENS_HEADER } from '@uniquair/contract/headers';
import type { z } from 'zod';
import type { PushSubscriptionSchema } from '@uniquair/contract/search';
import { ServiceError } from '../../lib/service-error.ts';
import { secretHash } from '../../lib/secret-hash.ts';
import { parseDeviceTokens } from '../bookings-list/bookings-list.service.ts';
import { resolveVisitorPreferences } from '../data/data.visitor-preferences.ts';
import {
  bookingIdsOfDeviceTokens,
  deleteSubscriptionByEndpoint,
  findSubscriptionByEndpoint,
  linkBookings,
  subscriptionsAfter,
  subscriptionsOfBooking,
  subscriptionsOfUser,
  upsertSubscription,
  type PushSubscriptionRow,
} from './subscriptions.repository.ts';

export type PushSubscriptionInput = z.output<typeof PushSubscriptionSchema>;

/** A kept push subscription, as the push module delivers to it. */
export type PushRecipient = PushSubscriptionRow;

/**
 * What the push module reads and prunes of the kept subscriptions: those that hear about a
 * booking, those of a user's browsers, all of them a page at a time (app-update notices), and one its push service no longer
 * knows (deleted by endpoint).
 */
export const pushRecipients = {
  ofBooking: subscriptionsOfBooking,
  ofUser: subscriptionsOfUser,
  after: subscriptionsAfter,
  forget: deleteSubscriptionByEndpoint,
};

/** Bytes a base64url text decodes to, or -1 when it is not base64url. */
function base64UrlLength(text: string): number {
  if (!/^[A-Za-z0-9_-]+={0,2}$/.test(text)) return -1;
  return Buffer.from(text, 'base64url').length;
}

/**
 * Checks a browser's subscription beyond its shape: the endpoint is one of the known push
 * services (no other URL is ever called), the public key is an uncompressed P-256 point (65
 * bytes starting with 4) and the authentication secret 16 bytes (RFC 8291).
 */
export function checkSubscription(
  subscription: PushSubscriptionInput,
  isAllowedEndpoint: (endpoint: string) => boolean,
): void {
  const errors: Record<string, string[]> = {};
  if (!isAllowedEndpoint(subscription.endpoint)) {
    errors['body.subscription.endpoint'] = ['Not the endpoint of a known push service'];
  }
  const key = Buffer.from(subscription.publicKey, 'base64url');
  if (base64UrlLength(subscription.publicKey) !== 65 || key[0] !== 4) {
    errors['body.subscription.publicKey'] = ['Expected a P-256 public key (65 bytes, base64url)'];
  }
  if (base64UrlLength(subscription.authToken) !== 16) {
    errors['body.subscription.authToken'] = [
      'Expected a 16-byte authentication secret (base64url)',
    ];
  }
  if (Object.keys(errors).length > 0) {
    throw new ServiceError('VALIDATION_ERROR', 'The push subscription is not valid', errors);
  }
}

/**
 * Keeps a browser's subscription (SPEC §7 `POST /api/subscriptions/subscribe`, and the one a
 * search init carries): owned by the signed-in user when there is one, linked to the bookings
 * whose device tokens the request presents, in the language given or the visitor's.
 */
export async function keepSubscription(
  request: FastifyRequest,
  subscription: PushSubscriptionInput,
  locale: string | undefined,
): Promise<void> {
  const app = request.server;
  checkSubscription(subscription, (endpoint) => app.pushSender.isAllowedEndpoint(endpoint));
  const [session, preferences] = await Promise.all([
    app.sessions.current(request),
    locale === undefined ? resolveVisitorPreferences(request) : Promise.resolve(null),
  ]);
  const now = app.now().toISOString();
  const tokens = parseDeviceTokens(request.headers[DEVICE_TOKENS_HEADER]);
  await app.db.transaction().execute(async (trx) => {
    const id = await upsertSubscription(
      trx,
      {
        endpoint: subscription.endpoint,
        publicKey: subscription.publicKey,
        authToken: subscription.authToken,
        contentEncoding: subscription.contentEncoding,
        userId: session?.user.id ?? null,
        locale: locale ?? preferences?.locale ?? 'en',
      },
      now,
    );
    await linkBookings(trx, id, await bookingIdsOfDeviceTokens(trx, tokens.map(secretHash)));
  });
}

export async function isKnownSubscription(
  request: FastifyRequest,
  endpoint: string | undefined,
): Promise<boolean> {
  if (endpoint === undefined) return false;
  return (await findSubscriptionByEndpoint(request.server.db, endpoint)) !== undefined;
}

export async function forgetSubscription(request: FastifyRequest, endpoint: string): Promise<void> {
  await deleteSubscriptionByEndpoint(request.server.db, endpoint);
}

/**
 * The subscription a search init may carry (SPEC §7): kept like one sent to subscribe, so the
 * bookings that follow can reach this browser. A subscription that is not valid does not fail
 * the search; it is just not kept.
 */
export async function keepSearchSubscription(
  request: FastifyRequest,
  subscription: PushSubscriptionInput,
): Promise<void> {
  try {
    await keepSubscription(request, subscription, undefined);
  } catch (error) {
    if (!(error instanceof ServiceError)) throw error;
    request.log.info(
      { fields: Object.keys(error.errors) },
      'push subscription of a search not kept',
    );
  }
}
