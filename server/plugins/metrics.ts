import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { collectDefaultMetrics, Registry } from 'prom-client';
import { DurationHistogram } from './duration-histogram.ts';
import { sendProblem } from './errors.ts';

// Process metrics (memory, event loop, GC) are collected once per process, however many apps it builds.
let processRegistry: Registry | undefined;
function getProcessRegistry(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

function isLoopback(ip: string): boolean {
  return ip === '127.0.0.1' || ip === '::1' || ip === '::ffff:127.0.0.1';
}

function tokenMatches(header: string | undefined, token: string): boolean {
  if (!header?.startsWith('Bearer ')) return false;
  const given = Buffer.from(header.slice('Bearer '.length));
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * Prometheus metrics at /metrics. Readable from the machine itself, or from elsewhere with
 * `Authorization: Bearer $METRICS_TOKEN`; operational data is not public.
 */
async function metricsPlugin(app: FastifyInstance, options: { token: string | undefined }) {
  const registry = new Registry();
  const duration = new DurationHistogram(
    'http_request_duration_seconds',
    'HTTP request duration by method, route pattern and status code',
    [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registry,
  );
  app.addHook('onResponse', (request, reply, done) => {
    // The route pattern, not the URL, keeps the number of series bounded.
    duration.observe(
      request.routeOptions.url ?? 'unmatched',
      request.method,
      reply.statusCode,
      reply.elapsedTime / 1000,
    );
    done();
  });

  app.get('/metrics', { logLevel: 'warn' }, async (request, reply) => {
    const allowed =
      isLoopback(request.ip) || (options.token && tokenMatches(request.headers.authorization, options.token));
    if (!allowed) return sendProblem(request, reply, 403, 'Permission Denied', {});
    const merged = Registry.merge([getProcessRegistry(), registry]);
    return reply.type(merged.contentType).send(await merged.metrics());
  });
}

export const metrics = fp(metricsPlugin, { name: 'metrics' });
