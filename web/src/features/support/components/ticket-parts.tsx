import type { SupportMessage, SupportTicket } from '@uniquair/contract/support';
import type { MessageKey } from '@uniquair/i18n/messages';
import type { UseQueryResult } from '@tanstack/react-query';
import { useCallback, useId, useState, type ReactNode } from 'react';
import { useIntl, type IntlShape } from 'react-intl';
import { Link } from 'react-router';
import { EmptyState, Screen } from '../../../components/layouts/screen.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { RetryAlert } from '../../../components/ui/retry-alert.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import styles from './support.module.css';

/** The parts the traveller's screens and the team's desk share. */

export const STATUS_TEXT = {
  open: 'support.status.open',
  closed: 'support.status.closed',
} as const satisfies Record<SupportTicket['status'], MessageKey>;

export function when(intl: IntlShape, instant: string): string {
  return intl.formatDate(instant, { dateStyle: 'medium', timeStyle: 'short' });
}

/**
 * What went wrong, in words: the server's own text for the field or the request when it sent
 * one (it answers in the visitor's language), else a general one.
 */
export function failureText(intl: IntlShape, error: unknown): string {
  if (isApiError(error)) {
    if (error.isNetworkError) return intl.formatMessage({ id: 'support.offline' });
    const first = Object.values(error.errors).flat()[0];
    if (first) return first;
  }
  return intl.formatMessage({ id: 'support.failed' });
}

/**
 * A list of tickets as it loads: a spinner, a failure with Retry, the `empty` text when there is
 * no ticket, else the list `children` draws.
 */
export function TicketsQuery<T extends { readonly tickets: readonly unknown[] }>({
  query,
  empty,
  children,
}: {
  readonly query: UseQueryResult<T>;
  readonly empty: MessageKey;
  readonly children: (data: T) => ReactNode;
}) {
  const intl = useIntl();
  if (query.isPending) return <Spinner size={48} />;
  if (query.isError) {
    return (
      <RetryAlert onRetry={() => void query.refetch()}>{failureText(intl, query.error)}</RetryAlert>
    );
  }
  if (query.data.tickets.length === 0) {
    return <EmptyState>{intl.formatMessage({ id: empty })}</EmptyState>;
  }
  return children(query.data);
}

/**
 * One ticket as a page: while it loads, in a page titled `title`, a spinner, "could not be found"
 * with the way `back` for a 404, or a failure with Retry; once there, a page with the ticket's
 * subject and status line whose content `children` draws.
 */
export function TicketQuery<T extends Pick<SupportTicket, 'id' | 'subject' | 'status'>>({
  query,
  title,
  back,
  children,
}: {
  readonly query: UseQueryResult<T>;
  readonly title: string;
  readonly back: ReactNode;
  readonly children: (data: T) => ReactNode;
}) {
  const intl = useIntl();
  if (query.isSuccess) {
    const ticket = query.data;
    return (
      <Screen
        title={ticket.subject}
        lead={intl.formatMessage(
          { id: 'support.ticket.statusLine' },
          { id: ticket.id, status: intl.formatMessage({ id: STATUS_TEXT[ticket.status] }) },
        )}
      >
        {children(ticket)}
      </Screen>
    );
  }
  const missing = isApiError(query.error) && query.error.status === 404;
  return (
    <Screen title={title}>
      {query.isPending ? (
        <Spinner size={48} />
      ) : missing ? (
        <EmptyState action={back}>{intl.formatMessage({ id: 'support.ticketMissing' })}</EmptyState>
      ) : (
        <RetryAlert onRetry={() => void query.refetch()}>
          {failureText(intl, query.error)}
        </RetryAlert>
      )}
    </Screen>
  );
}

/**
 * "New reply" (the traveller's list) or "New message" (the desk's) beside an unread ticket: in
 * words, not by colour alone.
 */
export function UnreadTag({
  unread,
  text,
}: {
  readonly unread: boolean;
  readonly text: MessageKey;
}) {
  const intl = useIntl();
  return unread ? <span className={styles.unread}>{intl.formatMessage({ id: text })}</span> : null;
}

/** A list's status filter and page: a new filter starts again at the first page. */
export function useStatusPages<T extends 'all' | 'open' | 'closed'>(initial: T) {
  const [status, setStatus] = useState<T>(initial);
  const [page, setPage] = useState(1);
  const choose = useCallback((choice: T) => {
    setStatus(choice);
    setPage(1);
  }, []);
  return { status, choose, page, setPage } as const;
}

/** Which tickets a list shows, by status, as a group of radio buttons. */
export function StatusFilter<T extends 'all' | 'open' | 'closed'>({
  choices,
  value,
  onChange,
}: {
  readonly choices: readonly T[];
  readonly value: T;
  readonly onChange: (value: T) => void;
}) {
  const intl = useIntl();
  const name = useId();
  return (
    <fieldset className={styles.filters}>
      <legend>{intl.formatMessage({ id: 'support.filter.label' })}</legend>
      {choices.map((choice) => (
        <label key={choice}>
          <input
            type="radio"
            name={name}
            checked={value === choice}
            onChange={() => onChange(choice)}
          />{' '}
          {intl.formatMessage({ id: `support.filter.${choice}` })}
        </label>
      ))}
    </fieldset>
  );
}

