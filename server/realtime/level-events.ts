import { type Kysely, sql } from 'kysely';
import { ROLE } from '#shared/roles.ts';
import { idsOrNone } from '../db/in-list.ts';
import type { DB } from '../db/schema.ts';
import { isAdmin, isMember, memberSql } from '../policies/membership.ts';
import { isoTime } from '../presenters/common.ts';
import type { EventHandler } from './delivery.ts';
import { ADMINS, MEMBERS, roleRoom, userRoom } from './sockets.ts';

// How the support and pressure events reach people (registered with the hub in hub.ts): a level set changed
// goes to the members its roles admit (none listed: every member) and the administrators; a crossing to
// the members who watch the set and may still see it. Both are stored events: a member who was away gets
// them on reconnecting, once.

declare module '../services/hub-events.ts' {
  interface HubEventPayloads {
    /** A level set was published, edited or deleted; `roleIds`: who could see it (kept for a deleted set). */
    'levels.changed': { setId: number; symbol: string; removed: boolean; roleIds: number[] };
    /** The live price crossed a level of a set (recorded once per crossing by level-watch.ts). */
    'levels.crossed': {
      setId: number;
      levelId: number;
      symbol: string;
      kind: 'support' | 'resistance';
      level: number;
      price: number;
      direction: 'up' | 'down';
      at: number;
    };
  }
}

/** The names of the roles that admit a set: its own now, or those recorded for a deleted one. */
async function admittingRoles(db: Kysely<DB>, setId: number, removed: boolean, recorded: number[]) {
  const roleIds = removed
    ? recorded
    : (await db.selectFrom('level_set_roles').select('role_id').where('set_id', '=', setId).execute()).map(
        (r) => r.role_id,
      );
  if (roleIds.length === 0) return [];
  return (await db.selectFrom('roles').select('name').where('id', 'in', idsOrNone(roleIds)).execute()).map(
    (r) => r.name,
  );
}

const levelsChanged: EventHandler<'levels.changed'> = async (event, eventId, target, { db, io }) => {
  if (!event.removed) {
    const exists = await db
      .selectFrom('level_sets')
      .select('id')
      .where('id', '=', event.setId)
      .executeTakeFirst();
    // Deleted since: its own event says so.
    if (!exists) return;
  }
  const roles = await admittingRoles(db, event.setId, event.removed, event.roleIds);
  const payload = { setId: event.setId, symbol: event.symbol, removed: event.removed, eventId };
  if (target.kind === 'socket') {
    const { principal } = target.socket.data;
    const admitted = roles.length === 0 || roles.some((role) => principal.roles.includes(role));
    if (isAdmin(principal) || (isMember(principal) && admitted))
      target.socket.emit('LevelSetChanged', payload);
    return;
  }
  io.to(roles.length === 0 ? [MEMBERS] : [ADMINS, ...roles.map(roleRoom)]).emit('LevelSetChanged', payload);
};

/** The members watching a set who may still see it (membership current, a role it admits unless it has none). */
async function entitledWatchers(db: Kysely<DB>, setId: number, now: number): Promise<string[]> {
  const rows = await db
    .selectFrom('level_watches as w')
    .innerJoin('users as u', 'u.id', 'w.user_id')
    .select('w.user_id')
    .where('w.set_id', '=', setId)
    .where(memberSql('u', now))
    .where(
      sql<boolean>`(not exists (select 1 from level_set_roles lr where lr.set_id = ${setId}) or exists (select 1 from level_set_roles lr inner join user_roles ur on ur.role_id = lr.role_id where lr.set_id = ${setId} and ur.user_id = w.user_id) or exists (select 1 from user_roles ar inner join roles r on r.id = ar.role_id where ar.user_id = w.user_id and r.name = ${ROLE.admin}))`,
    )
    .execute();
  return rows.map((r) => r.user_id);
}

const levelsCrossed: EventHandler<'levels.crossed'> = async (event, eventId, target, { db, io }) => {
  const watchers = await entitledWatchers(db, event.setId, Date.now());
  const { name: _name, at, ...rest } = event;
  const payload = { ...rest, at: isoTime(at), eventId };
  if (target.kind === 'socket') {
    if (watchers.includes(target.socket.data.principal.userId)) target.socket.emit('LevelCrossed', payload);
    return;
  }
  if (watchers.length) io.to(watchers.map(userRoom)).emit('LevelCrossed', payload);
};

/** The handlers of the support and pressure events, by name. */
export const levelEventHandlers = {
  'levels.changed': levelsChanged,
  'levels.crossed': levelsCrossed,
} satisfies { [N in keyof import('../services/hub-events.ts').HubEventPayloads]?: EventHandler<N> };
