import { useEffect, useRef, useState } from 'react';
import { useForm, type FieldErrors } from 'react-hook-form';
import { useIntl } from 'react-intl';
import type { MessageKey } from '@uniquair/i18n/messages';
import { Button } from '../../../components/ui/button.tsx';
import { ErrorSummary } from '../../../components/ui/error-summary.tsx';
import { SelectInput } from '../../../components/ui/select-input.tsx';
import { TextInput } from '../../../components/ui/text-input.tsx';
import { TextMaskInput } from '../../../components/ui/text-mask-input.tsx';
import {
  cardDigits,
  isCardExpired,
  isCardNumber,
  isSecurityCode,
} from '@uniquair/domain/payments/card-number';
import type { CardField, CardFields } from '../api/tokenize-card.ts';
import styles from './payment.module.css';

/** The card form as typed: month and year are the selects' values ('' until chosen). */
interface CardFormValues {
  holder: string;
  number: string;
  expMonth: string;
  expYear: string;
  cvc: string;
}

const FIELD_IDS: Record<CardField, string> = {
  holder: 'card-holder',
  number: 'card-number',
  expMonth: 'card-exp-month',
  expYear: 'card-exp-year',
  cvc: 'card-cvc',
};

const FIELD_ORDER: readonly CardField[] = ['holder', 'number', 'expMonth', 'expYear', 'cvc'];

const EMPTY: CardFormValues = { holder: '', number: '', expMonth: '', expYear: '', cvc: '' };

/** Messages for fields the gateway refused, one per field, in the visitor's language. */
const GATEWAY_FIELD_MESSAGES = {
  holder: 'payment.card.holderRequired',
  number: 'payment.card.numberInvalid',
  expMonth: 'payment.card.expiryInvalid',
  expYear: 'payment.card.expiryInvalid',
  cvc: 'payment.card.cvcInvalid',
} as const;

export interface CardFormProps {
  /** The button's text: 'Pay €123.45'. */
  readonly submitLabel: string;
  readonly busy: boolean;
  /**
   * Called with the card fields once they pass the checks; resolves with the fields the gateway
   * refused (empty when it gave a token).
   */
  readonly onSubmit: (card: CardFields) => Promise<readonly CardField[]>;
  /** Bumped by the page after a declined payment: the security code is cleared. */
  readonly resetCount: number;
  readonly today?: Date;
}

/**
 * Card holder, number (masked in groups of four), expiry month and year, security code. The
 * values live in this form only: they are handed to the gateway's tokenisation call and never
 * stored, logged or sent to our API. A submit with mistakes shows an error summary that takes
 * focus and links to each field.
 */
export function CardForm({ submitLabel, busy, onSubmit, resetCount, today }: CardFormProps) {
  const intl = useIntl();
  const now = today ?? new Date();
  const form = useForm<CardFormValues>({ defaultValues: EMPTY, shouldFocusError: false });
  const { register, handleSubmit, formState, setError, getValues, resetField } = form;
  const [summaryShown, setSummaryShown] = useState(0);
  const summaryRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (summaryShown > 0) summaryRef.current?.focus();
  }, [summaryShown]);

  useEffect(() => {
    if (resetCount > 0) resetField('cvc');
  }, [resetCount, resetField]);

  const message = (id: MessageKey) => intl.formatMessage({ id });

  const onInvalid = (_errors: FieldErrors<CardFormValues>) => setSummaryShown((count) => count + 1);

  const onValid = async (values: CardFormValues) => {
    const refused = await onSubmit({
      holder: values.holder.trim(),
      number: cardDigits(values.number),
      expMonth: Number(values.expMonth),
      expYear: Number(values.expYear),
      cvc: values.cvc,
    });
    if (refused.length === 0) return;
    for (const field of refused) {
      setError(field, { type: 'gateway', message: message(GATEWAY_FIELD_MESSAGES[field]) });
    }
    setSummaryShown((count) => count + 1);
  };

  const thisYear = now.getFullYear();
  const months = Array.from({ length: 12 }, (_, index) => {
    const month = index + 1;
    return {
      value: String(month),
      label: `${String(month).padStart(2, '0')} – ${intl.formatDate(Date.UTC(2000, index, 1), {
        month: 'long',
        timeZone: 'UTC',
      })}`,
    };
  });
  const years = Array.from({ length: 16 }, (_, index) => ({
    value: String(thisYear + index),
    label: String(thisYear + index),
  }));

  const errors = FIELD_ORDER.flatMap((field) => {
    const text = formState.errors[field]?.message;
    return text ? [{ fieldId: FIELD_IDS[field], text }] : [];
  });

  return (
    <form
      className={styles.cardForm}
      noValidate
      onSubmit={(event) => void handleSubmit(onValid, onInvalid)(event)}
      aria-label={intl.formatMessage({ id: 'payment.card.formLabel' })}
    >
      {summaryShown > 0 ? (
        <ErrorSummary
          ref={summaryRef}
          problems={errors}
          heading={message('payment.card.errorSummary')}
          headingId="card-error-summary"
          headingLevel={3}
          className={styles.errorSummary}
        />
      ) : null}
      <p className={styles.muted}>{message('payment.card.secureNote')}</p>
      <TextInput
        id={FIELD_IDS.holder}
        label={message('payment.card.holder')}
        autoComplete="cc-name"
        required
        error={formState.errors.holder?.message}
        {...register('holder', {
          validate: (value) => value.trim() !== '' || message('payment.card.holderRequired'),
        })}
      />
      <TextMaskInput
        id={FIELD_IDS.number}
        label={message('payment.card.number')}
        mask="#### #### #### #### ###"
        autoComplete="cc-number"
        type="tel"
        required
        error={formState.errors.number?.message}
        {...register('number', {
          validate: (value) =>
            cardDigits(value) === ''
              ? message('payment.card.numberRequired')
              : isCardNumber(value) || message('payment.card.numberInvalid'),
        })}
      />
      <fieldset className={styles.expiry}>
        <legend>{message('payment.card.expiry')}</legend>
        <SelectInput
          id={FIELD_IDS.expMonth}
          label={message('payment.card.expMonth')}
          options={months}
          placeholder={message('payment.card.choose')}
          autoComplete="cc-exp-month"
          required
          error={formState.errors.expMonth?.message}
          {...register('expMonth', {
            validate: (value) => value !== '' || message('payment.card.expMonthRequired'),
          })}
        />
        <SelectInput
          id={FIELD_IDS.expYear}
          label={message('payment.card.expYear')}
          options={years}
          placeholder={message('payment.card.choose')}
          autoComplete="cc-exp-year"
          required
          error={formState.errors.expYear?.message}
          {...register('expYear', {
            validate: (value) => {
              if (value === '') return message('payment.card.expYearRequired');
              const month = Number(getValues('expMonth'));
              const today = { month: now.getMonth() + 1, year: now.getFullYear() };
              if (month >= 1 && isCardExpired({ month, year: Number(value) }, today)) {
                return message('payment.card.expired');
              }
              return true;
            },
          })}
        />
      </fieldset>
      <TextMaskInput
        id={FIELD_IDS.cvc}
        label={message('payment.card.cvc')}
        hint={message('payment.card.cvcHint')}
        mask="####"
        autoComplete="cc-csc"
        type="tel"
        required
        className={styles.cvc}
        error={formState.errors.cvc?.message}
        {...register('cvc', {
          validate: (value) =>
            isSecurityCode(value, getValues('number')) || message('payment.card.cvcInvalid'),
        })}
      />
      <Button type="submit" size="lg" loading={busy}>
        {submitLabel}
      </Button>
    </form>
  );
}
