import { useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import styles from './calendar.module.css';

export interface PickerGridItem {
  readonly key: number;
  readonly label: string;
  /** The accessible name when it says more than `label` ('March 2026'). */
  readonly ariaLabel?: string;
  readonly disabled: boolean;
  /** The chosen one (the selected month or year). */
  readonly current: boolean;
  /** Shown under the label and read as part of the button's name, e.g. a month's lowest price. */
  readonly content?: ReactNode;
}

export interface PickerGridProps {
  /** Names the group ('Months', 'Years'). */
  readonly label: string;
  readonly items: readonly PickerGridItem[];
  readonly columns: number;
  /** The item focus starts on; the nearest enabled one if it is disabled. */
  readonly initialKey: number;
  readonly onPick: (key: number) => void;
  /** PageUp/PageDown; without it they move three rows. */
  readonly onPage?: (direction: -1 | 1) => void;
  /** Moves focus into the grid when it mounts. */
  readonly autoFocus?: boolean;
}

/** The index of the enabled item nearest to `target`, looking in `direction` first. */
function nearestEnabled(
  items: readonly PickerGridItem[],
  target: number,
  direction: -1 | 1,
): number | null {
  const start = Math.min(Math.max(target, 0), items.length - 1);
  for (const step of [direction, -direction]) {
    for (let index = start; index >= 0 && index < items.length; index += step) {
      if (!items[index]?.disabled) return index;
    }
  }
  return null;
}

function hasContent(item: PickerGridItem): boolean {
  return item.content !== undefined && item.content !== null;
}

/**
 * A grid of buttons (the month and year pickers) with one tab stop: arrow keys move between
 * enabled buttons, Home and End go to the first and last, PageUp/PageDown page, Enter or Space
 * picks. Disabled buttons are skipped.
 */
export function PickerGrid({
  label,
  items,
  columns,
  initialKey,
  onPick,
  onPage,
  autoFocus = false,
}: PickerGridProps) {
  const buttons = useRef(new Map<number, HTMLButtonElement>());
  const [activeKey, setActiveKey] = useState(initialKey);
  const activeIndex = items.findIndex((item) => item.key === activeKey);
  const tabIndexAt =
    activeIndex >= 0 && !items[activeIndex]?.disabled
      ? activeIndex
      : nearestEnabled(items, Math.max(activeIndex, 0), 1);
  const tabKey = tabIndexAt === null ? null : (items[tabIndexAt]?.key ?? null);

  // Keeps focus in the grid when it opens and when paging disables the focused button.
  useEffect(() => {
    if (autoFocus && tabKey !== null) buttons.current.get(tabKey)?.focus();
  }, [autoFocus, tabKey]);

  const focusIndex = (index: number | null) => {
    if (index === null) return;
    const item = items[index];
    if (!item) return;
    setActiveKey(item.key);
    buttons.current.get(item.key)?.focus();
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const from = tabIndexAt ?? 0;
    const moves: Record<string, () => void> = {
      ArrowLeft: () => focusIndex(nearestEnabled(items, from - 1, -1)),
      ArrowRight: () => focusIndex(nearestEnabled(items, from + 1, 1)),
      ArrowUp: () => focusIndex(nearestEnabled(items, from - columns, -1)),
      ArrowDown: () => focusIndex(nearestEnabled(items, from + columns, 1)),
      Home: () => focusIndex(nearestEnabled(items, 0, 1)),
      End: () => focusIndex(nearestEnabled(items, items.length - 1, -1)),
      PageUp: () =>
        onPage ? onPage(-1) : focusIndex(nearestEnabled(items, from - columns * 3, -1)),
      PageDown: () =>
        onPage ? onPage(1) : focusIndex(nearestEnabled(items, from + columns * 3, 1)),
    };
    const move = moves[event.key];
    if (!move) return;
    event.preventDefault();
    move();
  };

  return (
    <div
      role="group"
      aria-label={label}
      className={styles.pickerGrid}
      style={{ gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))` }}
      onKeyDown={handleKeyDown}
    >
      {items.map((item) => (
        <button
          key={item.key}
          ref={(node) => {
            if (node) buttons.current.set(item.key, node);
            else buttons.current.delete(item.key);
          }}
          type="button"
          className={styles.pickerItem}
          disabled={item.disabled}
          tabIndex={item.key === tabKey ? 0 : -1}
          aria-current={item.current || undefined}
          aria-label={hasContent(item) ? undefined : item.ariaLabel}
          onFocus={() => setActiveKey(item.key)}
          onClick={() => onPick(item.key)}
        >
          {hasContent(item) ? (
            <>
              <span aria-hidden="true">{item.label}</span>
              <span className="visually-hidden">{item.ariaLabel ?? item.label}</span>
              <span className={styles.pickerContent}>{item.content}</span>
            </>
          ) : (
            item.label
          )}
        </button>
      ))}
    </div>
  );
}
