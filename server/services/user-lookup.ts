import type { Kysely, Selectable } from 'kysely';
import type { DB, UsersTable } from '../db/schema.ts';

export type UserRow = Selectable<UsersTable>;
type UserWithRoles = { user: UserRow; roles: Array<{ id: number; name: string }> };

/**
 * A user and their current role tags, read fresh from the database (admins' changes apply at once). The
 * two reads go out together: on PostgreSQL that is one round trip's wait instead of two.
 */
export async function loadUserWithRoles(db: Kysely<DB>, userId: string): Promise<UserWithRoles | undefined> {
  const [user, roles] = await Promise.all([
    db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirst(),
    db
      .selectFrom('user_roles')
      .innerJoin('roles', 'roles.id', 'user_roles.role_id')
      .select(['roles.id', 'roles.name'])
      .where('user_roles.user_id', '=', userId)
      .orderBy('roles.id')
      .execute(),
  ]);
  return user ? { user, roles } : undefined;
}

export function findUserByEmail(db: Kysely<DB>, email: string): Promise<UserRow | undefined> {
  return db
    .selectFrom('users')
    .selectAll()
    .where('email_normalized', '=', normalizeEmail(email))
    .executeTakeFirst();
}

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}
