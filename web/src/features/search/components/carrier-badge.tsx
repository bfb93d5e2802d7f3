import styles from './flight-card.module.css';

/** Badge backgrounds, each dark enough for white text (contrast above 6:1). */
const BADGE_COLOURS = [
  '#2f2a8f',
  '#0b6e4f',
  '#8a3b00',
  '#7a1f5c',
  '#1c5d99',
  '#5c4b00',
  '#8f1d21',
  '#24584a',
] as const;

/** The same colour for the same airline designator, on every card. */
function colourOf(carrier: string): string {
  let hash = 0;
  for (const char of carrier) hash = (hash * 31 + (char.codePointAt(0) ?? 0)) % 9973;
  return BADGE_COLOURS[hash % BADGE_COLOURS.length] ?? BADGE_COLOURS[0];
}

export interface CarrierBadgeProps {
  /** The airline designator shown in the badge, e.g. `UQ`. */
  readonly carrier: string;
}

/**
 * An airline's monogram: its designator in a rounded square of a colour of its own. Decorative
 * (the airline's name stands next to it); the code is always written, so the colour is never
 * the only difference.
 */
export function CarrierBadge({ carrier }: CarrierBadgeProps) {
  return (
    <span
      className={styles.badge}
      style={{ backgroundColor: colourOf(carrier) }}
      aria-hidden="true"
    >
      {carrier}
    </span>
  );
}
