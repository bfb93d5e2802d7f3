import { useQueryClient } from '@tanstack/react-query';
import type {
  PaymentOption,
  PaymentOptionsResponse,
  PayRequest,
  PayResponse,
} from '@uniquair/contract/booking';
import type { PaymentProvider } from '@uniquair/domain/config/payment-providers';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { useNavigate } from 'react-router';
import { PAYMENT_METHOD_NAMES } from '../../../components/booking/payment-method-names.ts';
import { Button } from '../../../components/ui/button.tsx';
import { paths } from '../../../config/paths.ts';
import { isApiError } from '../../../lib/api-client.ts';
import { bookingQueryKey } from '../../../lib/booking-access.ts';
import { newPaymentAttempt, payBooking, type PaymentAttempt } from '../api/pay-booking.ts';
import {
  CardTokenizationError,
  tokenizeCard,
  type CardField,
  type CardFields,
} from '../api/tokenize-card.ts';
import { CardForm } from './card-form.tsx';
import { formatMoney } from '../../../components/booking/format-money.ts';
import styles from './payment.module.css';

/** The 402 codes of a refused card and their SPEC §8 texts. */
export const DECLINE_MESSAGES = {
  CARD_DECLINED: 'payment.decline.declined',
  CARD_EXPIRED: 'payment.decline.expired',
  INSUFFICIENT_FUNDS: 'payment.decline.insufficientFunds',
  CARD_LIMIT_EXCEEDED: 'payment.decline.limitExceeded',
  NOT_AUTHORIZED_BY_BANK: 'payment.decline.notAuthorized',
  CHECK_CARD_DETAILS: 'payment.decline.checkDetails',
} as const;

type DeclineCode = keyof typeof DECLINE_MESSAGES;

function isDeclineCode(code: string): code is DeclineCode {
  return code in DECLINE_MESSAGES;
}

type FailureMessage =
  | (typeof DECLINE_MESSAGES)[DeclineCode]
  | 'payment.error.network'
  | 'payment.error.cardNetwork'
  | 'payment.error.cardGateway'
  | 'payment.error.failed'
  | 'payment.error.alreadyPaid'
  | 'payment.error.expired'
  | 'payment.error.methodDisabled'
  | 'payment.error.generic';

/** Where a payment attempt is: SPEC §4's in progress, confirmed and failed, as the visitor sees them. */
type Phase =
  | { readonly kind: 'idle' }
  | { readonly kind: 'inProgress' }
  | { readonly kind: 'confirmed' }
  | { readonly kind: 'redirecting' }
  | {
      readonly kind: 'failed';
      readonly message: FailureMessage;
      /** Set when the same attempt may be sent again with the same idempotency key. */
      readonly retry?: PaymentAttempt;
    };

/** A redirect target the pay answer may name: our own pages or the gateway's, over HTTP(S). */
function safeRedirect(url: string | undefined): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url, window.location.origin);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : null;
  } catch {
    return null;
  }
}

/**
 * The ways to pay a booking and the payment itself. Card methods tokenise the card fields with
 * the gateway first and send only the token; redirect methods (PayPal, Trustly, SilkPay,
 * UnionPay) send the browser to the provider; paying the airline confirms the booking with the
 * payment due to the airline. Each attempt carries its own idempotency key; after a lost
 * connection 'Try again' sends the same attempt with the same key, so it can never be charged
 * twice.
 */
