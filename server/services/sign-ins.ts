import type { Kysely } from 'kysely';
import { SIGN_IN_HISTORY_SIZE, type SignInMethod } from '#shared/schemas/sign-ins.ts';
import type { DB } from '../db/schema.ts';
import type { Region } from '../geoip/geoip.ts';

/**
 * Records a sign-in and drops the person's rows beyond the newest SIGN_IN_HISTORY_SIZE. Run it inside the
 * caller's transaction, so that the record and the pruning land together.
 */
export async function recordSignIn(
  db: Kysely<DB>,
  entry: { userId: string; method: SignInMethod; ip: string | null; region: Region | null; at?: number },
): Promise<void> {
  await db
    .insertInto('sign_ins')
    .values({
      user_id: entry.userId,
      at: entry.at ?? Date.now(),
      ip: entry.ip,
      region: entry.region ? JSON.stringify(entry.region) : null,
      method: entry.method,
    })
    .execute();
  await db
    .deleteFrom('sign_ins')
    .where('user_id', '=', entry.userId)
    .where('id', 'not in', (eb) =>
      eb
        .selectFrom('sign_ins')
        .select('id')
        .where('user_id', '=', entry.userId)
        .orderBy('at', 'desc')
        .orderBy('id', 'desc')
        .limit(SIGN_IN_HISTORY_SIZE),
    )
    .execute();
}

/** The person's sign-ins, newest first (at most SIGN_IN_HISTORY_SIZE, also if pruning was ever missed). */
export function signInsOf(db: Kysely<DB>, userId: string) {
  return db
    .selectFrom('sign_ins')
    .select(['id', 'at', 'ip', 'region', 'method'])
    .where('user_id', '=', userId)
    .orderBy('at', 'desc')
    .orderBy('id', 'desc')
    .limit(SIGN_IN_HISTORY_SIZE)
    .execute();
}
