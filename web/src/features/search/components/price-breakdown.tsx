import type { SearchFareClass } from '@uniquair/contract/search';
import { fareRulesOf, type BagCount } from '@uniquair/domain/pricing/fare-rules';
import { useId, useRef, useState, type PointerEvent, type ReactNode } from 'react';
import { useIntl, type IntlShape } from 'react-intl';
import { farePriceWithBags } from '../bags.ts';
import type { Money } from '../hooks/use-money.ts';
import styles from './price-breakdown.module.css';

/**
 * "Fare €85.00 + 1 bag €32.20" (or "Fare €120.00, 1 checked bag included"): what an all-in price
 * is made of, each part converted as the price is; null without bags or for a fare that cannot
 * carry them.
 */
export function breakdownText(
  intl: IntlShape,
  money: Money,
  fare: SearchFareClass,
  bags: BagCount,
  currency: string,
): string | null {
  const allIn = farePriceWithBags(fare, bags);
  if (bags === 0 || allIn === null) return null;
  const paid = Math.max(0, bags - fareRulesOf(fare.letter).checkedBags.pieces);
  const shownFare = money.show(fare.price, currency);
  if (paid === 0) {
    return intl.formatMessage(
      { id: 'search.fare.breakdownIncluded' },
      { fare: shownFare, count: bags },
    );
  }
  return intl.formatMessage(
    { id: 'search.fare.breakdown' },
    { fare: shownFare, count: paid, fee: money.show(allIn - fare.price, currency) },
  );
}

export interface PriceBreakdownProps {
  readonly fare: SearchFareClass;
  readonly bags: BagCount;
  readonly currency: string;
  readonly money: Money;
  /** The price as shown (all-in). */
  readonly children: ReactNode;
}

/**
 * An all-in price with its breakdown (fare + bags): a button showing the breakdown while hovered
 * with a mouse, while focused from the keyboard, or after a tap (a second tap or Escape hides
 * it); screen readers hear it as the button's description. Without bags, the price alone.
 */
export function PriceBreakdown({ fare, bags, currency, money, children }: PriceBreakdownProps) {
  const intl = useIntl();
  const id = useId();
  const [open, setOpen] = useState(false);
  // A mouse over the price shows it already: a click then keeps it rather than hiding it.
  const hovered = useRef(false);
  const text = breakdownText(intl, money, fare, bags, currency);
  if (text === null) return <>{children}</>;
  const hover = (event: PointerEvent, over: boolean) => {
    if (event.pointerType !== 'mouse') return;
    hovered.current = over;
    setOpen(over);
  };
  return (
    <span className={styles.wrap}>
      <button
        type="button"
        className={styles.button}
        aria-describedby={id}
        aria-expanded={open}
        onPointerEnter={(event) => hover(event, true)}
        onPointerLeave={(event) => hover(event, false)}
        onFocus={(event) => {
          if (event.currentTarget.matches(':focus-visible')) setOpen(true);
        }}
        onBlur={() => setOpen(false)}
        onClick={() => setOpen((value) => hovered.current || !value)}
        onKeyDown={(event) => {
          if (event.key === 'Escape' && open) {
            event.stopPropagation();
            setOpen(false);
          }
        }}
      >
        {children}
      </button>
      <span id={id} role="tooltip" className={styles.tip} hidden={!open}>
        {text}
      </span>
    </span>
  );
}

/** "Can't carry 2 checked bags": a fare whose rules do not take that many, said in words. */
export function CannotCarry({ bags }: { readonly bags: BagCount }) {
  const intl = useIntl();
  return (
    <span className={styles.cannot}>
      {intl.formatMessage({ id: 'search.fare.cannotCarry' }, { count: bags })}
    </span>
  );
}