/** Previous and next page of a list, with where the reader is. */
export function Pager({
  page,
  pages,
  onPage,
}: {
  readonly page: number;
  readonly pages: number;
  readonly onPage: (page: number) => void;
}) {
  const intl = useIntl();
  if (pages <= 1) return null;
  return (
    <nav className={styles.actions} aria-label={intl.formatMessage({ id: 'support.pages' })}>
      <Button variant="secondary" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {intl.formatMessage({ id: 'support.previous' })}
      </Button>
      <span>{intl.formatMessage({ id: 'support.page' }, { page, pages })}</span>
      <Button variant="secondary" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {intl.formatMessage({ id: 'support.next' })}
      </Button>
    </nav>
  );
}

/**
 * A page of tickets, each one its subject as a link, "new" beside it while unread and a line
 * about it; then the previous and next page.
 */
export function TicketPage<
  T extends { readonly id: number; readonly subject: string; readonly unread: boolean },
>({
  tickets,
  page,
  pages,
  onPage,
  href,
  unreadText,
  meta,
}: {
  readonly tickets: readonly T[];
  readonly page: number;
  readonly pages: number;
  readonly onPage: (page: number) => void;
  readonly href: (id: number) => string;
  readonly unreadText: MessageKey;
  readonly meta: (ticket: T) => ReactNode;
}) {
  return (
    <>
      <ul className={styles.list}>
        {tickets.map((ticket) => (
          <li key={ticket.id} className={styles.item}>
            <p className={styles.subjectLine}>
              <Link to={href(ticket.id)}>{ticket.subject}</Link>
              <UnreadTag unread={ticket.unread} text={unreadText} />
            </p>
            <p className={styles.meta}>{meta(ticket)}</p>
          </li>
        ))}
      </ul>
      <Pager page={page} pages={pages} onPage={onPage} />
    </>
  );
}

type ConversationMessage = SupportMessage & { readonly internal?: boolean };

/**
 * A ticket's conversation, oldest first: the traveller's description, then the messages. The
 * team's messages are marked by a border and named; an internal note (the desk only) says so in
 * words, not by colour alone.
 */
export function Conversation({
  ticket,
  travellerName,
  attachmentHref,
}: {
  readonly ticket: Pick<SupportTicket, 'shortDescription' | 'description' | 'createdAt'> & {
    readonly messages: readonly ConversationMessage[];
  };
  /** How the traveller is named: "You" on the traveller's screens, "Traveller" on the desk. */
  readonly travellerName: MessageKey;
  /** Where an image of a message is downloaded (the traveller's or the desk's address). */
  readonly attachmentHref: (attachmentId: string) => string;
}) {
  const intl = useIntl();
  const heading = (author: MessageKey, instant: string, internal = false) => (
    <p className={styles.meta}>
      {internal ? (
        <strong className={styles.noteLabel}>
          {intl.formatMessage({ id: 'support.desk.noteLabel' })}
        </strong>
      ) : null}
      {intl.formatMessage(
        { id: 'support.ticket.wrote' },
        { author: intl.formatMessage({ id: author }), date: when(intl, instant) },
      )}
    </p>
  );
  return (
    <ol className={styles.messages}>
      <li className={styles.message}>
        {heading(travellerName, ticket.createdAt)}
        {/* A visitor's request has no short description of its own: it is the description's start. */}
        {ticket.description.startsWith(ticket.shortDescription) ? null : (
          <strong>{ticket.shortDescription}</strong>
        )}
        <div>{ticket.description}</div>
      </li>
      {ticket.messages.map((message) => (
        <li
          key={message.id}
          className={[
            styles.message,
            message.author === 'agent' ? styles.team : '',
            message.internal ? styles.note : '',
          ].join(' ')}
        >
          {heading(
            message.author === 'agent' ? 'support.ticket.team' : travellerName,
            message.createdAt,
            message.internal,
          )}
          <div>{message.body}</div>
          {message.attachments.length > 0 ? (
            <ul
              className={styles.attachmentList}
              aria-label={intl.formatMessage({ id: 'support.attachments.list' })}
            >
              {message.attachments.map((attachment) => (
                <li key={attachment.id}>
                  <a href={attachmentHref(attachment.id)} download={attachment.name}>
                    <img src={attachmentHref(attachment.id)} alt="" loading="lazy" />
                    {intl.formatMessage(
                      { id: 'support.attachments.item' },
                      {
                        name: attachment.name,
                        // Whole kilobytes, rounded up: a small image is never "0 KB".
                        size: intl.formatNumber(Math.ceil(attachment.size / 1024)),
                      },
                    )}
                  </a>
                </li>
              ))}
            </ul>
          ) : null}
        </li>
      ))}
    </ol>
  );
}
