/**
 * The app's inline icons: one filled path each, drawn in the text colour. They are decorative
 * (hidden from assistive technology); the control around them carries the name.
 */
const ICONS = {
  /** 20 × 20 */
  alert:
    'M10 1.5a8.5 8.5 0 1 0 0 17 8.5 8.5 0 0 0 0-17Zm0 4a1 1 0 0 1 1 1v4.2a1 1 0 1 1-2 0V6.5a1 1 0 0 1 1-1Zm0 9.3a1.15 1.15 0 1 1 0-2.3 1.15 1.15 0 0 1 0 2.3Z',
  calendar:
    'M19 4h-1V2h-2v2H8V2H6v2H5a2 2 0 0 0-2 2v14c0 1.1.9 2 2 2h14a2 2 0 0 0 2-2V6a2 2 0 0 0-2-2Zm0 16H5V10h14v10Zm0-12H5V6h14v2Zm-7 5h5v5h-5v-5Z',
  /** 20 × 20 */
  check: 'M8.2 13.6 4.7 10l-1.4 1.4 4.9 4.9 9.5-9.5-1.4-1.4-8.1 8.2Z',
  /** 20 × 20 */
  chevronDown:
    'M5.3 7.3a1 1 0 0 1 1.4 0L10 10.6l3.3-3.3a1 1 0 1 1 1.4 1.4l-4 4a1 1 0 0 1-1.4 0l-4-4a1 1 0 0 1 0-1.4Z',
  chevronLeft: 'M15.4 6.4 14 5l-7 7 7 7 1.4-1.4L9.8 12l5.6-5.6Z',
  chevronRight: 'M8.6 17.6 10 19l7-7-7-7-1.4 1.4 5.6 5.6-5.6 5.6Z',
  close:
    'M18.3 5.71a1 1 0 0 0-1.41 0L12 10.59 7.11 5.7A1 1 0 0 0 5.7 7.11L10.59 12 5.7 16.89a1 1 0 1 0 1.41 1.41L12 13.41l4.89 4.89a1 1 0 0 0 1.41-1.41L13.41 12l4.89-4.89a1 1 0 0 0 0-1.4Z',
  person:
    'M12 12a4.5 4.5 0 1 0 0-9 4.5 4.5 0 0 0 0 9Zm0 2.25c-4.1 0-8.25 2.07-8.25 5.25 0 .83.67 1.5 1.5 1.5h13.5c.83 0 1.5-.67 1.5-1.5 0-3.18-4.15-5.25-8.25-5.25Z',
  search:
    'M21.7 20.3 17 15.6a7.5 7.5 0 1 0-1.4 1.4l4.7 4.7a1 1 0 0 0 1.4-1.4ZM5 10.5a5.5 5.5 0 1 1 11 0 5.5 5.5 0 0 1-11 0Z',
  swap: 'M6.99 11 3 15l3.99 4v-3H14v-2H6.99v-3ZM21 9l-3.99-4v3H10v2h7.01v3L21 9Z',
} as const;

/** The icons drawn on a 20-unit grid; the others are on a 24-unit grid. */
const SMALL_GRID: ReadonlySet<IconName> = new Set(['alert', 'check', 'chevronDown']);

export type IconName = keyof typeof ICONS;

export interface IconProps {
  readonly name: IconName;
  readonly className?: string;
}

export function Icon({ name, className }: IconProps) {
  const size = SMALL_GRID.has(name) ? 20 : 24;
  return (
    <svg className={className} viewBox={`0 0 ${size} ${size}`} aria-hidden="true" focusable="false">
      <path fill="currentColor" d={ICONS[name]} />
    </svg>
  );
}
