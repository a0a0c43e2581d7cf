import { type Kysely, type Selectable, sql, type Transaction } from 'kysely';
import type { z } from 'zod';
import type { addQuantRequest, quantListQuery } from '#shared/schemas/quant.ts';
import { idsOrNone } from '../db/in-list.ts';
import type { DB, QuantStrategiesTable } from '../db/schema.ts';
import { isAdmin, type Principal } from '../policies/membership.ts';
import { QUANT_STRATEGY_ROLES, roleGatedSql } from '../policies/role-gated.ts';
import { canWatchKey } from '../policies/trader-live.ts';
import { type Actor, audit } from './audit.ts';
import { DomainError } from './errors.ts';
import { sanitizeArticleHtml } from './html.ts';

// Quantitative strategies: what admins publish, with the tags that may see it, its symbols and its daily
// series, all written together; reads answer only what the caller may see (policies/role-gated.ts).

export type QuantInput = z.output<typeof addQuantRequest>;
export type QuantRow = Selectable<QuantStrategiesTable>;
export type QuantDay = { day: number; value: number };

/** A UTC calendar date (YYYY-MM-DD) as the epoch milliseconds of its midnight. */
export const dayMs = (date: string): number => Date.parse(`${date}T00:00:00Z`);

const notFound = () =>
  new DomainError('notFound', 'quantStrategyNotFound', { id: ['quantStrategyNotFound'] });

/** The strategies the caller may see, filtered and sorted as asked, with their symbols. */
export async function listQuantStrategies(
  db: Kysely<DB>,
  principal: Principal,
  query: z.output<typeof quantListQuery>,
) {
  let select = db.selectFrom('quant_strategies as s').selectAll('s');
  select = select.where(roleGatedSql(principal, QUANT_STRATEGY_ROLES, 's.id'));
  if (query.type) select = select.where('s.type', '=', query.type);
  if (query.status) select = select.where('s.status', '=', query.status);
  if (query.riskLevel) select = select.where('s.risk_level', '=', query.riskLevel);
  const symbol = query.symbol;
  if (symbol)
    select = select.where(({ exists, selectFrom }) =>
      exists(
        selectFrom('quant_strategy_symbols as qs')
          .select('qs.strategy_id')
          .whereRef('qs.strategy_id', '=', 's.id')
          .where('qs.symbol', '=', symbol),
      ),
    );
  // Strategies without the figure come last, whichever way it sorts.
  const figureFirst = (column: 's.total_return' | 's.max_drawdown' | 's.sharpe', direction: 'asc' | 'desc') =>
    select.orderBy(sql`case when ${sql.ref(column)} is null then 1 else 0 end`).orderBy(column, direction);
  if (query.sort === 'return') select = figureFirst('s.total_return', 'desc');
  else if (query.sort === 'drawdown') select = figureFirst('s.max_drawdown', 'asc');
  else if (query.sort === 'sharpe') select = figureFirst('s.sharpe', 'desc');
  const rows = await select.orderBy('s.created_at', 'desc').orderBy('s.id', 'desc').execute();
  const ids = rows.map((row) => row.id);
  const [symbols, roles] = await Promise.all([
    symbolsOf(db, ids),
    // The tags that may see each, for administrators (members are not told).
    isAdmin(principal)
      ? db.selectFrom('quant_strategy_roles').selectAll().where('strategy_id', 'in', idsOrNone(ids)).execute()
      : [],
  ]);
  return rows.map((row) => ({
    row,
    symbols: symbols.get(row.id) ?? [],
    roleIds: roles.filter((r) => r.strategy_id === row.id).map((r) => r.role_id),
  }));
}

/** One strategy the caller may see, with everything it has; 404 otherwise. */
export async function findQuantStrategy(db: Kysely<DB>, principal: Principal, id: number) {
  let select = db.selectFrom('quant_strategies as s').selectAll('s').where('s.id', '=', id);
  select = select.where(roleGatedSql(principal, QUANT_STRATEGY_ROLES, 's.id'));
  const row = await select.executeTakeFirst();
  if (!row) throw notFound();
  const [symbols, roles, days, trader] = await Promise.all([
    symbolsOf(db, [id]),
    db
      .selectFrom('quant_strategy_roles')
      .select('role_id')
      .where('strategy_id', '=', id)
      .orderBy('role_id')
      .execute(),
    db
      .selectFrom('quant_strategy_days')
      .select(['day', 'value'])
      .where('strategy_id', '=', id)
      .orderBy('day')
      .execute(),
    row.trader_key_id === null
      ? undefined
      : db
          .selectFrom('trader_keys')
          .select(['id', 'key_name'])
          .where('id', '=', row.trader_key_id)
          .executeTakeFirst(),
  ]);
  return {
    row,
    symbols: symbols.get(id) ?? [],
    roleIds: roles.map((r) => r.role_id),
    days: days.map((d) => ({ day: Number(d.day), value: d.value })),
    trader: trader ? { ...trader, watchable: await canWatchKey(db, principal, trader.id) } : undefined,
  };
}

async function symbolsOf(db: Kysely<DB>, ids: number[]): Promise<Map<number, string[]>> {
  const map = new Map<number, string[]>();
  if (ids.length === 0) return map;
  const rows = await db
    .selectFrom('quant_strategy_symbols')
    .select(['strategy_id', 'symbol'])
    .where('strategy_id', 'in', idsOrNone(ids))
    .orderBy('strategy_id')
    .orderBy('position')
    .execute();
  for (const row of rows) map.set(row.strategy_id, [...(map.get(row.strategy_id) ?? []), row.symbol]);
  return map;
}

