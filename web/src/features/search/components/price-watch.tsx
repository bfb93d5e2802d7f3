import type { CreatePriceWatchResponse } from '@uniquair/contract/price-watch';
import type { Ymd } from '@uniquair/domain/dates/ymd';
import { decimalToMinorUnits } from '@uniquair/domain/pricing/currency';
import type { BagCount } from '@uniquair/domain/pricing/fare-rules';
import type { Passengers } from '@uniquair/domain/search/passengers';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { Button } from '../../../components/ui/button.tsx';
import { LabelledInput } from '../../../components/ui/text-input.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { useLocale } from '../../../lib/i18n.ts';
import {
  priceWatchesQueryOptions,
  startPriceWatch,
  stopPriceWatch,
} from '../../../lib/price-watch.ts';
import type { Money } from '../hooks/use-money.ts';
import styles from './price-watch.module.css';

export interface PriceWatchProps {
  readonly routeId: number;
  /** The leg's day; the watch is of this day, or of its whole month with `wholeMonth`. */
  readonly date: Ymd;
  readonly wholeMonth?: boolean;
  /** "Sofia → London", as the leg names it. */
  readonly routeName: string;
  readonly passengers: Passengers;
  readonly bags: BagCount;
  readonly money: Money;
}

type Phase =
  | { readonly kind: 'closed' }
  | { readonly kind: 'form'; readonly error: string | null }
  | { readonly kind: 'busy' }
  | {
      readonly kind: 'watching';
      readonly answer: CreatePriceWatchResponse;
      /** "Stop watching" is on its way. */
      readonly stopping: boolean;
      /** Why the last "Stop watching" failed; the watch goes on and can be stopped again. */
      readonly error: string | null;
    }
  | { readonly kind: 'stopped' };

/**
 * "Tell me when it's cheaper" (docs/price-watch.md) for a route and day, or its month: an
 * optional target price, then this browser's push permission and subscription, and the watch;
 * the confirmation says the price it waits for and offers "Stop watching"; a stop that fails
 * leaves the watch shown, saying so, to try again. A watch started or stopped marks the account's
 * list of watches stale. Works signed out.
 * Its fields are a group, not a form, so that it can sit inside the search form's calendar.
 */
