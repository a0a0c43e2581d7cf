import { type Kysely, PostgresAdapter, sql, type Transaction } from 'kysely';
import type { DB } from '../db/schema.ts';

/**
 * What each hub event says, by name. Advisory events name the advisory (its content and audience are
 * read at delivery time, so an admin's later change of permissions applies); the others carry their
 * payload. A new section adds its events by merging into this interface
 * (`declare module '…/services/hub-events.ts' { interface HubEventPayloads { 'levels.crossed': {…} } }`)
 * and gives the hub a handler for each (`hub.on(name, handler)`, see realtime/delivery.ts).
 */
export interface HubEventPayloads {
  'advisory.saved': { advisoryId: number };
  'advisory.removed': { advisoryIds: number[] };
  'advisory.counts': { advisoryId: number };
  'system-message.changed': {
    upsertIds: number[];
    popChanges: Array<{ id: number; isPop: boolean }>;
    rollChanges: Array<{ id: number; isRoll: boolean }>;
    removeIds: number[];
  };
  'subscription.changed': { userId: string; keyId: number; subscribed: boolean };
  'access.changed': { userIds: string[] | 'all' };
}

export type HubEventName = keyof HubEventPayloads;
/** An event as recorded and delivered: its name and that name's payload. */
export type HubEvent<N extends HubEventName = HubEventName> = {
  [K in N]: { name: K } & HubEventPayloads[K];
}[N];

/**
 * The events recorded by every change of who may receive a trader key's strategies (roles, a key's
 * permission map or activation, membership dates, subscriptions), in the change's own transaction. The
 * hub relies on it: what it knows of who is excluded stays true until one of these is committed (or a
 * membership runs out, which writes nothing).
 */
export const ACCESS_EVENTS = ['access.changed', 'subscription.changed'] as const satisfies HubEvent['name'][];

type Publisher = (eventIds: number[]) => Promise<void>;
const publishers = new WeakMap<Kysely<DB>, Publisher>();
const recorded = new WeakMap<Transaction<DB>, number[]>();

/** Who publishes the events committed on a database: the app's hub (set once it exists). */
export function publishHubEventsWith(db: Kysely<DB>, publish: Publisher): void {
  publishers.set(db, publish);
}

/**
 * A transaction whose hub events are published as soon as it commits. Every change that records an event
 * runs in one, so no caller has to remember to publish. (An event recorded in a plain transaction is not
 * lost: the hub's sweep publishes what is left unpublished after a couple of seconds.)
 */
export async function inTransaction<T>(
  db: Kysely<DB>,
  work: (trx: Transaction<DB>) => Promise<T>,
): Promise<T> {
  const events: number[] = [];
  const result = await db.transaction().execute((trx) => {
    recorded.set(trx, events);
    return work(trx);
  });
  const publish = publishers.get(db);
  if (publish && events.length) await publish(events);
  return result;
}

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
  recorded.get(trx)?.push(row.id);
  return row.id;
}

export function parseHubEvent(row: { name: string; payload: string }): HubEvent {
  return { name: row.name, ...JSON.parse(row.payload) } as HubEvent;
}

// The event queue's reads and writes (server/realtime/event-queue.ts publishes, the hub's catch-up and
// replay read). An event is claimed by one process for a lease, delivered, then marked published.

/** Claims an unpublished event whose claim is free or has run out; its row, or undefined if not won. */
export async function claimHubEvent(db: Kysely<DB>, eventId: number, leaseMs: number) {
  const now = Date.now();
  return db
    .updateTable('hub_events')
    .set({ claimed_at: now })
    .where('id', '=', eventId)
    .where('published_at', 'is', null)
    .where((eb) => eb.or([eb('claimed_at', 'is', null), eb('claimed_at', '<', now - leaseMs)]))
    .returning(['id', 'name', 'payload'])
    .executeTakeFirst();
}

export async function markHubEventPublished(db: Kysely<DB>, eventId: number): Promise<void> {
  await db
    .updateTable('hub_events')
    .set({ published_at: Date.now() })
    .where('id', '=', eventId)
    .where('published_at', 'is', null)
    .execute();
}

/** Events committed more than `olderThanMs` ago and still unpublished, with no live claim (oldest first). */
export async function leftBehindHubEvents(
  db: Kysely<DB>,
  { olderThanMs, leaseMs, limit }: { olderThanMs: number; leaseMs: number; limit: number },
): Promise<number[]> {
  const now = Date.now();
  const rows = await db
    .selectFrom('hub_events')
    .select('id')
    .where('published_at', 'is', null)
    .where('created_at', '<', now - olderThanMs)
    .where((eb) => eb.or([eb('claimed_at', 'is', null), eb('claimed_at', '<', now - leaseMs)]))
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((row) => row.id);
}

/** Events after `after` (up to `upTo` when given), oldest first. */
export async function hubEventsAfter(db: Kysely<DB>, after: number, upTo?: number) {
  let query = db.selectFrom('hub_events').selectAll().where('id', '>', after).orderBy('id');
  if (upTo !== undefined && Number.isFinite(upTo)) query = query.where('id', '<=', upTo);
  return query.execute();
}

/** When an event's fan-out was done: a time, null while it is not, undefined if the event is gone. */
export async function hubEventPublishedAt(
  db: Kysely<DB>,
  eventId: number,
): Promise<number | null | undefined> {
  const row = await db
    .selectFrom('hub_events')
    .select('published_at')
    .where('id', '=', eventId)
    .executeTakeFirst();
  if (!row) return undefined;
  return row.published_at === null ? null : Number(row.published_at);
}

export async function oldestHubEventId(db: Kysely<DB>): Promise<number | undefined> {
  const row = await db.selectFrom('hub_events').select('id').orderBy('id').limit(1).executeTakeFirst();
  return row?.id;
}

/**
 * Deletes published events older than `retentionMs`. The newest row always stays (event ids keep
 * growing), and nothing at or after the oldest unpublished event goes, so a replay never crosses a gap.
 */
export async function purgeHubEvents(db: Kysely<DB>, newest: number, retentionMs: number): Promise<void> {
  const firstUnpublished = await db
    .selectFrom('hub_events')
    .select('id')
    .where('published_at', 'is', null)
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
  await db
    .deleteFrom('hub_events')
    .where('id', '<', Math.min(newest, firstUnpublished?.id ?? newest))
    .where('published_at', 'is not', null)
    .where('created_at', '<', Date.now() - retentionMs)
    .execute();
}

/** The newest recorded event's id (0 before the first). */
export async function latestEventId(db: Kysely<DB>): Promise<number> {
  const row = await db
    .selectFrom('hub_events')
    .select((eb) => eb.fn.max('id').as('id'))
    .executeTakeFirst();
  return Number(row?.id ?? 0);
}