export async function addQuantStrategy(db: Kysely<DB>, input: QuantInput, actor: Actor): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const roleIds = await checkReferences(trx, input);
    const now = Date.now();
    const { id } = await trx
      .insertInto('quant_strategies')
      .values({ ...columnsOf(input), created_by: actor.userId, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    await writeParts(trx, id, input, roleIds);
    await audit(trx, {
      action: 'admin.quant.add',
      actorId: actor.userId,
      targetType: 'quantStrategy',
      targetId: String(id),
      ip: actor.ip,
      userAgent: actor.userAgent,
      detail: auditDetail(input, roleIds),
    });
    return id;
  });
}

/** Replaces everything of a strategy: its fields, tags, symbols and daily series. */
export async function updateQuantStrategy(
  db: Kysely<DB>,
  input: QuantInput & { id: number },
  actor: Actor,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const roleIds = await checkReferences(trx, input);
    const result = await trx
      .updateTable('quant_strategies')
      .set({ ...columnsOf(input), updated_at: Date.now() })
      .where('id', '=', input.id)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) throw notFound();
    await writeParts(trx, input.id, input, roleIds);
    await audit(trx, {
      action: 'admin.quant.update',
      actorId: actor.userId,
      targetType: 'quantStrategy',
      targetId: String(input.id),
      ip: actor.ip,
      userAgent: actor.userAgent,
      detail: auditDetail(input, roleIds),
    });
  });
}

/** Deletes a strategy with its tags, symbols and daily series. */
export async function deleteQuantStrategy(db: Kysely<DB>, id: number, actor: Actor): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('quant_strategies')
      .select('name')
      .where('id', '=', id)
      .executeTakeFirst();
    if (!row) throw notFound();
    await trx.deleteFrom('quant_strategies').where('id', '=', id).execute();
    await audit(trx, {
      action: 'admin.quant.delete',
      actorId: actor.userId,
      targetType: 'quantStrategy',
      targetId: String(id),
      ip: actor.ip,
      userAgent: actor.userAgent,
      detail: { name: row.name },
    });
  });
}

/** The tags and the trader key must exist; answers the tags once each. */
async function checkReferences(trx: Transaction<DB>, input: QuantInput): Promise<number[]> {
  const roleIds = [...new Set(input.roleIds)];
  if (roleIds.length) {
    const found = await trx.selectFrom('roles').select('id').where('id', 'in', roleIds).execute();
    if (found.length !== roleIds.length)
      throw new DomainError('invalid', 'unknownRoles', { roleIds: ['unknownRoles'] });
  }
  if (input.traderKeyId !== null) {
    const key = await trx
      .selectFrom('trader_keys')
      .select('id')
      .where('id', '=', input.traderKeyId)
      .executeTakeFirst();
    if (!key) throw new DomainError('invalid', 'traderKeyNotFound', { traderKeyId: ['traderKeyNotFound'] });
  }
  return roleIds;
}

function columnsOf(input: QuantInput) {
  const r = input.results;
  return {
    name: input.name,
    type: input.type,
    market: input.market,
    timeframe: input.timeframe,
    risk_level: input.riskLevel,
    status: input.status,
    description: sanitizeArticleHtml(input.description),
    parameters: JSON.stringify(input.parameters),
    trader_key_id: input.traderKeyId,
    results_source: r.source,
    total_return: r.totalReturn,
    annualized_return: r.annualizedReturn,
    max_drawdown: r.maxDrawdown,
    sharpe: r.sharpe,
    sortino: r.sortino,
    calmar: r.calmar,
    win_rate: r.winRate,
    profit_factor: r.profitFactor,
    trades: r.trades,
    period_start: r.periodStart === null ? null : dayMs(r.periodStart),
    period_end: r.periodEnd === null ? null : dayMs(r.periodEnd),
    starting_balance: r.startingBalance,
    final_balance: r.finalBalance,
    currency: r.currency || null,
    daily_kind: r.daily?.points.length ? r.daily.kind : null,
  };
}

/** Rows of the daily series per insert: well under both databases' limits on bound values. */
const DAYS_PER_INSERT = 1_000;

async function writeParts(trx: Transaction<DB>, id: number, input: QuantInput, roleIds: number[]) {
  await trx.deleteFrom('quant_strategy_roles').where('strategy_id', '=', id).execute();
  await trx.deleteFrom('quant_strategy_symbols').where('strategy_id', '=', id).execute();
  await trx.deleteFrom('quant_strategy_days').where('strategy_id', '=', id).execute();
  if (roleIds.length)
    await trx
      .insertInto('quant_strategy_roles')
      .values(roleIds.map((role_id) => ({ strategy_id: id, role_id })))
      .execute();
  const symbols = [...new Set(input.symbols)];
  if (symbols.length)
    await trx
      .insertInto('quant_strategy_symbols')
      .values(symbols.map((symbol, position) => ({ strategy_id: id, position, symbol })))
      .execute();
  const days = (input.results.daily?.points ?? []).map((p) => ({
    strategy_id: id,
    day: dayMs(p.date),
    value: p.value,
  }));
  for (let start = 0; start < days.length; start += DAYS_PER_INSERT)
    await trx
      .insertInto('quant_strategy_days')
      .values(days.slice(start, start + DAYS_PER_INSERT))
      .execute();
}

function auditDetail(input: QuantInput, roleIds: number[]) {
  return {
    name: input.name,
    status: input.status,
    roleIds,
    traderKeyId: input.traderKeyId,
    source: input.results.source,
    days: input.results.daily?.points.length ?? 0,
  };
}
