import { ENABLED_LOCALES, type EnabledLocale } from '@uniquair/domain/locale/languages';
import type { Insertable } from 'kysely';
import type { MenuItemsTable, MenusTable } from '../tables/content.ts';

/** One text in every enabled locale: a missing translation does not compile. */
type Translated = Readonly<Record<EnabledLocale, string>>;

interface MenuSource {
  code: string;
  titles: Translated;
  items: readonly { labels: Translated; url: string }[];
}

/**
 * Footer menus supplied by partners, in every enabled locale (a locale without its own menu would
 * fall back to English). Brand and product names (SkyScout, Globetrotter, Travel Protect) stay as
 * they are.
 */
const MENUS: readonly MenuSource[] = [
  {
    code: 'partners',
    titles: {
      en: 'Our partners',
      de: 'Unsere Partner',
      ru: 'Наши партнёры',
      bg: 'Нашите партньори',
      vi: 'Đối tác của chúng tôi',
      es: 'Nuestros socios',
      fr: 'Nos partenaires',
      it: 'I nostri partner',
      ro: 'Partenerii noștri',
      nl: 'Onze partners',
      hi: 'हमारे साझेदार',
      da: 'Vores partnere',
      ko: '파트너사',
    },
    items: [
      {
        labels: {
          en: 'SkyScout flight deals',
          de: 'SkyScout-Flugangebote',
          ru: 'Выгодные авиабилеты SkyScout',
          bg: 'Оферти за полети от SkyScout',
          vi: 'Ưu đãi vé máy bay SkyScout',
          es: 'Ofertas de vuelos de SkyScout',
          fr: 'Bons plans vols SkyScout',
          it: 'Offerte voli SkyScout',
          ro: 'Oferte de zboruri SkyScout',
          nl: 'Vliegaanbiedingen van SkyScout',
          hi: 'SkyScout उड़ान ऑफ़र',
          da: 'Flytilbud fra SkyScout',
          ko: 'SkyScout 항공권 특가',
        },
        url: 'https://skyscout.example/deals',
      },
      {
        labels: {
          en: 'Globetrotter city guides',
          de: 'Globetrotter-Städteführer',
          ru: 'Путеводители по городам Globetrotter',
          bg: 'Градски пътеводители на Globetrotter',
          vi: 'Cẩm nang thành phố Globetrotter',
          es: 'Guías de ciudades de Globetrotter',
          fr: 'Guides de villes Globetrotter',
          it: 'Guide di città Globetrotter',
          ro: 'Ghiduri de oraș Globetrotter',
          nl: 'Globetrotter-stadsgidsen',
          hi: 'Globetrotter शहर गाइड',
          da: 'Globetrotter-byguides',
          ko: 'Globetrotter 도시 가이드',
        },
        url: 'https://globetrotter.example/guides',
      },
      {
        labels: {
          en: 'Airport lounges worldwide',
          de: 'Flughafen-Lounges weltweit',
          ru: 'Бизнес-залы аэропортов по всему миру',
          bg: 'Летищни салони по целия свят',
          vi: 'Phòng chờ sân bay trên toàn thế giới',
          es: 'Salas VIP en aeropuertos del mundo entero',
          fr: 'Salons d’aéroport dans le monde entier',
          it: 'Lounge aeroportuali in tutto il mondo',
          ro: 'Saloane de aeroport din întreaga lume',
          nl: 'Luchthavenlounges wereldwijd',
          hi: 'दुनिया भर के एयरपोर्ट लाउंज',
          da: 'Lufthavnslounger i hele verden',
          ko: '전 세계 공항 라운지',
        },
        url: 'https://globetrotter.example/lounges',
      },
    ],
  },
  {
    code: 'travel-info',
    titles: {
      en: 'Before you fly',
      de: 'Vor dem Abflug',
      ru: 'Перед полётом',
      bg: 'Преди полета',
      vi: 'Trước chuyến bay',
      es: 'Antes de volar',
      fr: 'Avant le départ',
      it: 'Prima del volo',
      ro: 'Înainte de zbor',
      nl: 'Voor je vertrek',
      hi: 'उड़ान से पहले',
      da: 'Før du flyver',
      ko: '출발 전 안내',
    },
    items: [
      {
        labels: {
          en: 'Travel Protect cover',
          de: 'Travel Protect',
          ru: 'Страховка Travel Protect',
          bg: 'Застраховка Travel Protect',
          vi: 'Bảo hiểm Travel Protect',
          es: 'Cobertura Travel Protect',
          fr: 'Couverture Travel Protect',
          it: 'Copertura Travel Protect',
          ro: 'Asigurarea Travel Protect',
          nl: 'Travel Protect-dekking',
          hi: 'Travel Protect बीमा कवर',
          da: 'Travel Protect-dækning',
          ko: 'Travel Protect 보장',
        },
        url: '/travel-protect',
      },
      {
        labels: {
          en: 'Changes and refunds',
          de: 'Änderungen und Erstattungen',
          ru: 'Изменения и возврат',
          bg: 'Промени и възстановяване на суми',
          vi: 'Đổi vé và hoàn tiền',
          es: 'Cambios y reembolsos',
          fr: 'Modifications et remboursements',
          it: 'Modifiche e rimborsi',
          ro: 'Modificări și rambursări',
          nl: 'Wijzigen en terugbetalen',
          hi: 'बदलाव और रिफ़ंड',
          da: 'Ændringer og refusioner',
          ko: '변경 및 환불',
        },
        url: '/terms-and-conditions',
      },
      {
        labels: {
          en: 'Search for airline partners',
          de: 'Suche für Fluggesellschaften',
          ru: 'Поиск для авиакомпаний-партнёров',
          bg: 'Търсене за партньорски авиокомпании',
          vi: 'Tìm kiếm dành cho hãng hàng không đối tác',
          es: 'Búsqueda para aerolíneas asociadas',
          fr: 'Recherche pour les compagnies partenaires',
          it: 'Ricerca per le compagnie aeree partner',
          ro: 'Căutare pentru companiile aeriene partenere',
          nl: 'Zoeken voor partnermaatschappijen',
          hi: 'साझेदार एयरलाइनों के लिए खोज',
          da: 'Søgning for partnerflyselskaber',
          ko: '제휴 항공사용 검색',
        },
        url: '/airlines/flights/search',
      },
    ],
  },
];

export function menuRows(): {
  menus: Insertable<MenusTable>[];
  items: Insertable<MenuItemsTable>[];
} {
  const menus: Insertable<MenusTable>[] = [];
  const items: Insertable<MenuItemsTable>[] = [];
  for (const locale of ENABLED_LOCALES) {
    MENUS.forEach((menu, menuIndex) => {
      const menuId = menus.length + 1;
      menus.push({
        id: menuId,
        code: menu.code,
        locale,
        title: menu.titles[locale],
        position: menuIndex + 1,
      });
      menu.items.forEach((item, itemIndex) => {
        items.push({
          id: items.length + 1,
          menu_id: menuId,
          label: item.labels[locale],
          url: item.url,
          position: itemIndex + 1,
        });
      });
    });
  }
  return { menus, items };
}
