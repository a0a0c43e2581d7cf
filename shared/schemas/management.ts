import { z } from 'zod';
import {
  ADMIN_PAGE_SIZE,
  EDIT_PERMISSION_EMAIL_MAX_LENGTH,
  EXPIRY_DAYS_MAX,
  EXPIRY_DAYS_MIN,
} from '../constants.ts';

// User and role-tag management (spec §3 Managed user and Role, §5 batch rules, §7 /api/Management/...).

export const MAX_BATCH_ROWS = 5000;

export const managedUser = z.object({
  userId: z.string(),
  userName: z.string(),
  /** ISO date-time or null. Days remaining are computed from now by the caller. */
  memberExpiryDate: z.string().nullable(),
  memberCredit: z.number(),
});
export type ManagedUser = z.infer<typeof managedUser>;

/** A row of the paged list: the spec's fields plus e-mail and tag ids for the table. */
export const managedUserRow = managedUser.extend({
  email: z.string(),
  tags: z.array(z.number()),
  createdAt: z.string(),
});
export type ManagedUserRow = z.infer<typeof managedUserRow>;

export const usersQuery = z.object({
  current: z.coerce.number().int().min(1).optional(),
  pageSize: z.coerce.number().int().min(1).max(500).optional(),
  search: z.string().trim().max(100).optional(),
  roleId: z.coerce.number().int().optional(),
});
export type UsersQuery = z.input<typeof usersQuery>;

export const usersPage = z.object({ records: z.array(managedUserRow), total: z.number() });
export type UsersPage = z.infer<typeof usersPage>;

/** GetUsers: without parameters the spec's plain list, with paging, search or a tag one page and the total. */
export const usersResponse = z.union([z.array(managedUser), usersPage]);

export const userIdQuery = z.object({ userId: z.string().min(1).max(100) });
/** Comma-separated user ids; none: every user. */
export const userIdsQuery = z.object({ userIds: z.string().max(20_000).optional() });

export const DEFAULT_USERS_PAGE_SIZE = ADMIN_PAGE_SIZE;

export const role = z.object({ roleId: z.number(), roleName: z.string() });
export type Role = z.infer<typeof role>;
export const roleList = z.array(role);

export const roleWithCount = role.extend({ userCount: z.number(), builtIn: z.boolean() });
export type RoleWithCount = z.infer<typeof roleWithCount>;
export const roleWithCountList = z.array(roleWithCount);

/** userId → role ids. */
export const userRolesMap = z.record(z.string(), z.array(z.number()));

const roleIds = z.array(z.number().int(), { message: 'unknownRoles' }).max(100);

export const batchUserOperationRequest = z.object({
  /** Role ids that become the selected users' tags (the Admin tag excepted); null leaves tags unchanged. */
  permissionMap: roleIds.nullable().optional(),
  /** Days to move the membership expiry by, from the later of now and the current expiry; null leaves it. */
  expiryInDays: z
    .number({ message: 'expiryDaysRange' })
    .int('expiryDaysRange')
    .min(EXPIRY_DAYS_MIN, 'expiryDaysRange')
    .max(EXPIRY_DAYS_MAX, 'expiryDaysRange')
    .nullable()
    .optional(),
  /** Selected user ids; empty or absent means every user. */
  rows: z.array(z.string().max(100)).max(MAX_BATCH_ROWS, 'tooManyRows').nullable().optional(),
});
export type BatchUserOperationRequest = z.input<typeof batchUserOperationRequest>;

export const batchUserOperationResponse = z.object({ affected: z.number() });

export const addRoleRequest = z.object({
  name: z
    .string({ message: 'tagNameRequired' })
    .trim()
    .min(1, { message: 'tagNameRequired', abort: true })
    .max(30, 'tagNameTooLong'),
});
export type AddRoleRequest = z.input<typeof addRoleRequest>;

export const deleteRoleRequest = z.object({ id: z.number({ message: 'tagNotFound' }).int() });

export const userDetail = managedUserRow.extend({
  memberDaysRemaining: z.number().nullable(),
  level: z.string().nullable(),
  emailConfirmed: z.boolean(),
  /** Signs in with a second factor. */
  twoFactorEnabled: z.boolean(),
});
export type UserDetail = z.infer<typeof userDetail>;

/** Turns off a person's two-factor sign-in (lost authenticator). */
export const resetTwoFactorRequest = z.object({ userId: z.string().min(1).max(100) });
export type ResetTwoFactorRequest = z.input<typeof resetTwoFactorRequest>;

/** Edit-permissions tab of the user detail page. */
export const assignUserRoleRequest = z.object({
  userId: z.string().min(1).max(100),
  permissionMap: roleIds,
  /** Membership days from now (integer); null clears the expiry; absent leaves it. */
  memberDays: z
    .number({ message: 'memberDaysInteger' })
    .int('memberDaysInteger')
    .min(-36500)
    .max(36500)
    .nullable()
    .optional(),
  email: z
    .string()
    .trim()
    .max(EDIT_PERMISSION_EMAIL_MAX_LENGTH, 'emailTooLong')
    .pipe(z.email('emailInvalid'))
    .optional(),
});
export type AssignUserRoleRequest = z.input<typeof assignUserRoleRequest>;
