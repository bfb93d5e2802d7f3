import { useEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import styles from './payment.module.css';

/** Whole seconds left until `expiresAt` at `now` (never below 0). */
export function secondsLeft(expiresAt: string, now: number): number {
  const end = Date.parse(expiresAt);
  if (Number.isNaN(end)) return 0;
  return Math.max(0, Math.ceil((end - now) / 1000));
}

/**
 * The seat hold's remaining time. The clock on screen changes every second; screen readers hear
 * it through a polite live region only when the minute changes and when the hold ends, so the
 * page does not talk over the visitor every second. `onExpire` runs once, at the end.
 */
export function HoldCountdown({
  expiresAt,
  onExpire,
}: {
  readonly expiresAt: string;
  readonly onExpire: () => void;
}) {
  const intl = useIntl();
  const [left, setLeft] = useState(() => secondsLeft(expiresAt, Date.now()));

  useEffect(() => {
    const timer = window.setInterval(() => {
      const next = secondsLeft(expiresAt, Date.now());
      setLeft(next);
      if (next === 0) window.clearInterval(timer);
    }, 1000);
    return () => window.clearInterval(timer);
  }, [expiresAt]);

  const expired = left === 0;
  const onExpireRef = useRef(onExpire);
  useEffect(() => {
    onExpireRef.current = onExpire;
  });
  useEffect(() => {
    if (expired) onExpireRef.current();
  }, [expired]);

  const minutes = Math.floor(left / 60);
  const seconds = left % 60;
  const clock = `${minutes}:${String(seconds).padStart(2, '0')}`;
  // Announced: the minutes still to go (rounded up), or the end.
  const announcement =
    left === 0
      ? intl.formatMessage({ id: 'payment.hold.ended' })
      : intl.formatMessage({ id: 'payment.hold.minutesLeft' }, { minutes: Math.ceil(left / 60) });

  return (
    <div className={styles.hold}>
      {left > 0 ? (
        <p>
          {intl.formatMessage({ id: 'payment.hold.label' })}{' '}
          <time className={styles.clock} dateTime={`PT${minutes}M${seconds}S`} aria-hidden="true">
            {clock}
          </time>
        </p>
      ) : null}
      <p className="visually-hidden" role="status" aria-live="polite" aria-atomic="true">
        {announcement}
      </p>
    </div>
  );
}
