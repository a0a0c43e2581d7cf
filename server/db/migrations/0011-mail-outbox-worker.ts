import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../dialect.ts';

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's DB type
type AnyDb = Kysely<any>;

/**
 * Mail is delivered by a worker from the outbox: attempts, when to try next, a claim lease (a process that
 * died mid-delivery leaves its claim to expire), and when it was given up. Bodies are stored sealed and
 * cleared once a mail is sent, so the plain-text bodies kept so far (live confirmation links and reset
 * codes) are cleared here; those mails were handled when they were written.
 */
export async function up(db: AnyDb, dialect: Dialect): Promise<void> {
  const epochMs = dialect === 'postgres' ? 'bigint' : 'integer';
  await db.schema
    .alterTable('mail_outbox')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('mail_outbox')
    .addColumn('next_attempt_at', epochMs, (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('mail_outbox').addColumn('claimed_until', epochMs).execute();
  await db.schema.alterTable('mail_outbox').addColumn('failed_at', epochMs).execute();
  await db
    .updateTable('mail_outbox')
    .set((eb) => ({
      text_body: '',
      html_body: null,
      sent_at: eb.case().when('error', 'is', null).then(eb.ref('created_at')).else(eb.ref('sent_at')).end(),
      failed_at: eb.case().when('error', 'is not', null).then(eb.ref('created_at')).else(null).end(),
    }))
    .where('sent_at', 'is', null)
    .execute();
  await db.updateTable('mail_outbox').set({ text_body: '', html_body: null }).execute();
  await db.schema
    .createIndex('mail_outbox_due_idx')
    .on('mail_outbox')
    .columns(['next_attempt_at', 'id'])
    .where(sql<boolean>`sent_at is null and failed_at is null`)
    .execute();
}
