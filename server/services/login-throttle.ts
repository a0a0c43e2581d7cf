import { type Kysely, sql } from 'kysely';
import type { DB } from '../db/schema.ts';

// ASP.NET Identity's defaults: 5 failed attempts lock the e-mail for 5 minutes.
export const MAX_FAILED_ATTEMPTS = 5;
export const LOCKOUT_MS = 5 * 60 * 1000;

export async function isLockedOut(
  db: Kysely<DB>,
  emailNormalized: string,
  now = Date.now(),
): Promise<boolean> {
  const row = await db
    .selectFrom('login_throttle')
    .select('lockout_end')
    .where('email_normalized', '=', emailNormalized)
    .executeTakeFirst();
  return row?.lockout_end != null && row.lockout_end > now;
}

/** Counts a failure (atomically, so parallel attempts all count); returns true when it locks the e-mail. */
export async function recordFailure(
  db: Kysely<DB>,
  emailNormalized: string,
  now = Date.now(),
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    await trx
      .insertInto('login_throttle')
      .values({ email_normalized: emailNormalized, failed_count: 1, lockout_end: null, updated_at: now })
      .onConflict((oc) =>
        oc.column('email_normalized').doUpdateSet({
          // A lock that has run out starts a fresh count.
          failed_count: sql`case when login_throttle.lockout_end is not null and login_throttle.lockout_end <= ${now} then 1 else login_throttle.failed_count + 1 end`,
          lockout_end: sql`case when login_throttle.lockout_end is not null and login_throttle.lockout_end <= ${now} then null else login_throttle.lockout_end end`,
          updated_at: now,
        }),
      )
      .execute();
    const row = await trx
      .selectFrom('login_throttle')
      .select('failed_count')
      .where('email_normalized', '=', emailNormalized)
      .executeTakeFirstOrThrow();
    if (row.failed_count < MAX_FAILED_ATTEMPTS) return false;
    await trx
      .updateTable('login_throttle')
      .set({ failed_count: 0, lockout_end: now + LOCKOUT_MS, updated_at: now })
      .where('email_normalized', '=', emailNormalized)
      .execute();
    return true;
  });
}

export async function clearFailures(db: Kysely<DB>, emailNormalized: string): Promise<void> {
  await db.deleteFrom('login_throttle').where('email_normalized', '=', emailNormalized).execute();
}
