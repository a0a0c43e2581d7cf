import { type Kysely, sql } from 'kysely';
import { AUDIT_ACTIONS, AUDIT_TARGET_TYPES } from '#shared/audit.ts';
import { AUDIT_COUNT_CAP } from '#shared/schemas/audit.ts';
import type { DB } from '../db/schema.ts';
import { normalizeEmail } from './user-lookup.ts';

// The audit log as the back office reads it: newest first, filtered, a page at a time. Only reads: the log
// is written by services/audit.ts and never changed.

export type AuditLogFilter = {
  actorId?: string | undefined;
  action?: string | undefined;
  targetType?: string | undefined;
  targetId?: string | undefined;
  /** Epoch ms, included. */
  from?: number | undefined;
  /** Epoch ms, excluded. */
  to?: number | undefined;
};

/** The user id an actor filter names (an e-mail in any case, or a user id); null when no account has that e-mail. */
export async function actorIdOf(db: Kysely<DB>, actor: string): Promise<string | null> {
  if (!actor.includes('@')) return actor;
  const user = await db
    .selectFrom('users')
    .select('id')
    .where('email_normalized', '=', normalizeEmail(actor))
    .executeTakeFirst();
  return user?.id ?? null;
}

function matching(db: Kysely<DB>, filter: AuditLogFilter) {
  let query = db.selectFrom('audit_log');
  if (filter.actorId !== undefined) query = query.where('audit_log.actor_id', '=', filter.actorId);
  if (filter.action !== undefined) query = query.where('audit_log.action', '=', filter.action);
  if (filter.targetType !== undefined) query = query.where('audit_log.target_type', '=', filter.targetType);
  if (filter.targetId !== undefined) query = query.where('audit_log.target_id', '=', filter.targetId);
  if (filter.from !== undefined) query = query.where('audit_log.at', '>=', filter.from);
  if (filter.to !== undefined) query = query.where('audit_log.at', '<', filter.to);
  return query;
}

/**
 * The two queries of a page: its rows, newest first, with the actor's and a user target's account; and the
 * number of matching rows up to AUDIT_COUNT_CAP. The page's ids are read from an index alone (each filter
 * has one ending in at, id) and only those rows are then fetched; the count stops at the cap. Neither
 * reads the whole log (audit-log-plan.test.ts looks at their plans on PostgreSQL).
 */
export function auditLogQueries(
  db: Kysely<DB>,
  filter: AuditLogFilter,
  page: { offset: number; limit: number },
) {
  const ids = matching(db, filter)
    .select('audit_log.id')
    .orderBy('audit_log.at', 'desc')
    .orderBy('audit_log.id', 'desc')
    .offset(page.offset)
    .limit(page.limit);
  return {
    rows: db
      .selectFrom(ids.as('page'))
      .innerJoin('audit_log as a', 'a.id', 'page.id')
      .leftJoin('users as actor', 'actor.id', 'a.actor_id')
      .leftJoin('users as target', (join) =>
        join.onRef('target.id', '=', 'a.target_id').on('a.target_type', '=', 'user'),
      )
      .select([
        'a.id',
        'a.at',
        'a.action',
        'a.actor_id',
        'a.target_type',
        'a.target_id',
        'a.ip',
        'a.user_agent',
        'a.detail',
        'actor.email as actor_email',
        'actor.user_name as actor_user_name',
        'actor.nick_name as actor_nick_name',
        'target.email as target_email',
      ])
      .orderBy('a.at', 'desc')
      .orderBy('a.id', 'desc'),
    count: db
      .selectFrom(
        matching(db, filter)
          .select('audit_log.id')
          .limit(AUDIT_COUNT_CAP + 1)
          .as('matching'),
      )
      .select((eb) => eb.fn.countAll<number>().as('total')),
  };
}

/** One page and the count of matching rows (capped: `capped` says there are more). */
export async function auditLogPage(
  db: Kysely<DB>,
  filter: AuditLogFilter,
  page: { offset: number; limit: number },
) {
  const queries = auditLogQueries(db, filter, page);
  const [rows, counted] = await Promise.all([
    queries.rows.execute(),
    queries.count.executeTakeFirstOrThrow(),
  ]);
  const total = Number(counted.total);
  return { rows, total: Math.min(total, AUDIT_COUNT_CAP), capped: total > AUDIT_COUNT_CAP };
}

export type AuditLogRow = Awaited<ReturnType<typeof auditLogPage>>['rows'][number];

/**
 * The distinct values of an indexed column, by a loose index scan (one index probe per value, not a read
 * of every row): a recursive query that asks each time for the smallest value after the last one found.
 */
async function distinctValues(db: Kysely<DB>, column: 'action' | 'target_type'): Promise<string[]> {
  const c = sql.ref(column);
  const result = await sql<{ value: string }>`
    with recursive found(value) as (
      select min(${c}) from audit_log
      union all
      select (select min(${c}) from audit_log where ${c} > found.value) from found where found.value is not null
    )
    select value from found where value is not null`.execute(db);
  return result.rows.map((row) => row.value);
}

/** What the screen's filters offer: everything the server records, and any older name the log still holds. */
export async function auditLogFilterValues(db: Kysely<DB>) {
  const [actions, targetTypes] = await Promise.all([
    distinctValues(db, 'action'),
    distinctValues(db, 'target_type'),
  ]);
  const union = (known: readonly string[], found: string[]) => [...new Set([...known, ...found])].sort();
  return { actions: union(AUDIT_ACTIONS, actions), targetTypes: union(AUDIT_TARGET_TYPES, targetTypes) };
}
