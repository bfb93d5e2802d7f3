import type { Generated } from 'kysely';
import type { Flag, IsoInstant } from '../columns.ts';

/** Row types of the site content (pages, menus, affiliates), data set versions and error reports. */

export interface PagesTable {
  /** The page's number, shared by its translations; null for a page that has none yet. */
  page_id: number | null;
  slug: string;
  locale: string;
  title: string;
  /** Markdown. */
  body: string;
  updated_at: IsoInstant;
}

/** A partner-supplied footer menu in one locale. */
export interface MenusTable {
  id: Generated<number>;
  /** Identifies the same menu across locales. */
  code: string;
  locale: string;
  title: string;
  position: number;
}

export interface MenuItemsTable {
  id: Generated<number>;
  menu_id: number;
  label: string;
  url: string;
  position: number;
}

export interface AffiliatesTable {
  id: Generated<number>;
  code: string;
  name: string;
  logo_url: string;
  logo_square_url: string;
  site_url: string;
  active: Flag;
}

/** When a public data set last changed: the source of `Last-Modified` (e.g. `routes`). */
export interface DatasetVersionsTable {
  name: string;
  updated_at: IsoInstant;
}

/** An error report sent by the app (`POST /api/error/save`); texts are stored as received. */
export interface ErrorReportsTable {
  id: Generated<number>;
  created_at: IsoInstant;
  component: string;
  trace: string;
  info: string;
  /** The page the app was on. */
  url: string;
  /** The app version that sent it. */
  version: string;
  user_agent: string;
  /** The id of the request that delivered it, as in the server log. */
  request_id: string;
}
