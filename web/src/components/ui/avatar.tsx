import { useState } from 'react';
import { useIntl } from 'react-intl';
import styles from './avatar.module.css';
import { Icon } from './icon.tsx';

export type AvatarSize = 'sm' | 'md' | 'lg' | 'xl';

/** Pixel size of each avatar size. */
export const AVATAR_SIZE_PX: Readonly<Record<AvatarSize, number>> = {
  sm: 32,
  md: 40,
  lg: 64,
  xl: 96,
};

export interface AvatarProps {
  readonly firstName?: string | null;
  readonly lastName?: string | null;
  /** The picture's address; without one, or when it fails to load, the initials show. */
  readonly src?: string | null;
  readonly size?: AvatarSize;
  /** The accessible name; by default the person's full name. */
  readonly alt?: string;
  readonly className?: string;
}

/** The first user-perceived character of a text (a whole grapheme: 'É', 'हि', '한'). */
function firstGrapheme(text: string, locale: string): string {
  const trimmed = text.trim();
  if (trimmed === '') return '';
  const segments = new Intl.Segmenter(locale, { granularity: 'grapheme' }).segment(trimmed);
  for (const { segment } of segments) return segment;
  return '';
}

/** Up to two initials, first name then last name, upper-cased in the locale: 'Ana', 'Ölz' → 'AÖ'. */
export function initialsOf(
  firstName: string | null | undefined,
  lastName: string | null | undefined,
  locale: string,
): string {
  return [firstName, lastName]
    .map((name) => firstGrapheme(name ?? '', locale))
    .join('')
    .toLocaleUpperCase(locale);
}

/**
 * A person's picture, or their initials when there is no picture or it fails to load; a generic
 * figure when neither is known. Either way it is an image named after the person.
 */
export function Avatar({ firstName, lastName, src, size = 'md', alt, className }: AvatarProps) {
  const intl = useIntl();
  // The address that failed, so a new `src` gets its own chance to load.
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const fullName = [firstName, lastName]
    .map((name) => name?.trim() ?? '')
    .filter(Boolean)
    .join(' ');
  const name = alt ?? (fullName || intl.formatMessage({ id: 'ui.avatar.anonymous' }));
  const initials = initialsOf(firstName, lastName, intl.locale);
  const pixels = AVATAR_SIZE_PX[size];
  const classes = [styles.avatar, styles[size], className].filter(Boolean).join(' ');

  if (src && src !== failedSrc) {
    return (
      <img
        className={classes}
        src={src}
        alt={name}
        width={pixels}
        height={pixels}
        decoding="async"
        onError={() => setFailedSrc(src)}
      />
    );
  }
  return (
    <span className={classes} role="img" aria-label={name}>
      {initials ? (
        <span className={styles.initials} aria-hidden="true">
          {initials}
        </span>
      ) : (
        <Icon name="person" className={styles.figure} />
      )}
    </span>
  );
}
