import type { Insertable } from 'kysely';
import type { AffiliatesTable } from '../tables/content.ts';

/**
 * Two demo affiliate partners. Logos are served by the web app from `/affiliates/`: a wide logo
 * for the top bar and a square one for small screens.
 */
export function affiliateRows(): Insertable<AffiliatesTable>[] {
  return [
    {
      code: 'skyscout',
      name: 'SkyScout',
      logo_url: '/affiliates/skyscout.svg',
      logo_square_url: '/affiliates/skyscout-square.svg',
      site_url: 'https://skyscout.example',
      active: 1,
    },
    {
      code: 'globetrotter',
      name: 'Globetrotter Club',
      logo_url: '/affiliates/globetrotter.svg',
      logo_square_url: '/affiliates/globetrotter-square.svg',
      site_url: 'https://globetrotter.example',
      active: 1,
    },
  ];
}
