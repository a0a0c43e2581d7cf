import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { okResponse } from '#shared/schemas/common.ts';
import {
  addRoleRequest,
  assignUserRoleRequest,
  batchUserOperationRequest,
  batchUserOperationResponse,
  DEFAULT_USERS_PAGE_SIZE,
  deleteRoleRequest,
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
import type { Database } from '../../db/database.ts';
import { actorOf } from '../../plugins/authenticate.ts';
import {
  presentManagedUser,
  presentRole,
  presentRoleWithCount,
  presentUserDetail,
  presentUserRoles,
  presentUsersPage,
} from '../../presenters/users.ts';
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
}> = async (app, { database }) => {
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
      // After a change of tags or membership, connected people are re-read: whoever lost access is cut off.
      const { affected } = await batchUserOperation(db, database.dialect, request.body, actorOf(request));
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
      await deleteRole(db, request.body.id, actorOf(request));
      return { ok: true as const };
    },
  );

  app.post(
    '/api/Management/AssignUserRole',
    { schema: { body: assignUserRoleRequest, response: { 200: okResponse } } },
    async (request) => {
      await assignUserRole(db, request.body, actorOf(request));
      return { ok: true as const };
    },
  );
};
