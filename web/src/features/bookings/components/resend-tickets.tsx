import { ResendTicketsRequestSchema } from '@uniquair/contract/booking-manage';
import type { MessageKey } from '@uniquair/i18n/messages';
import { useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { Button } from '../../../components/ui/button.tsx';
import { TextInput } from '../../../components/ui/text-input.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { useResendTickets } from '../api/manage-booking.ts';
import styles from './booking-manage.module.css';

/** Why a re-send failed, in words. */
function problemOf(error: unknown): MessageKey {
  if (isApiError(error) && error.code === 'TICKET_RESEND_LIMIT') {
    return 'manageBooking.resend.apiLimit';
  }
  if (isApiError(error) && error.code === 'VALIDATION_ERROR') {
    return 'manageBooking.resend.invalidEmail';
  }
  return 'manageBooking.resend.failed';
}

/** "Send the tickets to another address" on the booking page of a confirmed booking. */
export function ResendTickets({ pnr }: { readonly pnr: string }) {
  const intl = useIntl();
  const resend = useResendTickets(pnr);
  const [email, setEmail] = useState('');
  const [fieldError, setFieldError] = useState<MessageKey | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSentTo(null);
    const parsed = ResendTicketsRequestSchema.safeParse({ email: email.trim() });
    if (!parsed.success) {
      setFieldError('manageBooking.resend.invalidEmail');
      return;
    }
    setFieldError(null);
    resend.mutate(parsed.data.email, { onSuccess: ({ sentTo: to }) => setSentTo(to) });
  };

  return (
    <section className={styles.section} aria-labelledby="booking-resend">
      <h2 id="booking-resend">{intl.formatMessage({ id: 'manageBooking.resend.title' })}</h2>
      <form className={styles.form} onSubmit={submit} noValidate>
        <TextInput
          label={intl.formatMessage({ id: 'manageBooking.resend.email' })}
          type="email"
          name="email"
          autoComplete="email"
          required
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          {...(fieldError === null ? {} : { error: intl.formatMessage({ id: fieldError }) })}
        />
        <div className={styles.actions}>
          <Button type="submit" loading={resend.isPending}>
            {intl.formatMessage({ id: 'manageBooking.resend.submit' })}
          </Button>
        </div>
      </form>
      <p role="status">
        {sentTo === null
          ? null
          : intl.formatMessage({ id: 'manageBooking.resend.sent' }, { email: sentTo })}
      </p>
      {resend.isError ? (
        <p role="alert" className={styles.problem}>
          {intl.formatMessage({ id: problemOf(resend.error) })}
        </p>
      ) : null}
    </section>
  );
}
