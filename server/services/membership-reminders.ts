import { type Kysely, type Selectable, sql } from 'kysely';
import type { Locale } from '#shared/constants.ts';
import type { DB, MembershipRemindersTable } from '../db/schema.ts';
import type { MailOutbox } from '../mail/mailer.ts';
import { membershipReminderMail } from '../mail/templates.ts';
import {
  hasEndedMembership,
  isAdmin,
  type Principal,
  type ReminderThreshold,
  reminderThresholdSql,
} from '../policies/membership.ts';
import { DomainError } from './errors.ts';

// Membership expiry reminders: who is due one (the policy's rule as SQL), recording one with its mail in
// one transaction (the unique user / expiry date / threshold key makes a second process's attempt a
// no-op), the signed-in person's pending notice and its dismissal, and the admins' list of one user's.

const DAY_MS = 86_400_000;
/** The threshold of the in-app notice that a membership has ended (no mail). */
export const ENDED_NOTICE = 0;

export type DueReminder = {
  userId: string;
  email: string;
  locale: string | null;
  expiry: number;
  thresholdDays: ReminderThreshold;
};

/**
 * Members (tags, not Admin, a confirmed e-mail) whose membership ends within 7 days, or 1, and who have not
 * had that threshold's reminder for this expiry date. A member first found inside the 1-day window is due
 * only the 1-day reminder.
 */
export async function dueReminders(db: Kysely<DB>, now: number, limit: number): Promise<DueReminder[]> {
  const threshold = reminderThresholdSql('u', now);
  const rows = await db
    .selectFrom('users as u')
    .select(['u.id', 'u.email', 'u.locale', 'u.member_expiry_date', threshold.as('threshold')])
    // The window first (cheap), then the rule.
    .where('u.member_expiry_date', '>', now)
    .where('u.member_expiry_date', '<=', now + 7 * DAY_MS)
    .where('u.email_confirmed_at', 'is not', null)
    .where(threshold, 'is not', null)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('membership_reminders as r')
            .select('r.id')
            .whereRef('r.user_id', '=', 'u.id')
            .whereRef('r.expiry_date', '=', 'u.member_expiry_date')
            .where('r.threshold_days', '=', threshold),
        ),
      ),
    )
    .orderBy('u.member_expiry_date')
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    userId: row.id,
    email: row.email,
    locale: row.locale,
    expiry: Number(row.member_expiry_date),
    thresholdDays: Number(row.threshold) as ReminderThreshold,
  }));
}

export const mailLocale = (stored: string | null): Locale => (stored === 'en' ? 'en' : 'zh');

/**
 * Records a reminder and queues its mail in one transaction, if the member's expiry is still the one it is
 * for; answers whether it did. Another process that recorded it first (or a renewal meanwhile) makes this a
 * no-op: the insert finds the key taken (it waits for that process's commit) or the date moved, and no mail
 * is queued. The caller nudges the outbox once the transaction has committed.
 */
export async function recordReminder(
  db: Kysely<DB>,
  outbox: Pick<MailOutbox, 'enqueue'>,
  due: DueReminder,
  mail: { contact: string | undefined; url: string },
  now = Date.now(),
): Promise<boolean> {
  const locale = mailLocale(due.locale);
  return db.transaction().execute(async (trx) => {
    const inserted = await trx
      .insertInto('membership_reminders')
      .columns(['user_id', 'threshold_days', 'expiry_date', 'created_at', 'locale'])
      .expression((eb) =>
        eb
          .selectFrom('users')
          .select([
            'id',
            // Typed, so that PostgreSQL need not guess the parameters' types in a select list.
            sql<number>`cast(${due.thresholdDays} as integer)`.as('threshold_days'),
            'member_expiry_date',
            sql<number>`cast(${now} as bigint)`.as('created_at'),
            sql<string>`cast(${locale} as text)`.as('locale'),
          ])
          .where('id', '=', due.userId)
          .where('member_expiry_date', '=', due.expiry),
      )
      .onConflict((oc) => oc.columns(['user_id', 'expiry_date', 'threshold_days']).doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!inserted) return false;
    const mailId = await outbox.enqueue(
      trx,
      membershipReminderMail(locale, due.email, {
        thresholdDays: due.thresholdDays,
        expiry: due.expiry,
        contact: mail.contact,
        url: mail.url,
      }),
    );
    await trx
      .updateTable('membership_reminders')
      .set({ mail_id: mailId })
      .where('id', '=', inserted.id)
      .execute();
    return true;
  });
}

/**
 * Copies the outcome of reminder mails the outbox has finished with (delivered or given up) into their
 * reminders, before the outbox deletes them after its retention period. Answers how many it settled.
 */
