import { PostgresAdapter, sql, type Transaction } from 'kysely';
import type { DB } from '../db/schema.ts';

/**
 * What a hub event says. Advisory events name the advisory (its content and audience are read at
 * delivery time, so an admin's later change of permissions applies); the others carry their payload.
 */
export type HubEvent =
  | { name: 'advisory.saved'; advisoryId: number }
  | { name: 'advisory.removed'; advisoryIds: number[] }
  | { name: 'advisory.counts'; advisoryId: number }
  | {
      name: 'system-message.changed';
      upsertIds: number[];
      popChanges: Array<{ id: number; isPop: boolean }>;
      rollChanges: Array<{ id: number; isRoll: boolean }>;
      removeIds: number[];
    }
  | { name: 'subscription.changed'; userId: string; keyId: number; subscribed: boolean }
  | { name: 'access.changed'; userIds: string[] | 'all' };

/**
 * The events recorded by every change of who may receive a trader key's strategies (roles, a key's
 * permission map or activation, membership dates, subscriptions), in the change's own transaction. The
 * hub relies on it: what it knows of who is excluded stays true until one of these is committed (or a
 * membership runs out, which writes nothing).
 */
export const ACCESS_EVENTS = ['access.changed', 'subscription.changed'] as const satisfies HubEvent['name'][];

/** Any constant: the PostgreSQL advisory lock that puts event ids in commit order. */
const EVENT_ORDER_LOCK = 724_001;

/**
 * Records an event in the same transaction as the change it announces; returns its id.
 *
 * A client that reconnects asks for the events after the last id it saw, so ids must become visible in
 * the order they were given. On PostgreSQL two transactions could commit in the other order; a lock held
 * from taking the id to the commit prevents it (keep the work after this call short). SQLite writes one
 * transaction at a time anyway.
 */
export async function recordHubEvent(trx: Transaction<DB>, event: HubEvent): Promise<number> {
  if (trx.getExecutor().adapter instanceof PostgresAdapter)
    await sql`select pg_advisory_xact_lock(${EVENT_ORDER_LOCK})`.execute(trx);
  const { name, ...payload } = event;
  const row = await trx
    .insertInto('hub_events')
    .values({ name, payload: JSON.stringify(payload), created_at: Date.now() })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export function parseHubEvent(row: { name: string; payload: string }): HubEvent {
  return { name: row.name, ...JSON.parse(row.payload) } as HubEvent;
}