export function PriceWatch({
  routeId,
  date,
  wholeMonth = false,
  routeName,
  passengers,
  bags,
  money,
}: PriceWatchProps) {
  const intl = useIntl();
  const { locale } = useLocale();
  const queryClient = useQueryClient();
  const formId = useId();
  const [phase, setPhase] = useState<Phase>({ kind: 'closed' });
  const [target, setTarget] = useState('');
  const opener = useRef<HTMLButtonElement>(null);
  const month = date.slice(0, 7);
  const when = wholeMonth
    ? intl.formatDate(new Date(`${month}-01T00:00:00Z`), {
        month: 'long',
        year: 'numeric',
        timeZone: 'UTC',
      })
    : intl.formatDate(new Date(`${date}T00:00:00Z`), { dateStyle: 'medium', timeZone: 'UTC' });
  const currency = money.currency;
  const refreshWatchList = () =>
    void queryClient.invalidateQueries({ queryKey: priceWatchesQueryOptions().queryKey });

  async function submit() {
    const trimmed = target.trim().replace(',', '.');
    const targetPrice = trimmed === '' ? undefined : decimalToMinorUnits(trimmed, currency);
    if (targetPrice === null || (targetPrice !== undefined && targetPrice <= 0)) {
      setPhase({ kind: 'form', error: intl.formatMessage({ id: 'apiError.number' }) });
      return;
    }
    setPhase({ kind: 'busy' });
    try {
      const result = await startPriceWatch({
        route: routeId,
        ...(wholeMonth ? { month } : { date }),
        passengers,
        bags,
        currency,
        locale,
        ...(targetPrice !== undefined ? { targetPrice } : {}),
      });
      if (result.state === 'watching') {
        setPhase({ kind: 'watching', answer: result.answer, stopping: false, error: null });
        refreshWatchList();
        return;
      }
      const message =
        result.state === 'notifications-denied' || result.state === 'requires-permission'
          ? 'priceWatch.error.denied'
          : result.state === 'not-supported'
            ? 'priceWatch.error.unsupported'
            : 'priceWatch.error.failed';
      setPhase({ kind: 'form', error: intl.formatMessage({ id: message }) });
    } catch (error) {
      const fields = isApiError(error) ? Object.values(error.errors).flat() : [];
      setPhase({
        kind: 'form',
        error: fields[0] ?? intl.formatMessage({ id: 'priceWatch.error.failed' }),
      });
    }
  }

  async function stop(answer: CreatePriceWatchResponse) {
    setPhase({ kind: 'watching', answer, stopping: true, error: null });
    try {
      await stopPriceWatch(answer.id);
      setPhase({ kind: 'stopped' });
      refreshWatchList();
    } catch {
      setPhase({
        kind: 'watching',
        answer,
        stopping: false,
        error: intl.formatMessage({ id: 'priceWatch.error.stopFailed' }),
      });
    }
  }

  if (phase.kind === 'watching') {
    const { watch } = phase.answer;
    const price = watch.targetPrice ?? watch.subscribedPrice;
    return (
      <div className={styles.priceWatch}>
        <p role="status">
          {intl.formatMessage(
            { id: 'priceWatch.watching' },
            { price: price ? money.format(price.amount, { currency: price.currency }) : '' },
          )}
        </p>
        {phase.error !== null ? (
          <p role="alert" className={styles.error}>
            {phase.error}
          </p>
        ) : null}
        <Button
          variant="secondary"
          size="sm"
          loading={phase.stopping}
          onClick={() => void stop(phase.answer)}
        >
          {intl.formatMessage({ id: 'priceWatch.stop' })}
        </Button>
      </div>
    );
  }
  if (phase.kind === 'stopped') {
    return (
      <div className={styles.priceWatch}>
        <p role="status">{intl.formatMessage({ id: 'priceWatch.stopped' })}</p>
      </div>
    );
  }
  const open = phase.kind !== 'closed';
  return (
    <div className={styles.priceWatch}>
      <Button
        ref={opener}
        variant="secondary"
        size="sm"
        aria-expanded={open}
        aria-controls={open ? formId : undefined}
        onClick={() => setPhase(open ? { kind: 'closed' } : { kind: 'form', error: null })}
      >
        {intl.formatMessage({
          id: wholeMonth ? 'priceWatch.button.month' : 'priceWatch.button.day',
        })}
      </Button>
      {open ? (
        <div
          id={formId}
          role="group"
          className={styles.form}
          aria-label={intl.formatMessage({ id: 'priceWatch.dialog.title' })}
        >
          <p>{intl.formatMessage({ id: 'priceWatch.dialog.intro' }, { route: routeName, when })}</p>
          <LabelledInput
            label={intl.formatMessage({ id: 'priceWatch.target.label' })}
            hint={intl.formatMessage({ id: 'priceWatch.target.hint' }, { currency })}
            inputMode="decimal"
            autoComplete="off"
            value={target}
            onChange={(event) => setTarget(event.target.value)}
            onKeyDown={(event) => {
              // Enter watches, as a form's would (and never submits a form around it).
              if (event.key !== 'Enter') return;
              event.preventDefault();
              void submit();
            }}
          />
          {phase.kind === 'form' && phase.error !== null ? (
            <p role="alert" className={styles.error}>
              {phase.error}
            </p>
          ) : null}
          <div className={styles.actions}>
            <Button
              type="button"
              size="sm"
              loading={phase.kind === 'busy'}
              onClick={() => void submit()}
            >
              {intl.formatMessage({ id: 'priceWatch.submit' })}
            </Button>
            <Button
              type="button"
              variant="text"
              size="sm"
              onClick={() => {
                setPhase({ kind: 'closed' });
                opener.current?.focus();
              }}
            >
              {intl.formatMessage({ id: 'priceWatch.cancel' })}
            </Button>
          </div>
        </div>
      ) : null}
    </div>
  );
}
