import { MESSAGE_MAX, type SupportTicket } from '@uniquair/contract/support';
import { useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { Button } from '../../../components/ui/button.tsx';
import { LabelledTextArea } from '../../../components/ui/text-input.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { useOnline } from '../../../lib/pwa/online-status.ts';
import { useCurrentUser } from '../../auth/api/get-current-user.ts';
import { useKeepDraft, useTicketAction, useWaitingDrafts } from '../api/tickets.ts';
import { AttachmentsInput } from './attachments-input.tsx';
import styles from './support.module.css';
import { failureText } from './ticket-parts.tsx';

/**
 * The traveller's reply to an open ticket, with images, and "Close ticket (solved)". Without a
 * connection the reply is kept on the device and sent when the connection returns (images need
 * the connection: they are offered again once online); the replies waiting are listed above the
 * form.
 */
export function TravellerReply({ ticket }: { readonly ticket: SupportTicket }) {
  const intl = useIntl();
  const online = useOnline();
  const owner = useCurrentUser().user?.email ?? null;
  const action = useTicketAction(ticket.id);
  const keepDraft = useKeepDraft();
  const waiting = (useWaitingDrafts(owner).data ?? []).flatMap((draft) =>
    draft.kind === 'reply' && draft.ticketId === ticket.id ? [draft] : [],
  );
  const [reply, setReply] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  // A new picker set after each message sent: the sent images leave the form with it.
  const [sent, setSent] = useState(0);
  const [kept, setKept] = useState(false);

  const clear = () => {
    setReply('');
    setFiles([]);
    setSent(sent + 1);
  };
  const keep = async () => {
    if (owner === null) return;
    await keepDraft({
      key: crypto.randomUUID(),
      owner,
      kind: 'reply',
      ticketId: ticket.id,
      body: reply,
      savedAt: new Date().toISOString(),
    });
    action.reset();
    setKept(true);
    clear();
  };
  const send = (event: FormEvent) => {
    event.preventDefault();
    if (reply.trim() === '') return;
    setKept(false);
    if (!online) {
      void keep();
      return;
    }
    action.mutate(
      { kind: 'reply', body: reply, files },
      {
        onSuccess: clear,
        // The connection went while sending: the text is kept like any reply written offline.
        onError: (error) => {
          if (isApiError(error) && error.isNetworkError && files.length === 0) void keep();
        },
      },
    );
  };

  return (
    <>
      {waiting.length > 0 ? (
        <ol
          className={styles.messages}
          aria-label={intl.formatMessage({ id: 'support.draft.waiting' })}
        >
          {waiting.map((draft) => (
            <li key={draft.key} className={[styles.message, styles.waiting].join(' ')}>
              <p className={styles.meta}>{intl.formatMessage({ id: 'support.draft.waiting' })}</p>
              <div>{draft.body}</div>
            </li>
          ))}
        </ol>
      ) : null}
      {kept ? <p role="status">{intl.formatMessage({ id: 'support.draft.kept' })}</p> : null}
      {action.isError ? <p role="alert">{failureText(intl, action.error)}</p> : null}
      <form className={styles.form} onSubmit={send} noValidate>
        <LabelledTextArea
          label={intl.formatMessage({ id: 'support.ticket.replyLabel' })}
          maxLength={MESSAGE_MAX}
          value={reply}
          onChange={(event) => setReply(event.target.value)}
        />
        {online ? (
          <AttachmentsInput key={sent} onChange={setFiles} />
        ) : (
          <p>{intl.formatMessage({ id: 'support.draft.imagesOnline' })}</p>
        )}
        <div className={styles.actions}>
          <Button type="submit" loading={action.isPending} disabled={reply.trim() === ''}>
            {intl.formatMessage({ id: 'support.ticket.send' })}
          </Button>
          <Button variant="secondary" onClick={() => action.mutate({ kind: 'close' })}>
            {intl.formatMessage({ id: 'support.ticket.close' })}
          </Button>
        </div>
      </form>
    </>
  );
}
