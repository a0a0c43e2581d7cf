import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { AUDIT_PAGE_SIZE, auditLogFilters, auditLogPage, auditLogQuery } from '#shared/schemas/audit.ts';
import type { DB } from '../../db/schema.ts';
import { presentAuditLogPage } from '../../presenters/audit.ts';
import { actorIdOf, auditLogFilterValues, auditLogPage as readPage } from '../../services/audit-log.ts';

/**
 * The audit log for the back office (/admin/operation/audit). Admins only: registered behind requireAdmin.
 * Read only, on purpose: no route edits or deletes the log (audit-log.test.ts holds the app to that).
 */
export const auditLogRoutes: FastifyPluginAsyncZod<{ db: Kysely<DB> }> = async (app, { db }) => {
  app.get(
    '/api/Management/AuditLog',
    { schema: { querystring: auditLogQuery, response: { 200: auditLogPage } } },
    async (request) => {
      const q = request.query;
      const pageSize = q.pageSize ?? AUDIT_PAGE_SIZE;
      const actorId = q.actor === undefined ? undefined : await actorIdOf(db, q.actor);
      // An e-mail no account has: nobody acted under it.
      if (actorId === null) return { records: [], total: 0, capped: false };
      const page = await readPage(
        db,
        {
          actorId,
          action: q.action,
          targetType: q.targetType,
          targetId: q.targetId,
          from: q.from === undefined ? undefined : Date.parse(q.from),
          to: q.to === undefined ? undefined : Date.parse(q.to),
        },
        { offset: ((q.current ?? 1) - 1) * pageSize, limit: pageSize },
      );
      return presentAuditLogPage(page);
    },
  );

  app.get('/api/Management/AuditLogFilters', { schema: { response: { 200: auditLogFilters } } }, async () =>
    auditLogFilterValues(db),
  );
};
