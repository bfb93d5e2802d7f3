import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { PagesTable } from '../../db/tables/content.ts';

/** Content pages and partner footer menus: the SQL behind them. */

export interface MenuRow {
  id: number;
  code: string;
  locale: string;
  title: string;
  position: number;
}

export interface MenuItemRow {
  menu_id: number;
  label: string;
  url: string;
  position: number;
}

export type PageRow = PagesTable;

/** Every footer menu in every locale, and every item. */
export async function readMenus(
  db: Kysely<Database>,
): Promise<{ menus: MenuRow[]; items: MenuItemRow[] }> {
  const [menus, items] = await Promise.all([
    db
      .selectFrom('menus')
      .select(['id', 'code', 'locale', 'title', 'position'])
      .orderBy('position')
      .orderBy('code')
      .execute(),
    db
      .selectFrom('menu_items')
      .select(['menu_id', 'label', 'url', 'position'])
      .orderBy('menu_id')
      .orderBy('position')
      .orderBy('id')
      .execute(),
  ]);
  return { menus, items };
}

/** The translations of one page, by number or slug, in the given locales only. */
export async function findPageTranslations(
  db: Kysely<Database>,
  page: { id: number } | { slug: string },
  locales: readonly string[],
): Promise<PageRow[]> {
  let query = db
    .selectFrom('pages')
    .select(['page_id', 'slug', 'locale', 'title', 'body', 'updated_at'])
    .where('locale', 'in', [...locales]);
  query = 'id' in page ? query.where('page_id', '=', page.id) : query.where('slug', '=', page.slug);
  return query.execute();
}
