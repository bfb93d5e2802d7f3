import { MESSAGE_MAX, SHORT_DESCRIPTION_MAX, SUBJECT_MAX } from '@uniquair/contract/support';
import type { MessageKey } from '@uniquair/i18n/messages';
import { useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { Link, Navigate, useNavigate } from 'react-router';
import { Screen, screenStyles } from '../../../components/layouts/screen.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { LabelledInput, LabelledTextArea } from '../../../components/ui/text-input.tsx';
import { paths } from '../../../config/paths.ts';
import { useOnline } from '../../../lib/pwa/online-status.ts';
import { useCurrentUser } from '../../auth/api/get-current-user.ts';
import { isApiError } from '../../../lib/api-client.ts';
import {
  attachmentHref,
  useKeepDraft,
  useOpenTicket,
  useWaitingDrafts,
  useSupportTicket,
  useSupportTickets,
  useTicketAction,
  type TicketStatusFilter,
} from '../api/tickets.ts';
import styles from './support.module.css';
import { TravellerReply } from './traveller-reply.tsx';
import {
  TicketQuery,
  TicketsQuery,
  TicketPage,
  Conversation,
  STATUS_TEXT,
  StatusFilter,
  useStatusPages,
  failureText,
  when,
} from './ticket-parts.tsx';

const FILTERS: readonly TicketStatusFilter[] = ['all', 'open', 'closed'];

/** `/support/tickets/` (signed in): the traveller's tickets, newest activity first. */
export function SupportTickets() {
  const intl = useIntl();
  const { status, choose, page, setPage } = useStatusPages<TicketStatusFilter>('all');
  const tickets = useSupportTickets(status, page);
  return (
    <Screen title={intl.formatMessage({ id: 'support.title' })}>
      <div className={screenStyles.links}>
        <Link className={screenStyles.action} to={paths.supportTicketsOpen.getHref()}>
          {intl.formatMessage({ id: 'support.openTitle' })}
        </Link>
      </div>
      <WaitingTickets />
      <StatusFilter choices={FILTERS} value={status} onChange={choose} />
      <TicketsQuery query={tickets} empty="support.none">
        {(data) => (
          <>
            <p>{intl.formatMessage({ id: 'support.openCount' }, { count: data.open })}</p>
            {data.unread > 0 ? (
              <p>{intl.formatMessage({ id: 'support.unread.count' }, { count: data.unread })}</p>
            ) : null}
            <TicketPage
              tickets={data.tickets}
              page={page}
              pages={data.pages}
              onPage={setPage}
              href={paths.supportTicket.getHref}
              unreadText="support.unread.reply"
              meta={(ticket) => (
                <>
                  {intl.formatMessage(
                    { id: 'support.itemMeta' },
                    {
                      status: intl.formatMessage({ id: STATUS_TEXT[ticket.status] }),
                      date: when(intl, ticket.updatedAt),
                    },
                  )}
                  {ticket.pnr
                    ? ` · ${intl.formatMessage({ id: 'support.aboutBooking' }, { pnr: ticket.pnr })}`
                    : null}
                </>
              )}
            />
          </>
        )}
      </TicketsQuery>
    </Screen>
  );
}

/** Tickets written offline and kept on the device until the connection returns. */
function WaitingTickets() {
  const intl = useIntl();
  const owner = useCurrentUser().user?.email ?? null;
  const waiting = (useWaitingDrafts(owner).data ?? []).flatMap((draft) =>
    draft.kind === 'open' ? [draft] : [],
  );
  if (waiting.length === 0) return null;
  return (
    <section aria-labelledby="support-waiting">
      <h2 id="support-waiting">{intl.formatMessage({ id: 'support.draft.waiting' })}</h2>
      <p role="status">{intl.formatMessage({ id: 'support.draft.kept' })}</p>
      <ul className={styles.list}>
        {waiting.map((draft) => (
          <li key={draft.key} className={styles.item}>
            {draft.request.subject}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** `/support/tickets/open` and `/bookings/{pnr}/open-ticket` (signed in). */
export function OpenTicket({ pnr }: { readonly pnr: string | null }) {
  const intl = useIntl();
  const navigate = useNavigate();
  const open = useOpenTicket();
  const online = useOnline();
  const owner = useCurrentUser().user?.email ?? null;
  const keepDraft = useKeepDraft();
  const [subject, setSubject] = useState('');
  const [shortDescription, setShortDescription] = useState('');
  const [description, setDescription] = useState('');
  const [missing, setMissing] = useState(false);
  // One key per draft: sending it again (a lost answer) never opens a second ticket.
  const [key] = useState(() => crypto.randomUUID());
  const fieldError = (field: string): string | undefined => {
    if (missing && { subject, shortDescription, description }[field]?.trim() === '') {
      return intl.formatMessage({ id: 'support.form.required' });
    }
    return isApiError(open.error) ? open.error.errors[`body.${field}`]?.[0] : undefined;
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if ([subject, shortDescription, description].some((text) => text.trim() === '')) {
      setMissing(true);
      return;
    }
    const request = { subject, shortDescription, description, ...(pnr ? { pnr } : {}) };
    // Without a connection the draft waits on the device, under the key it will be sent with.
    const keep = async () => {
      if (owner === null) return;
      await keepDraft({ key, owner, kind: 'open', request, savedAt: new Date().toISOString() });
      void navigate(paths.supportTickets.getHref());
    };
    if (!online) {
      void keep();
      return;
    }
    open.mutate(
      { request, key },
      {
        onSuccess: ({ ticket }) => void navigate(paths.supportTicket.getHref(ticket.id)),
        onError: (error) => {
          if (isApiError(error) && error.isNetworkError) void keep();
        },
      },
    );
  };
  const label = (id: MessageKey) => intl.formatMessage({ id });
  // A refusal about a field is said beside it; any other above the button.
  const onFields =
    isApiError(open.error) &&
    Object.keys(open.error.errors).some((field) => field.startsWith('body.'));
  return (
    <Screen
      title={label('support.openTitle')}
      lead={pnr ? intl.formatMessage({ id: 'support.aboutBooking' }, { pnr }) : undefined}
    >
      <p>{label('support.openText')}</p>
      <form className={styles.form} onSubmit={submit} noValidate>
        <LabelledInput
          label={label('support.form.subject')}
          required
          maxLength={SUBJECT_MAX}
          value={subject}
          onChange={(event) => setSubject(event.target.value)}
          error={fieldError('subject')}
        />
        <LabelledInput
          label={label('support.form.shortDescription')}
          required
          maxLength={SHORT_DESCRIPTION_MAX}
          value={shortDescription}
          onChange={(event) => setShortDescription(event.target.value)}
          error={fieldError('shortDescription')}
        />
        <LabelledTextArea
          label={label('support.form.description')}
          required
          maxLength={MESSAGE_MAX}
          value={description}
          onChange={(event) => setDescription(event.target.value)}
          error={fieldError('description')}
        />
        {open.isError && !onFields ? <p role="alert">{failureText(intl, open.error)}</p> : null}
        <div className={styles.actions}>
          <Button type="submit" loading={open.isPending}>
            {label('support.form.submit')}
          </Button>
        </div>
      </form>
    </Screen>
  );
}

/** `/support/ticket/{id}` (signed in, or a visitor by the e-mailed link): the conversation, a reply, closing and reopening. */
export function SupportTicket({ id }: { readonly id: number }) {
  const intl = useIntl();
  const ticket = useSupportTicket(id);
  const action = useTicketAction(id);
  // A visitor without an account (here by the e-mailed link) has no list: the contact page.
  const back = useCurrentUser().isLogged ? (
    <Link to={paths.supportTickets.getHref()}>{intl.formatMessage({ id: 'support.title' })}</Link>
  ) : (
    <Link to={paths.contactUs.getHref()}>{intl.formatMessage({ id: 'nav.contactUs' })}</Link>
  );
  if (isApiError(ticket.error) && ticket.error.status === 401) {
    // Neither signed in nor holding an e-mailed link's cookie: sign in, then come back here.
    return <Navigate replace to={paths.signin.getHref(paths.supportTicket.getHref(id))} />;
  }
  return (
    <TicketQuery
      query={ticket}
      title={intl.formatMessage({ id: 'support.ticketTitle' }, { id })}
      back={back}
    >
      {(current) => (
        <>
          {current.pnr ? (
            <p>
              <Link to={paths.booking.getHref(current.pnr)}>
                {intl.formatMessage({ id: 'support.aboutBooking' }, { pnr: current.pnr })}
              </Link>
            </p>
          ) : null}
          <Conversation
            ticket={current}
            travellerName="support.ticket.you"
            attachmentHref={attachmentHref(current.id)}
          />
          {current.status === 'open' ? (
            <TravellerReply ticket={current} />
          ) : (
            <div className={styles.actions}>
              {action.isError ? <p role="alert">{failureText(intl, action.error)}</p> : null}
              <p>{intl.formatMessage({ id: 'support.ticket.closedNote' })}</p>
              <Button variant="secondary" onClick={() => action.mutate({ kind: 'reopen' })}>
                {intl.formatMessage({ id: 'support.ticket.reopen' })}
              </Button>
            </div>
          )}
          <p>{back}</p>
        </>
      )}
    </TicketQuery>
  );
}
