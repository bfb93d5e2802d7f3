import { MESSAGE_MAX, SUBJECT_MAX } from '@uniquair/contract/support';
import type { MessageKey } from '@uniquair/i18n/messages';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { screenStyles } from '../../../components/layouts/screen.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { LabelledInput, LabelledTextArea } from '../../../components/ui/text-input.tsx';
import { paths } from '../../../config/paths.ts';
import { isApiError } from '../../../lib/api-client.ts';
import { useLocale } from '../../../lib/i18n.ts';
import { useCurrentUser } from '../../auth/api/get-current-user.ts';
import { useVisitorRequest } from '../api/visitor-requests.ts';
import styles from './support.module.css';
import { failureText } from './ticket-parts.tsx';

type Field = 'email' | 'subject' | 'description' | 'pnr' | 'lastName';
const EMPTY: Readonly<Record<Field, string>> = {
  email: '',
  subject: '',
  description: '',
  pnr: '',
  lastName: '',
};

/**
 * The contact page's way to the support team. Signed in: links to open a ticket and to the
 * tickets. Not signed in: a form (e-mail, subject, description, optionally a booking with its
 * surname) whose ticket waits until the address is confirmed through the e-mailed link.
 */
export function ContactSupport() {
  const intl = useIntl();
  if (useCurrentUser().isLogged) {
    return (
      <section className={styles.contact} aria-labelledby="contact-support">
        <h2 id="contact-support">{intl.formatMessage({ id: 'support.visitor.title' })}</h2>
        <div className={screenStyles.links}>
          <Link className={screenStyles.action} to={paths.supportTicketsOpen.getHref()}>
            {intl.formatMessage({ id: 'support.openTitle' })}
          </Link>
          <Link to={paths.supportTickets.getHref()}>
            {intl.formatMessage({ id: 'support.title' })}
          </Link>
        </div>
      </section>
    );
  }
  return <VisitorRequest />;
}

function VisitorRequest() {
  const intl = useIntl();
  const { locale } = useLocale();
  const send = useVisitorRequest();
  const [values, setValues] = useState(EMPTY);
  const [checked, setChecked] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [attempts, setAttempts] = useState(0);
  const form = useRef<HTMLFormElement>(null);
  const text = (id: MessageKey) => intl.formatMessage({ id });
  // After a refused try, the keyboard and the screen reader start at the first field to fix.
  useEffect(() => {
    if (attempts > 0) form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [attempts, send.error]);

  const bookingPartMissing = (field: 'pnr' | 'lastName') =>
    values[field].trim() === '' && values[field === 'pnr' ? 'lastName' : 'pnr'].trim() !== '';
  const localError = (field: Field): string | undefined => {
    if (!checked) return undefined;
    if (field === 'pnr' || field === 'lastName') {
      return bookingPartMissing(field)
        ? text(field === 'pnr' ? 'support.visitor.pnrMissing' : 'support.visitor.lastNameMissing')
        : undefined;
    }
    return values[field].trim() === '' ? text('support.form.required') : undefined;
  };
  const fieldError = (field: Field): string | undefined =>
    localError(field) ??
    (isApiError(send.error) ? send.error.errors[`body.${field}`]?.[0] : undefined);
  const set = (field: Field) => (event: { target: { value: string } }) =>
    setValues({ ...values, [field]: event.target.value });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setChecked(true);
    setAttempts(attempts + 1);
    const required: Field[] = ['email', 'subject', 'description'];
    if (
      required.some((field) => values[field].trim() === '') ||
      bookingPartMissing('pnr') ||
      bookingPartMissing('lastName')
    ) {
      return;
    }
    const pnr = values.pnr.trim().toUpperCase();
    const email = values.email.trim();
    send.mutate(
      {
        email,
        subject: values.subject,
        description: values.description,
        locale,
        ...(pnr === '' ? {} : { pnr, lastName: values.lastName.trim() }),
      },
      { onSuccess: () => setSentTo(email) },
    );
  };

  if (sentTo !== null) {
    return (
      <section className={styles.contact} aria-labelledby="contact-support">
        <h2 id="contact-support">{text('support.visitor.sentTitle')}</h2>
        <p role="status">{intl.formatMessage({ id: 'support.visitor.sent' }, { email: sentTo })}</p>
        <Button
          variant="secondary"
          onClick={() => {
            send.reset();
            setValues(EMPTY);
            setChecked(false);
            setSentTo(null);
          }}
        >
          {text('support.visitor.another')}
        </Button>
      </section>
    );
  }

  // A refusal about a field is said beside it; any other above the button.
  const onFields =
    isApiError(send.error) &&
    Object.keys(send.error.errors).some((field) => field.startsWith('body.'));
  return (
    <section className={styles.contact} aria-labelledby="contact-support">
      <h2 id="contact-support">{text('support.visitor.title')}</h2>
      <p>{text('support.visitor.lead')}</p>
      <p>
        <Link to={paths.signin.getHref(paths.supportTicketsOpen.getHref())}>
          {text('support.visitor.signIn')}
        </Link>
      </p>
      <form ref={form} className={styles.form} onSubmit={submit} noValidate>
        <LabelledInput
          label={text('support.visitor.email')}
          type="email"
          autoComplete="email"
          required
          maxLength={254}
          value={values.email}
          onChange={set('email')}
          error={fieldError('email')}
        />
        <LabelledInput
          label={text('support.form.subject')}
          required
          maxLength={SUBJECT_MAX}
          value={values.subject}
          onChange={set('subject')}
          error={fieldError('subject')}
        />
        <LabelledTextArea
          label={text('support.visitor.description')}
          required
          maxLength={MESSAGE_MAX}
          value={values.description}
          onChange={set('description')}
          error={fieldError('description')}
        />
        <fieldset className={styles.booking}>
          <legend>{text('support.visitor.bookingLegend')}</legend>
          <LabelledInput
            label={text('support.visitor.pnr')}
            autoComplete="off"
            autoCapitalize="characters"
            maxLength={7}
            value={values.pnr}
            onChange={set('pnr')}
            error={fieldError('pnr')}
          />
          <LabelledInput
            label={text('support.visitor.lastName')}
            autoComplete="family-name"
            maxLength={100}
            value={values.lastName}
            onChange={set('lastName')}
            error={fieldError('lastName')}
          />
        </fieldset>
        {send.isError && !onFields ? <p role="alert">{failureText(intl, send.error)}</p> : null}
        <div className={styles.actions}>
          <Button type="submit" loading={send.isPending}>
            {text('support.form.submit')}
          </Button>
        </div>
      </form>
    </section>
  );
}
