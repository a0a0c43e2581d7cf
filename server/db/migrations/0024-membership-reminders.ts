import { type ColumnDefinitionBuilder, type Kysely, sql } from 'kysely';
import type { Dialect } from '../dialect.ts';

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's DB type
type AnyDb = Kysely<any>;

/**
 * Membership expiry reminders and notices.
 *
 * `membership_reminders`: one row per member, threshold and expiry date. Thresholds 7 and 1 are the
 * reminders (a mail and an in-app notice), recorded by the sweep in the transaction that queues the mail;
 * threshold 0 is the "your membership has ended" notice, in the app only, recorded when the person closes it.
 * The unique key is what makes each one happen once, however many processes sweep at the same time; a
 * renewal moves `users.member_expiry_date`, so the next reminders have a key of their own.
 * `mail_id` is the queued mail while the outbox keeps it (the outbox deletes sent mail after its retention
 * period); its outcome is copied into `mail_sent_at` / `mail_failed_at` before that, so the admins' view
 * of who was reminded keeps it. `dismissed_at`: when the person closed the notice, on whatever device.
 *
 * No index on `users.member_expiry_date`: a batch over every user changes it, and 0006 keeps those
 * updates HOT on PostgreSQL, which an index on the column would prevent. The sweep reads `users` every
 * few minutes, a filter over the table.
 */
export async function up(db: AnyDb, dialect: Dialect): Promise<void> {
  const epochMs = dialect === 'postgres' ? 'bigint' : 'integer';
  const id = (c: ColumnDefinitionBuilder) =>
    dialect === 'postgres' ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement();

  await db.schema
    .createTable('membership_reminders')
    .addColumn('id', 'integer', id)
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('threshold_days', 'integer', (c) => c.notNull())
    .addColumn('expiry_date', epochMs, (c) => c.notNull())
    .addColumn('created_at', epochMs, (c) => c.notNull())
    // The language the mail was written in (null: no mail, the ended notice).
    .addColumn('locale', 'text')
    .addColumn('mail_id', 'integer', (c) => c.references('mail_outbox.id').onDelete('set null'))
    .addColumn('mail_sent_at', epochMs)
    .addColumn('mail_failed_at', epochMs)
    .addColumn('dismissed_at', epochMs)
    .addCheckConstraint('membership_reminders_threshold', sql`threshold_days in (0, 1, 7)`)
    .addUniqueConstraint('membership_reminders_once', ['user_id', 'expiry_date', 'threshold_days'])
    .execute();
  // The mails whose outcome is still to be copied from the outbox.
  await db.schema
    .createIndex('membership_reminders_mail_open_idx')
    .on('membership_reminders')
    .column('mail_id')
    .where(sql<boolean>`mail_id is not null and mail_sent_at is null and mail_failed_at is null`)
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('membership_reminders').execute();
}
