import type { Insertable } from 'kysely';
import type { MenuItemsTable, MenusTable } from '../tables/content.ts';

interface MenuSource {
  code: string;
  titles: Readonly<Record<string, string>>;
  items: readonly { labels: Readonly<Record<string, string>>; url: string }[];
}

/** Footer menus supplied by partners, in English and German (other locales fall back to English). */
const MENUS: readonly MenuSource[] = [
  {
    code: 'partners',
    titles: { en: 'Our partners', de: 'Unsere Partner' },
    items: [
      {
        labels: { en: 'SkyScout flight deals', de: 'SkyScout-Flugangebote' },
        url: 'https://skyscout.example/deals',
      },
      {
        labels: { en: 'Globetrotter city guides', de: 'Globetrotter-Städteführer' },
        url: 'https://globetrotter.example/guides',
      },
      {
        labels: { en: 'Airport lounges worldwide', de: 'Flughafen-Lounges weltweit' },
        url: 'https://globetrotter.example/lounges',
      },
    ],
  },
  {
    code: 'travel-info',
    titles: { en: 'Before you fly', de: 'Vor dem Abflug' },
    items: [
      {
        labels: { en: 'Travel Protect cover', de: 'Travel Protect' },
        url: '/travel-protect',
      },
      {
        labels: { en: 'Changes and refunds', de: 'Änderungen und Erstattungen' },
        url: '/terms-and-conditions',
      },
      {
        labels: { en: 'Search for airline partners', de: 'Suche für Fluggesellschaften' },
        url: '/airlines/flights/search',
      },
    ],
  },
];

const MENU_LOCALES = ['en', 'de'] as const;

export function menuRows(): {
  menus: Insertable<MenusTable>[];
  items: Insertable<MenuItemsTable>[];
} {
  const menus: Insertable<MenusTable>[] = [];
  const items: Insertable<MenuItemsTable>[] = [];
  for (const locale of MENU_LOCALES) {
    MENUS.forEach((menu, menuIndex) => {
      const menuId = menus.length + 1;
      menus.push({
        id: menuId,
        code: menu.code,
        locale,
        title: menu.titles[locale] ?? menu.code,
        position: menuIndex + 1,
      });
      menu.items.forEach((item, itemIndex) => {
        items.push({
          id: items.length + 1,
          menu_id: menuId,
          label: item.labels[locale] ?? item.url,
          url: item.url,
          position: itemIndex + 1,
        });
      });
    });
  }
  return { menus, items };
}
