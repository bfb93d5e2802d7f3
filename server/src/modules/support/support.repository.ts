import { sql, type ExpressionBuilder, type Insertable, type Kysely, type Selectable } from 'kysely';
import type { Database } from '../../db/database.ts';
import type {
  SupportAttachmentsTable,
  SupportMessagesTable,
  SupportTicketsTable,
} from '../../db/tables/support.ts';
import type { SupportCaller } from './support.caller.ts';

/** The SQL of support tickets, their messages and the messages' images (docs/support.md). */

export type TicketRow = Selectable<SupportTicketsTable>;
export type MessageRow = Selectable<SupportMessagesTable>;
export type AttachmentRow = Selectable<SupportAttachmentsTable>;

/**
 * Locks the traveller's row for the rest of the caller's transaction (a no-op update), so that
 * their ticket writes run one at a time: the open-ticket count a creation reads stays true until
 * it commits, on PostgreSQL as on SQLite (one writer).
 */
export async function lockTraveller(trx: Kysely<Database>, userId: number): Promise<void> {
  await trx
    .updateTable('users')
    .set((eb) => ({ id: eb.ref('id') }))
    .where('id', '=', userId)
    .execute();
}

/**
 * The tickets that are the caller's: a user's own, or a visitor's confirmed tickets written from
 * their address with no account.
 */
function ofCaller(caller: SupportCaller) {
  return (eb: ExpressionBuilder<Database, 'support_tickets'>) =>
    caller.userId !== undefined
      ? eb('user_id', '=', caller.userId)
      : eb.and([
          eb('user_id', 'is', null),
          eb('visitor_email', '=', caller.visitorEmail),
          eb('verified_at', 'is not', null),
        ]);
}

