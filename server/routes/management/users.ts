import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { okResponse } from '#shared/schemas/common.ts';
import {
  addRoleRequest,
  assignUserRoleRequest,
  batchUserOperationRequest,
  batchUserOperationResponse,
  DEFAULT_USERS_PAGE_SIZE,
  deleteRoleRequest,
  managedUser,
  role,
  roleWithCount,
  userDetail,
  userRolesMap,
  usersPage,
  usersQuery,
} from '#shared/schemas/management.ts';
import type { Database } from '../../db/database.ts';
import { principalOf } from '../../plugins/authenticate.ts';
import { HttpProblem } from '../../plugins/errors.ts';
import { membershipLevel } from '../../policies/membership.ts';
import {
  addRole,
  assignUserRole,
  batchUserOperation,
  deleteRole,
  listUsers,
  rolesWithCounts,
  tagsOf,
} from '../../services/user-admin.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/** Users and role tags (spec §7 /api/Management/...). Admins only: registered behind requireAdmin. */
export const managementRoutes: FastifyPluginAsyncZod<{
  database: Database;
}> = async (app, { database }) => {
  const { db } = database;
  const actor = (request: { principal: { userId: string } | undefined; ip: string }) => ({
    userId: principalOf(request).userId,
    ip: request.ip,
  });

  // Without parameters: the spec's plain list. With paging, search or a tag filter: one page and the total.
  app.get(
    '/api/Management/GetUsers',
    { schema: { querystring: usersQuery, response: { 200: z.union([z.array(managedUser), usersPage]) } } },
    async (request) => {
      const q = request.query;
      const paged =
        q.current !== undefined ||
        q.pageSize !== undefined ||
        q.search !== undefined ||
        q.roleId !== undefined;
      if (!paged) {
        const rows = await db
          .selectFrom('users')
          .select(['id', 'user_name', 'member_expiry_date', 'member_credit'])
          .orderBy('created_at', 'desc')
          .execute();
        return rows.map((r) => ({
          userId: r.id,
          userName: r.user_name,
          memberExpiryDate: iso(r.member_expiry_date),
          memberCredit: r.member_credit,
        }));
      }
      const pageSize = q.pageSize ?? DEFAULT_USERS_PAGE_SIZE;
      return listUsers(db, {
        offset: ((q.current ?? 1) - 1) * pageSize,
        limit: pageSize,
        search: q.search || undefined,
        roleId: q.roleId,
      });
    },
  );

  app.get(
    '/api/Management/GetUser',
    {
      schema: {
        querystring: z.object({ userId: z.string().min(1).max(100) }),
        response: { 200: userDetail },
      },
    },
    async (request) => {
      const user = await db
        .selectFrom('users')
        .selectAll()
        .where('id', '=', request.query.userId)
        .executeTakeFirst();
      if (!user) throw new HttpProblem(404, 'userNotFound');
      const tags = (await tagsOf(db, [user.id])).get(user.id) ?? [];
      const names = await db
        .selectFrom('roles')
        .select('name')
        .where('id', 'in', tags.length ? tags : [-1])
        .execute();
      return {
        userId: user.id,
        userName: user.user_name,
        email: user.email,
        memberExpiryDate: iso(user.member_expiry_date),
        memberCredit: user.member_credit,
        tags,
        createdAt: new Date(user.created_at).toISOString(),
        memberDaysRemaining:
          user.member_expiry_date === null
            ? null
            : Math.floor((user.member_expiry_date - Date.now()) / DAY_MS),
        level: membershipLevel(names.map((n) => n.name)),
        emailConfirmed: user.email_confirmed_at !== null,
      };
    },
  );

  app.get('/api/Management/GetRoles', { schema: { response: { 200: z.array(role) } } }, async () => {
    const rows = await db.selectFrom('roles').select(['id', 'name']).orderBy('id').execute();
    return rows.map((r) => ({ roleId: r.id, roleName: r.name }));
  });

  app.get(
    '/api/Management/GetUserRoles',
    {
      schema: {
        querystring: z.object({ userIds: z.string().max(20_000).optional() }),
        response: { 200: userRolesMap },
      },
    },
    async (request) => {
      const ids = request.query.userIds?.split(',').filter(Boolean);
      let query = db.selectFrom('user_roles').select(['user_id', 'role_id']).orderBy('role_id');
      if (ids) query = query.where('user_id', 'in', ids.length ? ids : ['']);
      const map: Record<string, number[]> = {};
      for (const link of await query.execute()) {
        const list = map[link.user_id] ?? [];
        list.push(link.role_id);
        map[link.user_id] = list;
      }
      return map;
    },
  );

  app.get(
    '/api/Management/GetRolesWithUserCount',
    { schema: { response: { 200: z.array(roleWithCount) } } },
    async () => rolesWithCounts(db),
  );

  app.post(
    '/api/Management/BatchUserOperation',
    { schema: { body: batchUserOperationRequest, response: { 200: batchUserOperationResponse } } },
    async (request) => {
      // After a change of tags or membership, connected people are re-read: whoever lost access is cut off.
      const { affected } = await batchUserOperation(db, database.dialect, request.body, actor(request));
      return { affected };
    },
  );

  app.post(
    '/api/Management/AddRole',
    { schema: { body: addRoleRequest, response: { 200: role } } },
    async (request) => addRole(db, request.body.name, actor(request)),
  );

  app.post(
    '/api/Management/DeleteRole',
    { schema: { body: deleteRoleRequest, response: { 200: okResponse } } },
    async (request) => {
      await deleteRole(db, request.body.id, actor(request));
      return { ok: true as const };
    },
  );

  app.post(
    '/api/Management/AssignUserRole',
    { schema: { body: assignUserRoleRequest, response: { 200: okResponse } } },
    async (request) => {
      await assignUserRole(db, request.body, actor(request));
      return { ok: true as const };
    },
  );
};
