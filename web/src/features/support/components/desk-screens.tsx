import { MESSAGE_MAX, type DeskTicket as Ticket } from '@uniquair/contract/support';
import type { MessageKey } from '@uniquair/i18n/messages';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { EmptyState, Screen } from '../../../components/layouts/screen.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { LabelledInput, LabelledTextArea } from '../../../components/ui/text-input.tsx';
import { paths } from '../../../config/paths.ts';
import { useCurrentUser } from '../../auth/api/get-current-user.ts';
import {
  deskAttachmentHref,
  useDeskAction,
  useDeskTicket,
  useDeskTickets,
  type DeskStatus,
} from '../api/desk.ts';
import { AttachmentsInput } from './attachments-input.tsx';
import styles from './support.module.css';
import {
  TicketQuery,
  TicketsQuery,
  TicketPage,
  Conversation,
  StatusFilter,
  useStatusPages,
  failureText,
  when,
} from './ticket-parts.tsx';

const STATUSES: readonly DeskStatus[] = ['open', 'closed'];

/**
 * The support team's pages open for agents only: anyone else signed in reads why, instead of a
 * page whose every call is refused.
 */
function AgentsOnly({ title, children }: { readonly title: string; readonly children: ReactNode }) {
  const intl = useIntl();
  const { user } = useCurrentUser();
  if (!user?.roles.includes('support_agent')) {
    return (
      <Screen title={title}>
        <EmptyState
          action={
            <Link to={paths.supportTickets.getHref()}>
              {intl.formatMessage({ id: 'support.title' })}
            </Link>
          }
        >
          {intl.formatMessage({ id: 'support.desk.forbidden' })}
        </EmptyState>
      </Screen>
    );
  }
  return children;
}

/** `/support/desk` (agents): the queue, longest waiting first; by status, PNR or address. */
export function DeskQueue() {
  const intl = useIntl();
  const title = intl.formatMessage({ id: 'support.desk.title' });
  return (
    <AgentsOnly title={title}>
      <Screen title={title}>
        <Queue />
      </Screen>
    </AgentsOnly>
  );
}

function Queue() {
  const intl = useIntl();
  const { status, choose, page, setPage } = useStatusPages<DeskStatus>('open');
  const [draft, setDraft] = useState('');
  const [q, setQ] = useState('');
  const tickets = useDeskTickets(status, q, page);
  const search = (event: FormEvent) => {
    event.preventDefault();
    setQ(draft.trim());
    setPage(1);
  };
  return (
    <>
      <form className={styles.search} role="search" onSubmit={search}>
        <LabelledInput
          label={intl.formatMessage({ id: 'support.desk.search' })}
          type="search"
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
        />
        <Button type="submit" variant="secondary">
          {intl.formatMessage({ id: 'support.desk.searchButton' })}
        </Button>
      </form>
      <StatusFilter choices={STATUSES} value={status} onChange={choose} />
      <TicketsQuery query={tickets} empty="support.desk.none">
        {(data) => (
          <TicketPage
            tickets={data.tickets}
            page={page}
            pages={data.pages}
            onPage={setPage}
            href={paths.supportDeskTicket.getHref}
            unreadText="support.unread.message"
            meta={(ticket) =>
              [
                intl.formatMessage({ id: 'support.desk.number' }, { id: ticket.id }),
                ticket.travellerEmail,
                ticket.pnr,
                ticket.waitingSince
                  ? intl.formatMessage(
                      { id: 'support.desk.waiting' },
                      { date: when(intl, ticket.waitingSince) },
                    )
                  : intl.formatMessage(
                      { id: 'support.desk.answered' },
                      { date: when(intl, ticket.updatedAt) },
                    ),
              ]
                .filter(Boolean)
                .join(' · ')
            }
          />
        )}
      </TicketsQuery>
    </>
  );
}

/** `/support/desk/{id}` (agents): the conversation with notes, the traveller and the booking. */
export function DeskTicket({ id }: { readonly id: number }) {
  const intl = useIntl();
  const title = intl.formatMessage({ id: 'support.ticketTitle' }, { id });
  return (
    <AgentsOnly title={title}>
      <DeskTicketView id={id} title={title} />
    </AgentsOnly>
  );
}