export async function countOpenTickets(
  db: Kysely<Database>,
  caller: SupportCaller,
): Promise<number> {
  const row = await db
    .selectFrom('support_tickets')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where(ofCaller(caller))
    .where('status', '=', 'open')
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/**
 * The caller's open tickets and those with a reply from the team they have not read (`isUnread`),
 * in one query.
 */
export async function ticketCounts(
  db: Kysely<Database>,
  caller: SupportCaller,
): Promise<{ open: number; unread: number }> {
  const row = await db
    .selectFrom('support_tickets')
    .select((eb) => [
      eb.fn
        .sum<number | string | null>(eb.case().when('status', '=', 'open').then(1).else(0).end())
        .as('open'),
      eb.fn
        .sum<number | string | null>(
          eb
            .case()
            .when(
              eb.and([
                eb('agent_replied_at', 'is not', null),
                eb.or([
                  eb('traveller_seen_at', 'is', null),
                  eb('traveller_seen_at', '<', eb.ref('agent_replied_at')),
                ]),
              ]),
            )
            .then(1)
            .else(0)
            .end(),
        )
        .as('unread'),
    ])
    .where(ofCaller(caller))
    .executeTakeFirstOrThrow();
  return { open: Number(row.open ?? 0), unread: Number(row.unread ?? 0) };
}

export async function insertTicket(
  trx: Kysely<Database>,
  ticket: Insertable<SupportTicketsTable>,
): Promise<number> {
  const row = await trx
    .insertInto('support_tickets')
    // The ticket is the traveller's first message, read by them as they write it.
    .values({
      traveller_wrote_at: ticket.created_at,
      traveller_seen_at: ticket.created_at,
      ...ticket,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

export async function insertMessage(
  trx: Kysely<Database>,
  message: Insertable<SupportMessagesTable>,
): Promise<number> {
  const row = await trx
    .insertInto('support_messages')
    .values(message)
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

/** The caller's ticket, or undefined when there is none of theirs with that id. */
export async function ticketOfCaller(
  db: Kysely<Database>,
  caller: SupportCaller,
  ticketId: number,
) {
  return db
    .selectFrom('support_tickets')
    .selectAll()
    .where('id', '=', ticketId)
    .where(ofCaller(caller))
    .executeTakeFirst();
}

/** The messages of a ticket, oldest first; team notes only when `internal` is asked for. */
export async function messagesOfTicket(
  db: Kysely<Database>,
  ticketId: number,
  options: { internal: boolean },
): Promise<MessageRow[]> {
  let query = db
    .selectFrom('support_messages')
    .selectAll()
    .where('ticket_id', '=', ticketId)
    .orderBy('id');
  if (!options.internal) query = query.where('internal', '=', 0);
  return query.execute();
}

/** A page of the caller's tickets, newest activity first, and how many there are. */
export async function ticketsOfCaller(
  db: Kysely<Database>,
  caller: SupportCaller,
  filter: { status?: 'open' | 'closed' | undefined; limit: number; offset: number },
): Promise<{ rows: TicketRow[]; total: number }> {
  let base = db.selectFrom('support_tickets').where(ofCaller(caller));
  if (filter.status !== undefined) base = base.where('status', '=', filter.status);
  const [rows, total] = await Promise.all([
    base
      .selectAll()
      .orderBy('last_activity_at', 'desc')
      .orderBy('id', 'desc')
      .limit(filter.limit)
      .offset(filter.offset)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.count) };
}

/** Moves a ticket from `from` to `to` (a compare-and-set); false when it was not in `from`. */
export async function moveTicket(
  trx: Kysely<Database>,
  ticketId: number,
  from: 'open' | 'closed',
  to: 'open' | 'closed',
  now: string,
): Promise<boolean> {
  const result = await trx
    .updateTable('support_tickets')
    .set({
      status: to,
      updated_at: now,
      last_activity_at: now,
      closed_at: to === 'closed' ? now : null,
      // Closed, nobody waits; reopened, the traveller waits again.
      waiting_since: to === 'closed' ? null : now,
    })
    .where('id', '=', ticketId)
    .where('status', '=', from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * A new message: the ticket's activity moves to now (it rises to the top of the lists). The
 * traveller's starts their wait for the team unless they were waiting already; the team's ends it.
 */
export async function touchTicket(
  trx: Kysely<Database>,
  ticketId: number,
  now: string,
  by: 'traveller' | 'agent',
): Promise<void> {
  await trx
    .updateTable('support_tickets')
    .set((eb) => ({
      updated_at: now,
      last_activity_at: now,
      waiting_since: by === 'agent' ? null : eb.fn.coalesce('waiting_since', eb.val(now)),
      // Whoever writes has read the ticket; the other side has something new.
      ...(by === 'agent'
        ? { agent_replied_at: now, desk_seen_at: now }
        : { traveller_wrote_at: now, traveller_seen_at: now }),
    }))
    .where('id', '=', ticketId)
    .execute();
}

/** A ticket by id, whoever it belongs to (the desk), with its traveller's address and names. */
export async function ticketForDesk(db: Kysely<Database>, ticketId: number) {
  return (
    db
      .selectFrom('support_tickets as t')
      .leftJoin('users as u', 'u.id', 't.user_id')
      .selectAll('t')
      .select(['u.email as traveller_email', 'u.first_name', 'u.last_name', 'u.locale'])
      .where('t.id', '=', ticketId)
      // A visitor's ticket is nowhere until the address is confirmed.
      .where((eb) =>
        eb.or([eb('t.visitor_email', 'is', null), eb('t.verified_at', 'is not', null)]),
      )
      .executeTakeFirst()
  );
}

/**
 * The desk's queue: tickets in a status, longest waiting first (those the team answered last come
 * after, latest activity first), optionally only those whose PNR is `q` or whose traveller's
 * address contains it.
 */
export async function deskQueue(
  db: Kysely<Database>,
  filter: { status: 'open' | 'closed'; q?: string | undefined; limit: number; offset: number },
) {
  let base = db
    .selectFrom('support_tickets as t')
    .leftJoin('users as u', 'u.id', 't.user_id')
    .where('t.status', '=', filter.status)
    // A visitor's ticket enters the queue once the address is confirmed.
    .where((eb) => eb.or([eb('t.visitor_email', 'is', null), eb('t.verified_at', 'is not', null)]));
  const q = filter.q?.trim();
  if (q) {
    const pattern = `%${q.toLowerCase().replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
    base = base.where((eb) =>
      eb.or([
        eb('t.pnr', '=', q.toUpperCase()),
        eb(sql<string>`lower(u.email)`, 'like', sql<string>`${pattern} escape '\\'`),
        eb('t.visitor_email', 'like', sql<string>`${pattern} escape '\\'`),
      ]),
    );
  }
  const [rows, total] = await Promise.all([
    base
      .selectAll('t')
      .select((eb) => eb.fn.coalesce('u.email', 't.visitor_email').as('traveller_email'))
      .orderBy(sql`case when t.waiting_since is null then 1 else 0 end`)
      .orderBy('t.waiting_since', 'asc')
      .orderBy('t.last_activity_at', 'desc')
      .orderBy('t.id', 'desc')
      .limit(filter.limit)
      .offset(filter.offset)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.count) };
}

export async function insertAttachments(
  trx: Kysely<Database>,
  attachments: readonly Insertable<SupportAttachmentsTable>[],
): Promise<void> {
  if (attachments.length === 0) return;
  await trx
    .insertInto('support_attachments')
    .values([...attachments])
    .execute();
}

/** The images of these messages, each message's in the order they were sent. */
export async function attachmentsOfMessages(
  db: Kysely<Database>,
  messageIds: readonly number[],
): Promise<AttachmentRow[]> {
  if (messageIds.length === 0) return [];
  return db
    .selectFrom('support_attachments')
    .selectAll()
    .where('message_id', 'in', [...messageIds])
    .orderBy('message_id')
    .orderBy('position')
    .execute();
}

/**
 * An image of a message of the ticket: for its traveller (`caller`: their ticket only, never
 * a team note's image) or for the desk (null: any message of the ticket). Undefined when there is
 * no such image there.
 */
export async function attachmentOfTicket(
  db: Kysely<Database>,
  ticketId: number,
  attachmentId: string,
  caller: SupportCaller | null,
): Promise<AttachmentRow | undefined> {
  let query = db
    .selectFrom('support_attachments as a')
    .innerJoin('support_messages as m', 'm.id', 'a.message_id')
    .innerJoin('support_tickets as t', 't.id', 'm.ticket_id')
    .selectAll('a')
    .where('a.id', '=', attachmentId)
    .where('t.id', '=', ticketId);
  if (caller !== null) {
    if ((await ticketOfCaller(db, caller, ticketId)) === undefined) return undefined;
    query = query.where('m.internal', '=', 0);
  }
  return query.executeTakeFirst();
}

/** Which of these storage keys an attachment row names (the files' clean-up asks, a folder at a time). */
export async function storedAttachmentKeys(
  db: Kysely<Database>,
  keys: readonly string[],
): Promise<Set<string>> {
  const known = new Set<string>();
  // A few hundred keys per query keep every database's parameter limit far away.
  for (let start = 0; start < keys.length; start += 500) {
    const rows = await db
      .selectFrom('support_attachments')
      .select('storage_key')
      .where('storage_key', 'in', keys.slice(start, start + 500))
      .execute();
    for (const row of rows) known.add(row.storage_key);
  }
  return known;
}

/** Marks the ticket read by its traveller (`traveller`) or by the team (`desk`) at `now`. */
export async function markTicketSeen(
  db: Kysely<Database>,
  ticketId: number,
  side: 'traveller' | 'desk',
  now: string,
): Promise<void> {
  await db
    .updateTable('support_tickets')
    .set(side === 'traveller' ? { traveller_seen_at: now } : { desk_seen_at: now })
    .where('id', '=', ticketId)
    .execute();
}
