import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Affiliate } from '@uniquair/contract/affiliate';
import type { Database } from '../../db/database.ts';
import { VersionedCache } from '../../lib/versioned-cache.ts';
import { CONTENT_DATASET } from '../content/content.service.ts';
import type { DatasetVersionWatcher } from '../../lib/dataset-versions.ts';
import { readActiveAffiliates } from './affiliates.repository.ts';

/** How long a visit through an affiliate's link attaches the affiliate (SPEC §6). */
export const AFFILIATE_ATTACHMENT_DAYS = 30;
const ATTACHMENT_SECONDS = AFFILIATE_ATTACHMENT_DAYS * 86_400;

/** Affiliate codes as they appear in links: `?aff=<code>` or `/a/<code>`. */
const CODE_PATTERN = /^[a-z0-9][a-z0-9_-]{0,63}$/;

/** The affiliate attached to a visitor, as the server knows it (bookings record `id`). */
export interface CurrentAffiliate {
  id: number;
  code: string;
  name: string;
  logo: string;
  logoSquare: string;
  url: string;
}

/** What the app is shown of an affiliate (SPEC §3). */
export function publicAffiliate(affiliate: CurrentAffiliate | null): Affiliate | null {
  if (affiliate === null) return null;
  return {
    name: affiliate.name,
    logo: affiliate.logo,
    logoSquare: affiliate.logoSquare,
    url: affiliate.url,
  };
}

/** The signed `affiliate` visitor cookie, as the cookies plugin's jar reads and writes it. */
export interface AffiliateCookieJar {
  readSigned(request: FastifyRequest, cookie: 'affiliate'): string | undefined;
  write(
    reply: FastifyReply,
    cookie: 'affiliate',
    value: string,
    options: { maxAgeSeconds: number; signed: true },
  ): void;
}

/** The cookie value: the code and when it was attached (epoch seconds); the cookie is signed. */
function attachmentValue(code: string, attachedAtSeconds: number): string {
  return `${code}.${attachedAtSeconds}`;
}

function parseAttachment(value: string): { code: string; attachedAtSeconds: number } | undefined {
  const separator = value.lastIndexOf('.');
  if (separator <= 0) return undefined;
  const code = value.slice(0, separator);
  const attachedAtSeconds = Number(value.slice(separator + 1));
  if (!CODE_PATTERN.test(code) || !Number.isSafeInteger(attachedAtSeconds)) return undefined;
  return { code, attachedAtSeconds };
}

/**
 * Affiliate partners (SPEC §3, §6): a visit through a partner's link attaches the partner to the
 * visitor for 30 days in a signed cookie holding the code and the time of the visit, so neither
 * can be forged or stretched. Only known, active partners attach; anything else is ignored. The
 * active partners are cached per content version.
 */
export class AffiliateService {
  readonly #db: Kysely<Database>;
  readonly #versions: DatasetVersionWatcher;
  readonly #cookies: AffiliateCookieJar;
  readonly #active = new VersionedCache<ReadonlyMap<string, CurrentAffiliate>>();
  readonly #now: () => number;

  constructor(
    db: Kysely<Database>,
    versions: DatasetVersionWatcher,
    cookies: AffiliateCookieJar,
    now: () => number = Date.now,
  ) {
    this.#db = db;
    this.#versions = versions;
    this.#cookies = cookies;
    this.#now = now;
  }

  /** The active affiliate with this code (case-insensitive), if any. */
  async find(code: string): Promise<CurrentAffiliate | undefined> {
    const normalized = code.trim().toLowerCase();
    if (!CODE_PATTERN.test(normalized)) return undefined;
    return (await this.#activeAffiliates()).get(normalized);
  }

  /**
   * Attaches the affiliate with this code to the visitor (the latest link followed wins), and
   * answers it; an unknown or inactive code changes nothing and answers undefined.
   */
  async attach(reply: FastifyReply, code: string): Promise<CurrentAffiliate | undefined> {
    const affiliate = await this.find(code);
    if (affiliate === undefined) return undefined;
    const attachedAtSeconds = Math.floor(this.#now() / 1000);
    this.#cookies.write(reply, 'affiliate', attachmentValue(affiliate.code, attachedAtSeconds), {
      maxAgeSeconds: ATTACHMENT_SECONDS,
      signed: true,
    });
    return affiliate;
  }

  /**
   * The affiliate attached to this visitor: a validly signed attachment, at most 30 days old, to
   * a partner that is still active; otherwise null.
   */
  async current(request: FastifyRequest): Promise<CurrentAffiliate | null> {
    const value = this.#cookies.readSigned(request, 'affiliate');
    if (value === undefined) return null;
    const attachment = parseAttachment(value);
    if (attachment === undefined) return null;
    const age = Math.floor(this.#now() / 1000) - attachment.attachedAtSeconds;
    if (age < 0 || age > ATTACHMENT_SECONDS) return null;
    return (await this.#activeAffiliates()).get(attachment.code) ?? null;
  }

  async #activeAffiliates(): Promise<ReadonlyMap<string, CurrentAffiliate>> {
    const versions = await this.#versions.current();
    return this.#active.get(versions.key(CONTENT_DATASET), async () => {
      const rows = await readActiveAffiliates(this.#db);
      return new Map(
        rows.map((row) => [
          row.code.toLowerCase(),
          {
            id: row.id,
            code: row.code.toLowerCase(),
            name: row.name,
            logo: row.logo_url,
            logoSquare: row.logo_square_url,
            url: row.site_url,
          },
        ]),
      );
    });
  }
}

/**
 * The affiliate attached to the visitor making this request, or null: what a booking records
 * (SPEC §3 booking state `affiliate`).
 */
export function currentAffiliate(request: FastifyRequest): Promise<CurrentAffiliate | null> {
  return request.server.affiliates.current(request);
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Affiliate partners and the visitor's attachment to one. */
    affiliates: AffiliateService;
  }
}
