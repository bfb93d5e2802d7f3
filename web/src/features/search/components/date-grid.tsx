import { useRef, useState, type KeyboardEvent } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import styles from './date-grid.module.css';

/** One pair of days (or one day) of the grid. */
export interface DateGridCell {
  /** Unique in the grid, kept across renders (the days it stands for). */
  readonly key: string;
  /** The results of this pair; null when it has no price (then it cannot be chosen). */
  readonly href: string | null;
  /** The price as shown, or null. */
  readonly price: string | null;
  readonly cheapest: boolean;
  /** The pair searched now. */
  readonly selected: boolean;
  /** What a screen reader says: 'Out Mon 12 Jan, back Sun 18 Jan, €123, cheapest'. */
  readonly label: string;
}

export interface DateGridAxis {
  readonly key: string;
  readonly label: string;
}

export interface DateGridProps {
  /** The id of the element naming the grid. */
  readonly labelledBy: string;
  /** The days across (outbound), with the words above them. */
  readonly columns: readonly DateGridAxis[];
  readonly columnsTitle: string;
  /** The days down (return), with the word beside them; one row without a label for a strip. */
  readonly rows: readonly (DateGridAxis | null)[];
  readonly rowsTitle: string | null;
  /** By row, then column. */
  readonly cells: readonly (readonly DateGridCell[])[];
  /** The prices are still loading: the cells hold their places, saying so. */
  readonly busy?: boolean;
}

interface Position {
  readonly row: number;
  readonly column: number;
}

/** Where a key moves the focus from `at` in a grid of `rows` × `columns`; null: not a move. */
function moveOf(key: string, ctrl: boolean, at: Position, rows: number, columns: number) {
  switch (key) {
    case 'ArrowRight':
      return { ...at, column: Math.min(columns - 1, at.column + 1) };
    case 'ArrowLeft':
      return { ...at, column: Math.max(0, at.column - 1) };
    case 'ArrowDown':
      return { ...at, row: Math.min(rows - 1, at.row + 1) };
    case 'ArrowUp':
      return { ...at, row: Math.max(0, at.row - 1) };
    case 'Home':
      return ctrl ? { row: 0, column: 0 } : { ...at, column: 0 };
    case 'End':
      return ctrl ? { row: rows - 1, column: columns - 1 } : { ...at, column: columns - 1 };
    default:
      return null;
  }
}

/**
 * A grid of days with their prices (the flexible dates: outbound days across, return days
 * down, as the big flight sites lay them out; or a single row for one-way trips). An ARIA grid
 * with a roving tab stop: Tab enters at the searched pair, the arrow keys (Home, End, Ctrl+Home,
 * Ctrl+End) move between cells, Enter or a tap opens the pair's results. The searched pair is
 * outlined and marked current; the cheapest pairs say so in words beside their mark. On a narrow
 * screen it scrolls sideways with the row headers held at the start.
 */
export function DateGrid({
  labelledBy,
  columns,
  columnsTitle,
  rows,
  rowsTitle,
  cells,
  busy = false,
}: DateGridProps) {
  const intl = useIntl();
  const table = useRef<HTMLTableElement>(null);
  const selected = cells
    .flatMap((row, rowIndex) => row.map((cell, column) => ({ cell, row: rowIndex, column })))
    .find(({ cell }) => cell.selected);
  const [active, setActive] = useState<string | null>(null);
  const activeKey =
    active !== null && cells.some((row) => row.some((cell) => cell.key === active))
      ? active
      : (selected?.cell.key ?? cells[0]?.[0]?.key ?? null);

  const onKeyDown = (event: KeyboardEvent<HTMLTableElement>) => {
    const target = event.target as HTMLElement;
    const row = Number(target.dataset.row);
    const column = Number(target.dataset.column);
    if (Number.isNaN(row) || Number.isNaN(column)) return;
    const next = moveOf(event.key, event.ctrlKey, { row, column }, cells.length, columns.length);
    if (!next) return;
    event.preventDefault();
    const cell = cells[next.row]?.[next.column];
    if (!cell) return;
    setActive(cell.key);
    table.current
      ?.querySelector<HTMLElement>(`[data-row="${next.row}"][data-column="${next.column}"]`)
      ?.focus();
  };

  const hasRowHeaders = rows.some((row) => row !== null);
  return (
    <div className={styles.scroller}>
      <table
        ref={table}
        role="grid"
        aria-labelledby={labelledBy}
        aria-busy={busy || undefined}
        className={styles.grid}
        onKeyDown={onKeyDown}
      >
        <thead>
          {hasRowHeaders ? (
            <tr>
              <th scope="col" rowSpan={2} className={`${styles.corner} ${styles.axisTitle}`}>
                {rowsTitle} <span aria-hidden="true">↓</span>
              </th>
              <th scope="colgroup" colSpan={columns.length} className={styles.axisTitle}>
                {columnsTitle} <span aria-hidden="true">→</span>
              </th>
            </tr>
          ) : null}
          <tr>
            {columns.map((column) => (
              <th key={column.key} scope="col" className={styles.columnHeader}>
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {cells.map((rowCells, rowIndex) => {
            const header = rows[rowIndex];
            return (
              <tr key={header?.key ?? rowIndex}>
                {header ? (
                  <th scope="row" className={styles.rowHeader}>
                    {header.label}
                  </th>
                ) : null}
                {rowCells.map((cell, column) => {
                  const focus = {
                    'data-row': rowIndex,
                    'data-column': column,
                    tabIndex: cell.key === activeKey ? 0 : -1,
                    'aria-label': cell.label,
                    onFocus: () => setActive(cell.key),
                  };
                  const content = (
                    <>
                      <span className={styles.price}>{cell.price ?? (busy ? '…' : '—')}</span>
                      {cell.cheapest ? (
                        <span className={styles.cheapest} aria-hidden="true">
                          ★ {intl.formatMessage({ id: 'search.flexible.cheapest' })}
                        </span>
                      ) : null}
                    </>
                  );
                  return (
                    <td
                      key={cell.key}
                      role="gridcell"
                      className={styles.cell}
                      data-cheapest={cell.cheapest || undefined}
                      data-selected={cell.selected || undefined}
                    >
                      {cell.href ? (
                        <Link
                          {...focus}
                          to={cell.href}
                          preventScrollReset
                          className={styles.pair}
                          aria-current={cell.selected ? 'true' : undefined}
                        >
                          {content}
                        </Link>
                      ) : (
                        <span {...focus} className={styles.pair} data-empty="">
                          {content}
                        </span>
                      )}
                    </td>
                  );
                })}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
