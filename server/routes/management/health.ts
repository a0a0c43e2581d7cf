import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { healthResponse } from '#shared/schemas/health.ts';
import type { Database } from '../../db/database.ts';
import { DATABASE_RETRY_AFTER_SECONDS, sendProblem } from '../../plugins/errors.ts';

/** Public: load balancers and operators probe it without a token. */
export const healthRoutes: FastifyPluginAsyncZod<{ database: Database; version: string }> = async (
  app,
  { database, version },
) => {
  app.get(
    '/api/Management/Health',
    // Probed every few seconds: its access line is written at debug (LOG_LEVEL=debug shows it); a failed
    // probe is logged as any failed request is.
    { schema: { response: { 200: healthResponse } }, config: { accessLogLevel: 'debug' } },
    async (request, reply) => {
      const started = performance.now();
      try {
        await database.ping();
      } catch (error) {
        request.log.warn({ err: error }, 'database is not answering');
        reply.header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS));
        return sendProblem(
          request,
          reply,
          503,
          'The database is not answering.',
          { database: [(error as Error).message] },
          { database: { dialect: database.dialect, status: 'down' } },
        );
      }
      return {
        status: 'ok' as const,
        version,
        uptimeSeconds: Math.round(process.uptime()),
        database: {
          dialect: database.dialect,
          status: 'up' as const,
          latencyMs: Math.round((performance.now() - started) * 100) / 100,
        },
      };
    },
  );
};
