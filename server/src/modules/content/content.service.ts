import type { Kysely } from 'kysely';
import { PageResponseSchema, type FooterMenu } from '@uniquair/contract/data';
import { DEFAULT_LOCALE } from '@uniquair/domain/locale/languages';
import type { Database } from '../../db/database.ts';
import { prepareJson, type PreparedResponse } from '../../lib/prepared-response.ts';
import { ServiceError } from '../../lib/service-error.ts';
import { DerivedCache, VersionedCache } from '../../lib/versioned-cache.ts';
import type { DatasetVersionWatcher } from '../../lib/dataset-versions.ts';
import {
  findPageTranslations,
  readMenus,
  type MenuItemRow,
  type MenuRow,
  type PageRow,
} from './content.repository.ts';
import { renderMarkdown } from './content.markdown.ts';

/** The data set whose version covers pages, footer menus and affiliates. */
export const CONTENT_DATASET = 'content';

/** Footer menus of one content version, ready to localise. */
export interface MenuSnapshot {
  readonly version: string;
  readonly menus: readonly MenuRow[];
  readonly itemsOf: ReadonlyMap<number, readonly MenuItemRow[]>;
}

/**
 * Content pages (SPEC §2, §7 `GET /api/data/page/{id}`) and partner footer menus, in the
 * visitor's locale with English as the fallback. Rendered pages are kept per content version.
 */
export class ContentService {
  readonly #db: Kysely<Database>;
  readonly #versions: DatasetVersionWatcher;
  readonly #menus = new VersionedCache<MenuSnapshot>();
  readonly #localizedMenus = new DerivedCache<FooterMenu[]>(100);
  readonly #pages = new DerivedCache<PreparedResponse>(500);

  constructor(db: Kysely<Database>, versions: DatasetVersionWatcher) {
    this.#db = db;
    this.#versions = versions;
  }

  /** The footer menus of the current content version. */
  async menuSnapshot(): Promise<MenuSnapshot> {
    const versions = await this.#versions.current();
    const version = versions.key(CONTENT_DATASET);
    return this.#menus.get(version, async () => {
      const { menus, items } = await readMenus(this.#db);
      const itemsOf = new Map<number, MenuItemRow[]>();
      for (const item of items) {
        const list = itemsOf.get(item.menu_id) ?? [];
        list.push(item);
        itemsOf.set(item.menu_id, list);
      }
      return { version, menus, itemsOf };
    });
  }

  /** The footer menus in `locale`: each menu in that locale, or else in English. */
  footerMenus(snapshot: MenuSnapshot, locale: string): FooterMenu[] {
    return this.#localizedMenus.get(snapshot, locale, () => {
      const chosen = new Map<string, MenuRow>();
      for (const menu of snapshot.menus) {
        const current = chosen.get(menu.code);
        if (menu.locale === locale || (menu.locale === DEFAULT_LOCALE && current === undefined)) {
          chosen.set(menu.code, menu);
        }
      }
      return [...chosen.values()]
        .sort((a, b) => a.position - b.position || a.code.localeCompare(b.code))
        .map((menu) => ({
          code: menu.code,
          title: menu.title,
          items: (snapshot.itemsOf.get(menu.id) ?? []).map((item) => ({
            label: item.label,
            url: item.url,
          })),
        }));
    });
  }

  /**
   * A content page by number or slug in `locale`, or in English when it has no translation; its
   * Markdown body rendered to sanitised HTML. Throws NOT_FOUND when neither exists.
   */
  async page(idOrSlug: string, locale: string): Promise<PreparedResponse> {
    const versions = await this.#versions.current();
    const version = versions.key(CONTENT_DATASET);
    const cacheKey = `${idOrSlug}:${locale}`;
    const cached = this.#pages.find(version, cacheKey);
    if (cached !== undefined) return cached;
    // A page number has at most nine digits (PageParamsSchema); longer digit strings are slugs.
    const key = /^\d{1,9}$/.test(idOrSlug) ? { id: Number(idOrSlug) } : { slug: idOrSlug };
    const locales = locale === DEFAULT_LOCALE ? [locale] : [locale, DEFAULT_LOCALE];
    const rows = await findPageTranslations(this.#db, key, locales);
    const row = rows.find((page) => page.locale === locale) ?? rows[0];
    if (row === undefined) {
      throw new ServiceError('NOT_FOUND', `No page ${idOrSlug}`, {
        'params.id': [`No content page "${idOrSlug}"`],
      });
    }
    const prepared = preparePage(row);
    this.#pages.set(version, cacheKey, prepared);
    return prepared;
  }
}

function preparePage(row: PageRow): PreparedResponse {
  const page = PageResponseSchema.parse({
    id: row.page_id,
    slug: row.slug,
    locale: row.locale,
    title: row.title,
    html: renderMarkdown(row.body),
    updatedAt: row.updated_at,
  });
  return prepareJson(page, { lastModified: new Date(row.updated_at) });
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Content pages and footer menus, cached per content version. */
    content: ContentService;
  }
}
