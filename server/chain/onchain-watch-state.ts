import type { Kysely, Updateable } from 'kysely';
import type { Dialect } from '../db/dialect.ts';
import type { DB, OnchainWatcherStateTable } from '../db/schema.ts';

// The watcher's state rows (onchain_watcher_state), one per chain, and the lease on each: a process follows
// a chain while it holds the row's lease, and every change it makes to the row is conditional on still
// holding it (and, for the cursor, on the cursor being where the process found it).

/** The lease went to another process (or the cursor moved under this one): the change was not made. */
export class LeaseLost extends Error {}

/**
 * The chain's state with `holder`'s lease taken or renewed until `at + leaseMs`; undefined when another
 * process holds a lease that has not run out. PostgreSQL processes skip a row another is claiming (FOR
 * UPDATE SKIP LOCKED); SQLite's single writer needs no lock.
 */
export async function claimChain(
  db: Kysely<DB>,
  dialect: Dialect,
  chain: string,
  holder: string,
  at: number,
  leaseMs: number,
) {
  await db
    .insertInto('onchain_watcher_state')
    .values({ chain })
    .onConflict((oc) => oc.column('chain').doNothing())
    .execute();
  return db
    .updateTable('onchain_watcher_state')
    .set({ lease_owner: holder, lease_until: at + leaseMs })
    .where('chain', 'in', (eb) => {
      const free = eb
        .selectFrom('onchain_watcher_state')
        .select('chain')
        .where('chain', '=', chain)
        .where((w) =>
          w.or([w('lease_owner', '=', holder), w('lease_until', 'is', null), w('lease_until', '<', at)]),
        );
      return dialect === 'postgres' ? free.forUpdate().skipLocked() : free;
    })
    .returningAll()
    .executeTakeFirst();
}

/**
 * Changes the chain's state if `holder` still holds it and, when `cursor` is given, the last processed block
 * is still that one (null: none yet); throws LeaseLost otherwise.
 */
export async function updateChainState(
  trx: Kysely<DB>,
  chain: string,
  holder: string,
  set: Updateable<OnchainWatcherStateTable>,
  cursor?: number | null,
): Promise<void> {
  let query = trx
    .updateTable('onchain_watcher_state')
    .set(set)
    .where('chain', '=', chain)
    .where('lease_owner', '=', holder);
  if (cursor === null) query = query.where('last_processed_block', 'is', null);
  else if (cursor !== undefined) query = query.where('last_processed_block', '=', cursor);
  const result = await query.executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) throw new LeaseLost();
}

/** Gives up every chain `holder` follows (another process may take each at once). */
export async function releaseChains(db: Kysely<DB>, holder: string): Promise<void> {
  await db
    .updateTable('onchain_watcher_state')
    .set({ lease_owner: null, lease_until: null })
    .where('lease_owner', '=', holder)
    .execute();
}
