import type { Kysely } from 'kysely';
import type { Dialect } from '../../db/dialect.ts';
import type { DB } from '../../db/schema.ts';

// Who follows which key: one row per key in trader_key_sync, held by one process (`holder`) until
// `lease_until`. A process renews its leases every tick; a lease that was not renewed in time (its process
// died or hangs) is free, and the next process to tick takes it. On PostgreSQL free rows are taken with
// FOR UPDATE SKIP LOCKED, so processes ticking at once never take the same key and never wait for each
// other; on SQLite one process opens the database, and its transactions are serialized anyway.

/** Every active key gets its row (state idle) the first time a worker looks. */
export async function ensureSyncRows(db: Kysely<DB>): Promise<void> {
  await db
    .insertInto('trader_key_sync')
    .columns(['key_id'])
    .expression(
      db
        .selectFrom('trader_keys as k')
        .select('k.id')
        .where('k.is_active', '=', 1)
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(selectFrom('trader_key_sync as s').select('s.key_id').whereRef('s.key_id', '=', 'k.id')),
          ),
        ),
    )
    .onConflict((oc) => oc.column('key_id').doNothing())
    .execute();
}

/** A key this process holds. */
export type HeldKey = {
  keyId: number;
  /** When the key was last edited (an edit restarts its follower: new key or secret). */
  editedAt: number;
  /** When it was last checked (a check made by another process wakes the follower). */
  checkedAt: number | null;
  /** The latest check asked for and not answered yet (requestCheck), if any. */
  checkRequest: number | null;
};

/**
 * Renews this holder's leases and takes the free ones, of active keys; answers the keys held now.
 *
 * A held row is renewed by an UPDATE, which waits for the holder's own follower while it stores a change
 * (that transaction locks the row to count its sequence number): skipping a locked row there would read as
 * the lease lost, and the follower would be stopped and started again, its stream reopened. Only free rows
 * are taken with SKIP LOCKED, so that two processes ticking at once never wait for each other.
 */
export async function takeLeases(
  db: Kysely<DB>,
  dialect: Dialect,
  holder: string,
  leaseMs: number,
  now = Date.now(),
): Promise<HeldKey[]> {
  return db.transaction().execute(async (trx) => {
    const activeKeys = trx.selectFrom('trader_keys').select('id').where('is_active', '=', 1);
    const renewed = await trx
      .updateTable('trader_key_sync')
      .set({ lease_until: now + leaseMs })
      .where('holder', '=', holder)
      .where('key_id', 'in', activeKeys)
      .returning('key_id')
      .execute();
    const free = trx
      .selectFrom('trader_key_sync')
      .select('key_id')
      .where('key_id', 'in', activeKeys)
      .where((eb) => eb.or([eb('holder', 'is', null), eb('lease_until', '<', now)]))
      .where((eb) => eb.or([eb('holder', 'is', null), eb('holder', '!=', holder)]))
      .orderBy('key_id');
    const taken = await (dialect === 'postgres' ? free.forUpdate().skipLocked() : free).execute();
    if (taken.length) {
      await trx
        .updateTable('trader_key_sync')
        .set({ holder, lease_until: now + leaseMs })
        .where(
          'key_id',
          'in',
          taken.map((row) => row.key_id),
        )
        .execute();
    }
    const ids = [...renewed, ...taken].map((row) => row.key_id);
    if (!ids.length) return [];
    const rows = await trx
      .selectFrom('trader_key_sync as s')
      .innerJoin('trader_keys as k', 'k.id', 's.key_id')
      .leftJoin('trader_key_checks as c', 'c.key_id', 's.key_id')
      .select(['s.key_id', 'k.updated_at', 'c.checked_at', 's.check_requests', 's.checks_answered'])
      .where('s.key_id', 'in', ids)
      .orderBy('s.key_id')
      .execute();
    return rows.map((row) => ({
      keyId: row.key_id,
      editedAt: row.updated_at,
      checkedAt: row.checked_at,
      checkRequest:
        Number(row.check_requests) > Number(row.checks_answered) ? Number(row.check_requests) : null,
    }));
  });
}

/** Lets go of this holder's leases of keys switched off (or of all its leases, when stopping). */
export async function releaseLeases(db: Kysely<DB>, holder: string, all: boolean): Promise<void> {
  let query = db
    .updateTable('trader_key_sync')
    .set({ holder: null, lease_until: 0, state: 'idle' })
    .where('holder', '=', holder);
  if (!all) {
    query = query.where(({ exists, selectFrom }) =>
      exists(
        selectFrom('trader_keys as k')
          .select('k.id')
          .whereRef('k.id', '=', 'trader_key_sync.key_id')
          .where('k.is_active', '=', 0),
      ),
    );
  }
  await query.execute();
}