function DeskTicketView({ id, title }: { readonly id: number; readonly title: string }) {
  const intl = useIntl();
  const ticket = useDeskTicket(id);
  const back = (
    <p>
      <Link to={paths.supportDesk.getHref()}>
        {intl.formatMessage({ id: 'support.desk.back' })}
      </Link>
    </p>
  );
  return (
    <TicketQuery query={ticket} title={title} back={back}>
      {(current) => (
        <>
          <div className={styles.desk}>
            <TicketFacts ticket={current} />
            <div className={styles.thread}>
              <Conversation
                ticket={current}
                travellerName="support.desk.traveller"
                attachmentHref={deskAttachmentHref(current.id)}
              />
              <DeskReply ticket={current} />
            </div>
          </div>
          {back}
        </>
      )}
    </TicketQuery>
  );
}

/** Who wrote, since when they wait, and the booking the ticket is about. */
function TicketFacts({ ticket }: { readonly ticket: Ticket }) {
  const intl = useIntl();
  const t = (id: MessageKey) => intl.formatMessage({ id });
  const { traveller, booking } = ticket;
  return (
    <aside aria-labelledby="desk-facts">
      <h2 id="desk-facts">{t('support.desk.about')}</h2>
      <dl className={styles.facts}>
        <dt>{t('support.desk.traveller')}</dt>
        <dd>
          {traveller
            ? `${traveller.firstName} ${traveller.lastName}, ${traveller.email}`
            : t('support.desk.noAccount')}
        </dd>
        <dt>{t('support.desk.waitingTitle')}</dt>
        <dd>
          {ticket.waitingSince ? when(intl, ticket.waitingSince) : t('support.desk.notWaiting')}
        </dd>
        <dt>{t('support.desk.booking')}</dt>
        <dd>
          {booking ? (
            <>
              {booking.pnr},{' '}
              {intl.formatMessage({ id: 'bookings.status' }, { status: booking.status })}
              <br />
              {intl.formatMessage(
                { id: booking.returnDate ? 'support.desk.tripReturn' : 'support.desk.trip' },
                {
                  origin: booking.origin,
                  destination: booking.destination,
                  departure: intl.formatDate(booking.departureDate, { dateStyle: 'medium' }),
                  return: booking.returnDate
                    ? intl.formatDate(booking.returnDate, { dateStyle: 'medium' })
                    : '',
                },
              )}
            </>
          ) : (
            t('support.desk.noBooking')
          )}
        </dd>
      </dl>
    </aside>
  );
}

/**
 * A reply to the traveller (e-mailed to them) or an internal note; closing. A closed ticket
 * takes notes only.
 */
function DeskReply({ ticket }: { readonly ticket: Ticket }) {
  const intl = useIntl();
  const action = useDeskAction(ticket.id);
  const [body, setBody] = useState('');
  const [note, setNote] = useState(false);
  const [files, setFiles] = useState<File[]>([]);
  // A new picker set after each message sent: the sent images leave the form with it.
  const [sent, setSent] = useState(0);
  const open = ticket.status === 'open';
  const internal = note || !open;
  const send = (event: FormEvent) => {
    event.preventDefault();
    if (body.trim() === '') return;
    action.mutate(
      { kind: 'message', body, internal, files },
      {
        onSuccess: () => {
          setBody('');
          setFiles([]);
          setSent(sent + 1);
        },
      },
    );
  };
  return (
    <form className={styles.form} onSubmit={send} noValidate>
      {action.isError ? <p role="alert">{failureText(intl, action.error)}</p> : null}
      {open ? null : <p>{intl.formatMessage({ id: 'support.desk.closedNote' })}</p>}
      {open ? (
        <label className={styles.check}>
          <input
            type="checkbox"
            checked={note}
            onChange={(event) => setNote(event.target.checked)}
          />
          {intl.formatMessage({ id: 'support.desk.noteCheckbox' })}
        </label>
      ) : null}
      <LabelledTextArea
        label={intl.formatMessage({
          id: internal ? 'support.desk.noteLabel' : 'support.desk.replyField',
        })}
        maxLength={MESSAGE_MAX}
        value={body}
        onChange={(event) => setBody(event.target.value)}
      />
      <AttachmentsInput key={sent} onChange={setFiles} />
      <div className={styles.actions}>
        <Button type="submit" loading={action.isPending} disabled={body.trim() === ''}>
          {intl.formatMessage({ id: internal ? 'support.desk.addNote' : 'support.ticket.send' })}
        </Button>
        {open ? (
          <Button variant="secondary" onClick={() => action.mutate({ kind: 'close' })}>
            {intl.formatMessage({ id: 'support.desk.close' })}
          </Button>
        ) : null}
      </div>
    </form>
  );
}
