import { type Kysely, sql } from 'kysely';
import type { DB } from '../db/schema.ts';
import { DomainError } from './errors.ts';

// The user directory as administrators read it: lists, one user, tags. Shapes are built by presenters/users.

/** Every user, newest first (the spec's plain list). */
export function allUsers(db: Kysely<DB>) {
  return db
    .selectFrom('users')
    .select(['id', 'user_name', 'member_expiry_date', 'member_credit'])
    .orderBy('created_at', 'desc')
    .execute();
}

type ListUsersInput = {
  offset: number;
  limit: number;
  search?: string | undefined;
  roleId?: number | undefined;
};

/** One page of users with their tag ids, newest first, optionally filtered by e-mail/name and by tag. */
export async function listUsers(db: Kysely<DB>, input: ListUsersInput) {
  let query = db.selectFrom('users');
  if (input.search) {
    const pattern = `%${input.search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    query = query.where((eb) =>
      eb.or([
        eb('users.email_normalized', 'like', sql<string>`${pattern} escape '\\'`),
        eb(eb.fn('lower', ['users.user_name']), 'like', sql<string>`${pattern} escape '\\'`),
        eb(eb.fn('lower', ['users.nick_name']), 'like', sql<string>`${pattern} escape '\\'`),
      ]),
    );
  }
  if (input.roleId !== undefined) {
    const roleId = input.roleId;
    query = query.where((eb) =>
      eb.exists(
        eb
          .selectFrom('user_roles')
          .select('user_roles.user_id')
          .whereRef('user_roles.user_id', '=', 'users.id')
          .where('user_roles.role_id', '=', roleId),
      ),
    );
  }
  const [{ total }, rows] = await Promise.all([
    query.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
    query
      .select([
        'users.id',
        'users.email',
        'users.user_name',
        'users.member_expiry_date',
        'users.member_credit',
        'users.created_at',
      ])
      .orderBy('users.created_at', 'desc')
      .orderBy('users.id')
      .offset(input.offset)
      .limit(input.limit)
      .execute(),
  ]);
  const tags = await tagsOf(
    db,
    rows.map((r) => r.id),
  );
  return { total: Number(total), rows: rows.map((row) => ({ row, tags: tags.get(row.id) ?? [] })) };
}

/** One user with their tag ids and names, or notFound. */
export async function userWithTags(db: Kysely<DB>, userId: string) {
  const user = await db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirst();
  if (!user) throw new DomainError('notFound', 'userNotFound');
  const ids = (await tagsOf(db, [user.id])).get(user.id) ?? [];
  const names = ids.length
    ? (await db.selectFrom('roles').select('name').where('id', 'in', ids).execute()).map((r) => r.name)
    : [];
  return { user, tags: { ids, names } };
}

/** User id → tag ids, in tag order. */
export async function tagsOf(db: Kysely<DB>, userIds: string[]): Promise<Map<string, number[]>> {
  const map = new Map<string, number[]>();
  if (userIds.length === 0) return map;
  for (const link of await userRoleLinks(db, userIds)) {
    const list = map.get(link.user_id) ?? [];
    list.push(link.role_id);
    map.set(link.user_id, list);
  }
  return map;
}

/** Tag links of these users (all users when `userIds` is undefined), in tag order. */
export function userRoleLinks(db: Kysely<DB>, userIds?: string[]) {
  let query = db.selectFrom('user_roles').select(['user_id', 'role_id']).orderBy('role_id');
  if (userIds) query = query.where('user_id', 'in', userIds.length ? userIds : ['']);
  return query.execute();
}

export function allRoles(db: Kysely<DB>) {
  return db.selectFrom('roles').select(['id', 'name']).orderBy('id').execute();
}

/** Every tag with how many users hold it. */
export function rolesWithCounts(db: Kysely<DB>) {
  return db
    .selectFrom('roles')
    .leftJoin('user_roles', 'user_roles.role_id', 'roles.id')
    .select([
      'roles.id',
      'roles.name',
      'roles.built_in',
      (eb) => eb.fn.count<number>('user_roles.user_id').as('users'),
    ])
    .groupBy(['roles.id', 'roles.name', 'roles.built_in'])
    .orderBy('roles.id')
    .execute();
}
