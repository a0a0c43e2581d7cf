import { mkdirSync } from 'node:fs';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/**
 * Serves stored uploads with their exact type, no sniffing, and a sandboxing CSP so that even a file
 * opened directly cannot run anything. Names are random and never reused: cache them for a year.
 */
export async function uploadsPlugin(app: FastifyInstance, options: { uploadsDir: string }) {
  mkdirSync(options.uploadsDir, { recursive: true });
  await app.register(fastifyStatic, {
    root: options.uploadsDir,
    prefix: '/uploads/',
    decorateReply: false,
    index: false,
    list: false,
    dotfiles: 'deny',
    cacheControl: false,
    setHeaders(reply) {
      reply.header('x-content-type-options', 'nosniff');
      reply.header('content-security-policy', "default-src 'none'; img-src 'self'; sandbox");
      reply.header('cache-control', 'public, max-age=31536000, immutable');
      reply.header('cross-origin-resource-policy', 'same-origin');
    },
  });
}
