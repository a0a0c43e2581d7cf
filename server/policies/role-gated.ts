import { type RawBuilder, sql } from 'kysely';
import { isAdmin, type Principal } from './membership.ts';

// Content that admins open to some role tags, as a trader key's permission map does, except that listing no
// tag opens it to every member: support and pressure level sets, quantitative strategies. Administrators
// see all of it. (The routes sit behind requireMember: a non-member is refused before this applies.)

type RoleGate = { table: 'level_set_roles' | 'quant_strategy_roles'; column: 'set_id' | 'strategy_id' };

export const LEVEL_SET_ROLES: RoleGate = { table: 'level_set_roles', column: 'set_id' };
export const QUANT_STRATEGY_ROLES: RoleGate = { table: 'quant_strategy_roles', column: 'strategy_id' };

/**
 * The rule as SQL for a query whose row id is `idRef` (e.g. `level_sets.id`): no tag listed in `gate`, or
 * one the caller holds; always true for administrators.
 */
export function roleGatedSql(principal: Principal, gate: RoleGate, idRef: string): RawBuilder<boolean> {
  if (isAdmin(principal)) return sql<boolean>`true`;
  const roles = sql.table(gate.table);
  const owner = sql.ref(`gr.${gate.column}`);
  const id = sql.ref(idRef);
  return sql<boolean>`(not exists (select 1 from ${roles} gr where ${owner} = ${id}) or exists (select 1 from ${roles} gr inner join user_roles ur on ur.role_id = gr.role_id where ${owner} = ${id} and ur.user_id = ${principal.userId}))`;
}