export async function settleReminderMails(db: Kysely<DB>): Promise<number> {
  const finished = (column: 'sent_at' | 'failed_at') =>
    sql<
      number | null
    >`(select o.${sql.ref(column)} from mail_outbox o where o.id = membership_reminders.mail_id)`;
  const result = await db
    .updateTable('membership_reminders')
    .set({ mail_sent_at: finished('sent_at'), mail_failed_at: finished('failed_at') })
    .where('mail_id', 'is not', null)
    .where('mail_sent_at', 'is', null)
    .where('mail_failed_at', 'is', null)
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('mail_outbox as o')
          .select('o.id')
          .whereRef('o.id', '=', 'membership_reminders.mail_id')
          .where((w) => w.or([w('o.sent_at', 'is not', null), w('o.failed_at', 'is not', null)])),
      ),
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export type PendingNotice =
  | { kind: 'reminder'; thresholdDays: ReminderThreshold; expiry: number }
  | { kind: 'ended'; expiry: number };

/**
 * The notice a signed-in person should see now: the ended-membership notice until they close it (for that
 * expiry date), else the most urgent reminder recorded for their current expiry date until they close it.
 * Admins and people who never had a membership have none.
 */
export async function pendingNotice(
  db: Kysely<DB>,
  principal: Pick<Principal, 'userId' | 'roles' | 'memberExpiryDate'>,
  now = Date.now(),
): Promise<PendingNotice | null> {
  const expiry = principal.memberExpiryDate;
  if (expiry === null || isAdmin(principal) || principal.roles.length === 0) return null;
  const rows = await db
    .selectFrom('membership_reminders')
    .select(['threshold_days', 'dismissed_at'])
    .where('user_id', '=', principal.userId)
    .where('expiry_date', '=', expiry)
    .orderBy('threshold_days')
    .execute();
  if (hasEndedMembership(principal, now)) {
    const ended = rows.find((row) => row.threshold_days === ENDED_NOTICE);
    return ended?.dismissed_at != null ? null : { kind: 'ended', expiry };
  }
  const reminder = rows.find((row) => row.threshold_days !== ENDED_NOTICE);
  if (!reminder || reminder.dismissed_at !== null) return null;
  return { kind: 'reminder', thresholdDays: reminder.threshold_days as ReminderThreshold, expiry };
}

/**
 * Closes a notice for good (every device): the reminders for that expiry date, or the ended notice (recorded
 * then; only for a membership of theirs that has ended on that date). Closing one already closed is fine.
 */
export async function dismissNotice(
  db: Kysely<DB>,
  principal: Pick<Principal, 'userId' | 'roles' | 'memberExpiryDate'>,
  notice: { kind: 'reminder' | 'ended'; expiry: number },
  now = Date.now(),
): Promise<void> {
  if (notice.kind === 'reminder') {
    await db
      .updateTable('membership_reminders')
      .set({ dismissed_at: now })
      .where('user_id', '=', principal.userId)
      .where('expiry_date', '=', notice.expiry)
      .where('threshold_days', '<>', ENDED_NOTICE)
      .where('dismissed_at', 'is', null)
      .execute();
    return;
  }
  if (!hasEndedMembership(principal, now) || principal.memberExpiryDate !== notice.expiry) return;
  await db
    .insertInto('membership_reminders')
    .values({
      user_id: principal.userId,
      threshold_days: ENDED_NOTICE,
      expiry_date: notice.expiry,
      created_at: now,
      dismissed_at: now,
    })
    .onConflict((oc) => oc.columns(['user_id', 'expiry_date', 'threshold_days']).doNothing())
    .execute();
}

export type ReminderRow = Omit<Selectable<MembershipRemindersTable>, 'user_id'> & {
  /** The outbox row while it is kept (null once deleted, or for no mail). */
  outbox: {
    sent_at: number | null;
    failed_at: number | null;
    attempts: number;
    error: string | null;
  } | null;
};

/** A user's reminders and ended notices, newest first, with their mails as the outbox has them. */
export async function remindersOf(db: Kysely<DB>, userId: string): Promise<ReminderRow[]> {
  const user = await db.selectFrom('users').select('id').where('id', '=', userId).executeTakeFirst();
  if (!user) throw new DomainError('notFound', 'userNotFound');
  const rows = await db
    .selectFrom('membership_reminders as r')
    .leftJoin('mail_outbox as o', 'o.id', 'r.mail_id')
    .select([
      'r.id',
      'r.threshold_days',
      'r.expiry_date',
      'r.created_at',
      'r.locale',
      'r.mail_id',
      'r.mail_sent_at',
      'r.mail_failed_at',
      'r.dismissed_at',
      'o.id as outbox_id',
      'o.sent_at as outbox_sent_at',
      'o.failed_at as outbox_failed_at',
      'o.attempts as outbox_attempts',
      'o.error as outbox_error',
    ])
    .where('r.user_id', '=', userId)
    .orderBy('r.created_at', 'desc')
    .orderBy('r.id', 'desc')
    .limit(200)
    .execute();
  return rows.map(
    ({ outbox_id, outbox_sent_at, outbox_failed_at, outbox_attempts, outbox_error, ...row }) => ({
      ...row,
      outbox:
        outbox_id === null
          ? null
          : {
              sent_at: outbox_sent_at,
              failed_at: outbox_failed_at,
              attempts: outbox_attempts ?? 0,
              error: outbox_error,
            },
    }),
  );
}