export function PaymentMethods({
  pnr,
  options,
  disabled,
  pay = payBooking,
  onPaid,
}: {
  readonly pnr: string;
  readonly options: PaymentOptionsResponse;
  /** The hold ended: nothing can be paid any more. */
  readonly disabled: boolean;
  /** What an attempt pays: the booking (the default), or a change of it. */
  readonly pay?: (pnr: string, attempt: PaymentAttempt) => Promise<PayResponse>;
  /** Paid: where the visitor goes next (the payment success page by default). */
  readonly onPaid?: () => Promise<void>;
}) {
  const intl = useIntl();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [method, setMethod] = useState<PaymentProvider | null>(options.options[0]?.method ?? null);
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });
  const [declines, setDeclines] = useState(0);
  const chosen = options.options.find((option) => option.method === method) ?? null;
  const busy = phase.kind === 'inProgress' || phase.kind === 'redirecting';

  // After an answer the booking has changed: it is fetched again at once (the next page shows it),
  // and what was read of it to pay (its payment options) is marked old, not fetched again for a
  // page that is being left.
  const refreshBooking = async () => {
    await queryClient.invalidateQueries({ queryKey: bookingQueryKey(pnr), refetchType: 'none' });
    await queryClient.refetchQueries({ queryKey: bookingQueryKey(pnr), exact: true });
  };

  const send = async (attempt: PaymentAttempt) => {
    setPhase({ kind: 'inProgress' });
    try {
      const answer = await pay(pnr, attempt);
      if (answer.outcome === 'redirect') {
        const target = safeRedirect(answer.redirectUrl);
        if (!target) {
          setPhase({ kind: 'failed', message: 'payment.error.generic' });
          return;
        }
        setPhase({ kind: 'redirecting' });
        window.location.assign(target);
        return;
      }
      await refreshBooking();
      if (answer.outcome === 'paid') {
        setPhase({ kind: 'confirmed' });
        await (onPaid ? onPaid() : navigate(paths.paymentSuccess.getHref(pnr)));
      } else if (answer.outcome === 'pending') {
        await navigate(paths.paymentSuccess.getHref(pnr));
      } else {
        await navigate(paths.booking.getHref(pnr));
      }
    } catch (error) {
      if (!isApiError(error)) {
        setPhase({ kind: 'failed', message: 'payment.error.generic' });
        return;
      }
      if (isDeclineCode(error.code)) {
        setDeclines((count) => count + 1);
        setPhase({ kind: 'failed', message: DECLINE_MESSAGES[error.code] });
        return;
      }
      if (error.isNetworkError || error.status >= 500 || error.code === 'CONFLICT') {
        // The answer was lost or the attempt is still being processed: retry it as it was.
        setPhase({ kind: 'failed', message: 'payment.error.network', retry: attempt });
        return;
      }
      if (error.code === 'BOOKING_ALREADY_PAID' || error.code === 'BOOKING_EXPIRED') {
        setPhase({
          kind: 'failed',
          message:
            error.code === 'BOOKING_ALREADY_PAID'
              ? 'payment.error.alreadyPaid'
              : 'payment.error.expired',
        });
        await refreshBooking();
        return;
      }
      if (error.code === 'PAYMENT_METHOD_DISABLED') {
        setPhase({ kind: 'failed', message: 'payment.error.methodDisabled' });
        await queryClient.invalidateQueries({ queryKey: ['booking', pnr.toUpperCase()] });
        return;
      }
      setPhase({
        kind: 'failed',
        message: error.code === 'PAYMENT_FAILED' ? 'payment.error.failed' : 'payment.error.generic',
      });
    }
  };

  const payByCard = async (option: PaymentOption, card: CardFields): Promise<CardField[]> => {
    setPhase({ kind: 'inProgress' });
    let token;
    try {
      token = await tokenizeCard(options.cardTokenization, card);
    } catch (error) {
      if (error instanceof CardTokenizationError && error.kind === 'fields') {
        setPhase({ kind: 'idle' });
        return [...error.fields];
      }
      setPhase({
        kind: 'failed',
        message:
          error instanceof CardTokenizationError && error.kind === 'network'
            ? 'payment.error.cardNetwork'
            : 'payment.error.cardGateway',
      });
      return [];
    }
    const request = { method: option.method, card: token } as PayRequest;
    await send(newPaymentAttempt(request));
    return [];
  };

  const payOtherwise = (option: PaymentOption) =>
    send(newPaymentAttempt({ method: option.method } as PayRequest));

  if (options.options.length === 0) {
    return <p role="alert">{intl.formatMessage({ id: 'payment.noMethods' })}</p>;
  }

  const amountOf = (option: PaymentOption) => formatMoney(intl, option.amount, option.currency);

  return (
    <div className={styles.methods}>
      <fieldset className={styles.methodList} disabled={disabled || busy}>
        <legend>{intl.formatMessage({ id: 'payment.chooseMethod' })}</legend>
        {options.options.map((option) => (
          <label key={option.method} className={styles.method}>
            <input
              type="radio"
              name="payment-method"
              value={option.method}
              checked={method === option.method}
              onChange={() => {
                setMethod(option.method);
                setPhase({ kind: 'idle' });
              }}
            />
            <span>{intl.formatMessage({ id: PAYMENT_METHOD_NAMES[option.method] })}</span>
            <span className={styles.methodAmount}>{amountOf(option)}</span>
          </label>
        ))}
      </fieldset>

      <div className={styles.status}>
        <p role="status" className={phase.kind === 'idle' ? 'visually-hidden' : undefined}>
          {phase.kind === 'inProgress'
            ? intl.formatMessage({ id: 'payment.state.inProgress' })
            : phase.kind === 'confirmed'
              ? intl.formatMessage({ id: 'payment.state.confirmed' })
              : phase.kind === 'redirecting'
                ? intl.formatMessage({ id: 'payment.state.redirecting' })
                : ''}
        </p>
        {phase.kind === 'failed' ? (
          <div role="alert" className={styles.failure}>
            <p className={styles.failureTitle}>
              {intl.formatMessage({ id: 'payment.state.failed' })}
            </p>
            <p>{intl.formatMessage({ id: phase.message })}</p>
            {phase.retry ? (
              <Button
                variant="secondary"
                onClick={() => {
                  if (phase.retry) void send(phase.retry);
                }}
              >
                {intl.formatMessage({ id: 'payment.retry' })}
              </Button>
            ) : null}
          </div>
        ) : null}
      </div>

      {chosen && !disabled ? (
        chosen.kind === 'card' ? (
          <CardForm
            key={chosen.method}
            submitLabel={intl.formatMessage(
              { id: 'payment.payAmount' },
              { amount: amountOf(chosen) },
            )}
            busy={busy}
            resetCount={declines}
            onSubmit={(card) => payByCard(chosen, card)}
          />
        ) : (
          <div className={styles.other}>
            <p>
              {intl.formatMessage(
                {
                  id:
                    chosen.kind === 'offline'
                      ? 'payment.airline.explanation'
                      : 'payment.redirect.explanation',
                },
                {
                  amount: amountOf(chosen),
                  provider: intl.formatMessage({ id: PAYMENT_METHOD_NAMES[chosen.method] }),
                },
              )}
            </p>
            <Button size="lg" loading={busy} onClick={() => void payOtherwise(chosen)}>
              {intl.formatMessage(
                {
                  id: chosen.kind === 'offline' ? 'payment.airline.confirm' : 'payment.redirect.go',
                },
                { provider: intl.formatMessage({ id: PAYMENT_METHOD_NAMES[chosen.method] }) },
              )}
            </Button>
          </div>
        )
      ) : null}
    </div>
  );
}
