import type { Selectable } from 'kysely';
import { memberDaysRemaining } from '#shared/membership.ts';
import type {
  ManagedUser,
  ManagedUserRow,
  Role,
  RoleWithCount,
  UserDetail,
} from '#shared/schemas/management.ts';
import type { UsersTable } from '../db/schema.ts';
import { membershipLevel } from '../policies/membership.ts';
import { isoTime, isoTimeOrNull } from './common.ts';

type UserRow = Selectable<UsersTable>;
type UserFields = Pick<UserRow, 'id' | 'user_name' | 'member_expiry_date' | 'member_credit'>;
type ListedUser = UserFields & Pick<UserRow, 'email' | 'created_at'>;

/** The spec's plain user list entry. */
export function presentManagedUser(user: UserFields): ManagedUser {
  return {
    userId: user.id,
    userName: user.user_name,
    memberExpiryDate: isoTimeOrNull(user.member_expiry_date),
    memberCredit: user.member_credit,
  };
}

/** A row of the paged list: the plain entry with e-mail, tag ids and creation time. */
function presentUserRow(user: ListedUser, tags: number[]): ManagedUserRow {
  return { ...presentManagedUser(user), email: user.email, tags, createdAt: isoTime(user.created_at) };
}

/** The detail page: the row, days of membership left, the level label and whether the e-mail is confirmed. */
export function presentUserDetail(
  user: ListedUser & Pick<UserRow, 'email_confirmed_at' | 'two_factor_enabled_at'>,
  tags: { ids: number[]; names: string[] },
  now = Date.now(),
): UserDetail {
  return {
    ...presentUserRow(user, tags.ids),
    memberDaysRemaining: memberDaysRemaining(user.member_expiry_date, now),
    level: membershipLevel(tags.names),
    emailConfirmed: user.email_confirmed_at !== null,
    twoFactorEnabled: user.two_factor_enabled_at !== null,
  };
}

export function presentRole(role: { id: number; name: string }): Role {
  return { roleId: role.id, roleName: role.name };
}

export function presentRoleWithCount(role: {
  id: number;
  name: string;
  built_in: number;
  users: number | string | bigint;
}): RoleWithCount {
  return { ...presentRole(role), userCount: Number(role.users), builtIn: role.built_in === 1 };
}

/** User id → tag ids, in tag order. */
export function presentUserRoles(
  links: Array<{ user_id: string; role_id: number }>,
): Record<string, number[]> {
  const map: Record<string, number[]> = {};
  for (const link of links) {
    const list = map[link.user_id] ?? [];
    list.push(link.role_id);
    map[link.user_id] = list;
  }
  return map;
}

/** A page of the user list. */
export function presentUsersPage(page: { total: number; rows: Array<{ row: ListedUser; tags: number[] }> }): {
  total: number;
  records: ManagedUserRow[];
} {
  return { total: page.total, records: page.rows.map(({ row, tags }) => presentUserRow(row, tags)) };
}
