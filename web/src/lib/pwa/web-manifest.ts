/**
 * The web app manifest (SPEC §1 "Users can install the app"): what the browser needs to offer
 * installing it and to start it like an app. Vite writes it as `/manifest.webmanifest`; the icons
 * come from `web/scripts/generate-icons.mjs`, the screenshots from
 * `web/scripts/capture-screenshots.mjs` (both from the real app, committed under `web/public`).
 */

export const THEME_COLOR = '#2f2a8f';
export const BACKGROUND_COLOR = '#ffffff';

export const ANY_ICON_SIZES = [48, 72, 96, 128, 144, 152, 192, 256, 384, 512] as const;
export const MASKABLE_ICON_SIZES = [192, 512] as const;

export interface ManifestImage {
  readonly src: string;
  readonly sizes: string;
  readonly type: string;
  readonly purpose?: string;
  readonly form_factor?: 'wide' | 'narrow';
  readonly label?: string;
}

export const MANIFEST_ICONS: readonly ManifestImage[] = [
  ...ANY_ICON_SIZES.map((size) => ({
    src: `/icons/icon-${size}.png`,
    sizes: `${size}x${size}`,
    type: 'image/png',
    purpose: 'any',
  })),
  ...MASKABLE_ICON_SIZES.map((size) => ({
    src: `/icons/maskable-${size}.png`,
    sizes: `${size}x${size}`,
    type: 'image/png',
    purpose: 'maskable',
  })),
];

export const MANIFEST_SCREENSHOTS: readonly ManifestImage[] = [
  {
    src: '/screenshots/home-wide.png',
    sizes: '1280x800',
    type: 'image/png',
    form_factor: 'wide',
    label: 'Search flights by route, date and passengers',
  },
  {
    src: '/screenshots/home-narrow.png',
    sizes: '412x915',
    type: 'image/png',
    form_factor: 'narrow',
    label: 'Search flights by route, date and passengers',
  },
];

export const WEB_MANIFEST = {
  id: '/',
  name: 'Uniquair',
  short_name: 'Uniquair',
  description: 'Unique routes, unique moments',
  lang: 'en',
  dir: 'ltr',
  start_url: '/',
  scope: '/',
  display: 'standalone',
  orientation: 'any',
  theme_color: THEME_COLOR,
  background_color: BACKGROUND_COLOR,
  categories: ['travel'],
  icons: MANIFEST_ICONS,
  screenshots: MANIFEST_SCREENSHOTS,
} as const;
