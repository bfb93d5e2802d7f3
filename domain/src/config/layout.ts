/** Layout constants (SPEC §2, §9): the mobile breakpoint and spinner sizes. */

/** Widths at or below this many CSS pixels get the mobile layout. */
export const MOBILE_BREAKPOINT_PX = 1024;

/** Whether a viewport width (CSS pixels) gets the mobile layout: at most 1024. */
export function isMobileWidth(widthPx: number): boolean {
  return widthPx <= MOBILE_BREAKPOINT_PX;
}

/** Media query matching the mobile layout, for `matchMedia` and CSS. */
export const MOBILE_MEDIA_QUERY = `(max-width: ${MOBILE_BREAKPOINT_PX}px)`;

/** Spinner sizes in pixels, or the full area. */
export const SPINNER_SIZES = [24, 48, 72, 96, 'full'] as const;

export type SpinnerSize = (typeof SPINNER_SIZES)[number];
