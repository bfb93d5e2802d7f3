import { sql, type Kysely } from 'kysely';

const COLUMNS = ['traveller_wrote_at', 'agent_replied_at', 'traveller_seen_at', 'desk_seen_at'];

/**
 * Unread markers of support tickets (docs/support.md "Notifications and unread markers"): when
 * the traveller last wrote (the ticket itself, then each reply) and the team last replied (notes
 * aside), and when each side last read the ticket. A ticket is unread for the traveller while
 * the team's last reply is newer than their last reading, and for the desk while the traveller's
 * last message is newer than any agent's last reading. Tickets already there start as read.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const column of COLUMNS) {
    await db.schema.alterTable('support_tickets').addColumn(column, 'text').execute();
  }
  await sql`
    UPDATE support_tickets SET
      traveller_wrote_at = COALESCE(
        (SELECT MAX(m.created_at) FROM support_messages m
          WHERE m.ticket_id = support_tickets.id AND m.author = 'traveller'),
        support_tickets.created_at),
      agent_replied_at = (SELECT MAX(m.created_at) FROM support_messages m
          WHERE m.ticket_id = support_tickets.id AND m.author = 'agent' AND m.internal = 0)
  `.execute(db);
  await sql`
    UPDATE support_tickets SET
      traveller_seen_at = agent_replied_at,
      desk_seen_at = traveller_wrote_at
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const column of [...COLUMNS].reverse()) {
    await db.schema.alterTable('support_tickets').dropColumn(column).execute();
  }
}
