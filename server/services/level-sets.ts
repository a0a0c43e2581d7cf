import type { Kysely, Selectable, Transaction } from 'kysely';
import type { z } from 'zod';
import type { addLevelSetRequest, levelSetListQuery } from '#shared/schemas/levels.ts';
import { idsOrNone } from '../db/in-list.ts';
import type { DB, LevelSetsTable, LevelsTable } from '../db/schema.ts';
import type { Principal } from '../policies/membership.ts';
import { LEVEL_SET_ROLES, roleGatedSql } from '../policies/role-gated.ts';
import { type Actor, audit } from './audit.ts';
import { DomainError } from './errors.ts';
import { sanitizeArticleHtml } from './html.ts';
import { inTransaction, recordHubEvent } from './hub-events.ts';

// Support and pressure level sets: analysts (admins) publish, edit and delete them; members read those
// their roles admit (none listed: every member) and watch them for crossing alerts. Each change records a
// `levels.changed` hub event in its transaction, which tells the entitled members' pages to read again.

export type LevelSetInput = z.output<typeof addLevelSetRequest>;
export type LevelSetRow = Selectable<LevelSetsTable>;
export type LevelRow = Selectable<LevelsTable>;
export type LevelSetRecord = { set: LevelSetRow; levels: LevelRow[]; roleIds: number[]; watched: boolean };

const notFound = () => new DomainError('notFound', 'levelSetNotFound', { id: ['levelSetNotFound'] });

async function checkInput(trx: Transaction<DB>, input: LevelSetInput, now: number) {
  const listed = await trx
    .selectFrom('market_symbols')
    .select('symbol')
    .where('symbol', '=', input.symbol)
    .executeTakeFirst();
  if (!listed)
    throw new DomainError('invalid', 'marketSymbolNotListed', { symbol: ['marketSymbolNotListed'] });
  if (input.expiresAt !== null && Date.parse(input.expiresAt) <= now)
    throw new DomainError('invalid', 'expiryPast', { expiresAt: ['expiryPast'] });
  const roleIds = [...new Set(input.roleIds)];
  if (roleIds.length) {
    const found = await trx.selectFrom('roles').select('id').where('id', 'in', roleIds).execute();
    if (found.length !== roleIds.length)
      throw new DomainError('invalid', 'unknownRoles', { roleIds: ['unknownRoles'] });
  }
  return roleIds;
}

function setValues(input: LevelSetInput, now: number) {
  return {
    symbol: input.symbol,
    timeframe: input.timeframe,
    bias: input.bias,
    invalidation_price: input.invalidationPrice,
    targets: JSON.stringify(input.targets),
    notes: sanitizeArticleHtml(input.notes),
    expires_at: input.expiresAt === null ? null : Date.parse(input.expiresAt),
    updated_at: now,
  };
}

/** The set's levels and roles, replaced by the input's (level ids change: their crossing marks start over). */
async function writeParts(trx: Transaction<DB>, setId: number, input: LevelSetInput, roleIds: number[]) {
  await trx.deleteFrom('levels').where('set_id', '=', setId).execute();
  await trx.deleteFrom('level_set_roles').where('set_id', '=', setId).execute();
  const levels = [
    ...input.supports.map((level) => ({ ...level, kind: 'support' })),
    ...input.resistances.map((level) => ({ ...level, kind: 'resistance' })),
  ];
  await trx
    .insertInto('levels')
    .values(
      levels.map((level, sort) => ({
        set_id: setId,
        kind: level.kind,
        price: level.price,
        reason: level.reason,
        strength: level.strength,
        sort,
      })),
    )
    .execute();
  if (roleIds.length)
    await trx
      .insertInto('level_set_roles')
      .values(roleIds.map((role_id) => ({ set_id: setId, role_id })))
      .execute();
}

/** The audit row and the hub event of a change to set `id`, in its transaction. */
async function recordChange(
  trx: Transaction<DB>,
  change: { action: 'add' | 'update' | 'delete'; id: number; symbol: string; roleIds: number[] },
  actor: Actor,
  detail?: Record<string, unknown>,
) {
  await audit(trx, {
    action: `admin.levels.${change.action}`,
    actorId: actor.userId,
    targetType: 'levelSet',
    targetId: String(change.id),
    ip: actor.ip,
    userAgent: actor.userAgent,
    detail,
  });
  await recordHubEvent(trx, {
    name: 'levels.changed',
    setId: change.id,
    symbol: change.symbol,
    removed: change.action === 'delete',
    roleIds: change.roleIds,
  });
}

