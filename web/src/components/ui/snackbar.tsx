import { SNACKBAR_DEFAULT_MS } from '@uniquair/domain/config/timings';
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type FocusEvent,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import { useIntl } from 'react-intl';
import styles from './snackbar.module.css';
import { Icon } from './icon.tsx';

export interface SnackbarAction {
  readonly label: string;
  /** Runs when the action is chosen; the snackbar closes afterwards. */
  readonly onAction: () => void;
}

export interface SnackbarOptions {
  readonly message: string;
  readonly action?: SnackbarAction;
  /** How long it stays, in ms; the provider's duration by default. */
  readonly duration?: number;
}

export interface SnackbarApi {
  /** Queues a message; it shows when the ones before it have gone. Returns its id. */
  readonly show: (options: SnackbarOptions | string) => string;
  /** Removes a message (shown or queued), or the one on screen when no id is given. */
  readonly dismiss: (id?: string) => void;
}

interface QueuedSnackbar extends SnackbarOptions {
  readonly id: string;
  readonly duration: number;
}

const SnackbarContext = createContext<SnackbarApi | null>(null);

/** Shows short messages at the bottom of the screen; only inside `SnackbarProvider`. */
export function useSnackbar(): SnackbarApi {
  const api = useContext(SnackbarContext);
  if (!api) throw new Error('useSnackbar must be used inside SnackbarProvider.');
  return api;
}

export interface SnackbarProviderProps {
  readonly children: ReactNode;
  /**
   * How long a message stays unless it says otherwise, in ms. SPEC §9: 6 s by default
   * (`SNACKBAR_DEFAULT_MS`); the app configures 4 s (`SNACKBAR_MS`).
   */
  readonly duration?: number;
}

/**
 * Holds the queue of snackbars and shows them one at a time, each for its duration. A polite
 * live region announces every message. The timer pauses while the pointer is over the snackbar
 * or focus is in it; Escape or the dismiss button closes it, and focus goes back where it was.
 */
export function SnackbarProvider({
  children,
  duration = SNACKBAR_DEFAULT_MS,
}: SnackbarProviderProps) {
  const [queue, setQueue] = useState<readonly QueuedSnackbar[]>([]);
  const nextId = useRef(0);

  const show = useCallback(
    (options: SnackbarOptions | string) => {
      nextId.current += 1;
      const id = `snackbar-${nextId.current}`;
      const item = typeof options === 'string' ? { message: options } : options;
      setQueue((current) => [...current, { ...item, id, duration: item.duration ?? duration }]);
      return id;
    },
    [duration],
  );

  const dismiss = useCallback((id?: string) => {
    setQueue((current) => {
      const target = id ?? current[0]?.id;
      return current.filter((item) => item.id !== target);
    });
  }, []);

  const api = useMemo<SnackbarApi>(() => ({ show, dismiss }), [show, dismiss]);

  return (
    <SnackbarContext value={api}>
      {children}
      <SnackbarHost current={queue[0] ?? null} dismiss={dismiss} />
    </SnackbarContext>
  );
}

interface SnackbarHostProps {
  readonly current: QueuedSnackbar | null;
  readonly dismiss: (id: string) => void;
}

function SnackbarHost({ current, dismiss }: SnackbarHostProps) {
  const intl = useIntl();
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const cardRef = useRef<HTMLDivElement | null>(null);
  /** Time left for the message on screen; it only runs down while not paused. */
  const remaining = useRef<{ id: string; ms: number } | null>(null);
  /** Where focus was before it entered the snackbar, to go back there when it closes. */
  const returnFocus = useRef<HTMLElement | null>(null);
  const paused = hovered || focused;

  useEffect(() => {
    if (!current || paused) return;
    if (remaining.current?.id !== current.id) {
      remaining.current = { id: current.id, ms: current.duration };
    }
    const left = remaining.current;
    const started = Date.now();
    const timer = window.setTimeout(() => dismiss(current.id), left.ms);
    return () => {
      window.clearTimeout(timer);
      left.ms = Math.max(0, left.ms - (Date.now() - started));
    };
  }, [current, paused, dismiss]);

  const close = (id: string) => {
    const card = cardRef.current;
    const target = returnFocus.current;
    if (card?.contains(document.activeElement) && target?.isConnected) target.focus();
    returnFocus.current = null;
    setFocused(false);
    setHovered(false);
    dismiss(id);
  };

  const handleFocus = (event: FocusEvent<HTMLDivElement>) => {
    const from = event.relatedTarget;
    if (from instanceof HTMLElement && !event.currentTarget.contains(from)) {
      returnFocus.current = from;
    }
    setFocused(true);
  };

  const handleBlur = (event: FocusEvent<HTMLDivElement>) => {
    const to = event.relatedTarget;
    if (!(to instanceof Node) || !event.currentTarget.contains(to)) setFocused(false);
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape' && current) {
      event.stopPropagation();
      close(current.id);
    }
  };

  return (
    <div className={styles.host}>
      {/* Always rendered, so the live region exists before a message arrives; empty, it is invisible. */}
      <div
        ref={cardRef}
        className={current ? styles.card : undefined}
        onMouseEnter={() => setHovered(true)}
        onMouseLeave={() => setHovered(false)}
        onFocus={handleFocus}
        onBlur={handleBlur}
        onKeyDown={handleKeyDown}
      >
        <div role="status" aria-live="polite" aria-atomic="true" className={styles.message}>
          {current?.message}
        </div>
        {current ? (
          <div className={styles.actions}>
            {current.action ? (
              <button
                type="button"
                className={styles.action}
                onClick={() => {
                  current.action?.onAction();
                  close(current.id);
                }}
              >
                {current.action.label}
              </button>
            ) : null}
            <button
              type="button"
              className={styles.dismiss}
              aria-label={intl.formatMessage({ id: 'ui.snackbar.dismiss' })}
              title={intl.formatMessage({ id: 'ui.snackbar.dismiss' })}
              onClick={() => close(current.id)}
            >
              <Icon name="close" />
            </button>
          </div>
        ) : null}
      </div>
    </div>
  );
}
