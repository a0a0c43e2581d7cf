import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { okResponse } from '#shared/schemas/common.ts';
import {
  addRoleRequest,
  assignUserRoleRequest,
  batchUserOperationRequest,
  batchUserOperationResponse,
  DEFAULT_USERS_PAGE_SIZE,
  deleteRoleRequest,
  resetTwoFactorRequest,
  role,
  roleList,
  roleWithCountList,
  userDetail,
  userIdQuery,
  userIdsQuery,
  userRolesMap,
  usersQuery,
  usersResponse,
} from '#shared/schemas/management.ts';
import { membershipReminderList } from '#shared/schemas/membership.ts';
import type { Database } from '../../db/database.ts';
import { actorOf, principalOf } from '../../plugins/authenticate.ts';
import { assertFreshTwoFactor } from '../../plugins/step-up.ts';
import { presentReminder } from '../../presenters/membership.ts';
import {
  presentManagedUser,
  presentRole,
  presentRoleWithCount,
  presentUserDetail,
  presentUserRoles,
  presentUsersPage,
} from '../../presenters/users.ts';
import { remindersOf } from '../../services/membership-reminders.ts';
import { resetTwoFactorOf } from '../../services/two-factor.ts';
import { addRole, assignUserRole, batchUserOperation, deleteRole } from '../../services/user-admin.ts';
import {
  allRoles,
  allUsers,
  listUsers,
  rolesWithCounts,
  userRoleLinks,
  userWithTags,
} from '../../services/user-directory.ts';

/** Users and role tags (spec §7 /api/Management/...). Admins only: registered behind requireAdmin. */
export const managementRoutes: FastifyPluginAsyncZod<{
  database: Database;
  /** Membership dates changed: the reminder sweep looks soon, not at its next round (never awaited). */
  membershipChanged: () => void;
}> = async (app, { database, membershipChanged }) => {
  const { db } = database;
  // Without parameters: the spec's plain list. With paging, search or a tag filter: one page and the total.
  app.get(
    '/api/Management/GetUsers',
    { schema: { querystring: usersQuery, response: { 200: usersResponse } } },
    async (request) => {
      const q = request.query;
      const paged =
        q.current !== undefined ||
        q.pageSize !== undefined ||
        q.search !== undefined ||
        q.roleId !== undefined;
      if (!paged) return (await allUsers(db)).map(presentManagedUser);
      const pageSize = q.pageSize ?? DEFAULT_USERS_PAGE_SIZE;
      const page = await listUsers(db, {
        offset: ((q.current ?? 1) - 1) * pageSize,
        limit: pageSize,
        search: q.search || undefined,
        roleId: q.roleId,
      });
      return presentUsersPage(page);
    },
  );

  app.get(
    '/api/Management/GetUser',
    {
      schema: {
        querystring: userIdQuery,
        response: { 200: userDetail },
      },
    },
    async (request) => {
      const { user, tags } = await userWithTags(db, request.query.userId);
      return presentUserDetail(user, tags);
    },
  );

  // Who was reminded of their membership's end, and whether the mail went out (the user detail's tab).
  app.get(
    '/api/Management/GetMembershipReminders',
    { schema: { querystring: userIdQuery, response: { 200: membershipReminderList } } },
    async (request) => (await remindersOf(db, request.query.userId)).map(presentReminder),
  );

  app.get('/api/Management/GetRoles', { schema: { response: { 200: roleList } } }, async () => {
    return (await allRoles(db)).map(presentRole);
  });

  app.get(
    '/api/Management/GetUserRoles',
    {
      schema: {
        querystring: userIdsQuery,
        response: { 200: userRolesMap },
      },
    },
    async (request) => {
      const ids = request.query.userIds?.split(',').filter(Boolean);
      return presentUserRoles(await userRoleLinks(db, ids));
    },
  );

  app.get(
    '/api/Management/GetRolesWithUserCount',
    { schema: { response: { 200: roleWithCountList } } },
    async () => (await rolesWithCounts(db)).map(presentRoleWithCount),
  );

  app.post(
    '/api/Management/BatchUserOperation',
    { schema: { body: batchUserOperationRequest, response: { 200: batchUserOperationResponse } } },
    async (request) => {
      // The operation on every user (no rows selected) wants a fresh code.
      if (!request.body.rows?.length) await assertFreshTwoFactor(db, principalOf(request));
      // After a change of tags or membership, connected people are re-read: whoever lost access is cut off.
      const { affected } = await batchUserOperation(db, database.dialect, request.body, actorOf(request));
      membershipChanged();
      return { affected };
    },
  );

  app.post(
    '/api/Management/AddRole',
    { schema: { body: addRoleRequest, response: { 200: role } } },
    async (request) => presentRole(await addRole(db, request.body.name, actorOf(request))),
  );

  app.post(
    '/api/Management/DeleteRole',
    { schema: { body: deleteRoleRequest, response: { 200: okResponse } } },
    async (request) => {
      await assertFreshTwoFactor(db, principalOf(request));
      await deleteRole(db, request.body.id, actorOf(request));
      return { ok: true as const };
    },
  );

  // Someone lost their authenticator and their recovery codes: their two-factor sign-in is turned off, and
  // they set it up again (administrators at their next visit to the back office). Wants a fresh code.
  app.post(
    '/api/Management/ResetTwoFactor',
    { schema: { body: resetTwoFactorRequest, response: { 200: okResponse } } },
    async (request) => {
      await assertFreshTwoFactor(db, principalOf(request));
      await resetTwoFactorOf(db, actorOf(request), request.body.userId);
      return { ok: true as const };
    },
  );

  app.post(
    '/api/Management/AssignUserRole',
    { schema: { body: assignUserRoleRequest, response: { 200: okResponse } } },
    async (request) => {
      await assignUserRole(db, request.body, actorOf(request));
      membershipChanged();
      return { ok: true as const };
    },
  );
};