export async function addLevelSet(db: Kysely<DB>, input: LevelSetInput, actor: Actor, now = Date.now()) {
  return inTransaction(db, async (trx) => {
    const roleIds = await checkInput(trx, input, now);
    const { id } = await trx
      .insertInto('level_sets')
      .values({ ...setValues(input, now), created_by: actor.userId, published_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    await writeParts(trx, id, input, roleIds);
    const detail = { symbol: input.symbol, timeframe: input.timeframe };
    await recordChange(trx, { action: 'add', id, symbol: input.symbol, roleIds }, actor, detail);
    return id;
  });
}

export async function updateLevelSet(
  db: Kysely<DB>,
  id: number,
  input: LevelSetInput,
  actor: Actor,
  now = Date.now(),
): Promise<void> {
  await inTransaction(db, async (trx) => {
    const roleIds = await checkInput(trx, input, now);
    const updated = await trx
      .updateTable('level_sets')
      .set(setValues(input, now))
      .where('id', '=', id)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 0) throw notFound();
    await writeParts(trx, id, input, roleIds);
    await recordChange(trx, { action: 'update', id, symbol: input.symbol, roleIds }, actor);
  });
}

export async function deleteLevelSet(db: Kysely<DB>, id: number, actor: Actor): Promise<void> {
  await inTransaction(db, async (trx) => {
    const set = await trx.selectFrom('level_sets').select('symbol').where('id', '=', id).executeTakeFirst();
    if (!set) throw notFound();
    // Who could see it, kept in the event: the roles go with the set.
    const roles = await trx
      .selectFrom('level_set_roles')
      .select('role_id')
      .where('set_id', '=', id)
      .execute();
    await trx.deleteFrom('level_sets').where('id', '=', id).execute();
    const roleIds = roles.map((r) => r.role_id);
    await recordChange(trx, { action: 'delete', id, symbol: set.symbol, roleIds }, actor);
  });
}

type ListFilter = Partial<z.output<typeof levelSetListQuery>> & { ids?: number[] };

/** The sets `principal` may see, newest first, with their levels, roles and whether they watch them. */
export async function listLevelSets(
  db: Kysely<DB>,
  principal: Principal,
  filter: ListFilter,
  now = Date.now(),
): Promise<LevelSetRecord[]> {
  let query = db
    .selectFrom('level_sets')
    .selectAll()
    .where(roleGatedSql(principal, LEVEL_SET_ROLES, 'level_sets.id'));
  if (filter.ids) query = query.where('id', 'in', idsOrNone(filter.ids));
  if (filter.symbol) query = query.where('symbol', '=', filter.symbol);
  if (filter.timeframe) query = query.where('timeframe', '=', filter.timeframe);
  if (filter.bias) query = query.where('bias', '=', filter.bias);
  if (filter.history !== undefined)
    query = filter.history
      ? query.where('expires_at', 'is not', null).where('expires_at', '<=', now)
      : query.where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]));
  const sets = await query.orderBy('published_at', 'desc').orderBy('id', 'desc').limit(200).execute();
  const ids = idsOrNone(sets.map((s) => s.id));
  const [levels, roles, watches] = await Promise.all([
    db.selectFrom('levels').selectAll().where('set_id', 'in', ids).orderBy('sort').execute(),
    db.selectFrom('level_set_roles').selectAll().where('set_id', 'in', ids).execute(),
    db
      .selectFrom('level_watches')
      .select('set_id')
      .where('set_id', 'in', ids)
      .where('user_id', '=', principal.userId)
      .execute(),
  ]);
  const watched = new Set(watches.map((w) => w.set_id));
  return sets.map((set) => ({
    set,
    levels: levels.filter((l) => l.set_id === set.id),
    roleIds: roles.filter((r) => r.set_id === set.id).map((r) => r.role_id),
    watched: watched.has(set.id),
  }));
}

/** One set `principal` may see (expired ones included), or notFound. */
export async function getLevelSet(db: Kysely<DB>, principal: Principal, id: number): Promise<LevelSetRecord> {
  const [found] = await listLevelSets(db, principal, { ids: [id] });
  if (!found) throw notFound();
  return found;
}

/** Starts or stops watching a set the member may see. */
export async function watchLevelSet(
  db: Kysely<DB>,
  principal: Principal,
  id: number,
  watch: boolean,
  now = Date.now(),
) {
  await getLevelSet(db, principal, id);
  if (watch)
    await db
      .insertInto('level_watches')
      .values({ set_id: id, user_id: principal.userId, created_at: now })
      .onConflict((c) => c.columns(['set_id', 'user_id']).doNothing())
      .execute();
  else
    await db
      .deleteFrom('level_watches')
      .where('set_id', '=', id)
      .where('user_id', '=', principal.userId)
      .execute();
}
