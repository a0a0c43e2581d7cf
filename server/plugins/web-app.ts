import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { sendProblem } from './errors.ts';

/** Path prefixes that belong to the server, never to the single-page app. */
/** Paths the server answers itself, at the prefix and below it. */
const SERVER_PREFIXES = [
  '/api/',
  '/Auth/',
  '/Articles/',
  '/_configuration/',
  '/oidc/',
  '/AdvisoryHub',
  '/metrics',
] as const;
/** Folders of files: only what is below them is the server's (`/media` itself is the app's media page). */
const FILE_FOLDERS = ['/uploads/', '/assets/', '/media/'] as const;

function isServerPath(url: string): boolean {
  const pathname = url.split('?')[0] ?? url;
  return (
    SERVER_PREFIXES.some((prefix) => pathname === prefix.replace(/\/$/, '') || pathname.startsWith(prefix)) ||
    FILE_FOLDERS.some((folder) => pathname.startsWith(folder))
  );
}

const IMMUTABLE = 'public, max-age=31536000, immutable';
const ASSET_HEADERS_DROPPED = ['etag', 'last-modified', 'accept-ranges', 'x-request-id'] as const;

/**
 * Serves the built web app: hashed assets cached for a year, index.html revalidated every time, and
 * an SPA fallback so that deep links (/admin/..., /teach, /personal/info) load the app, whose router
 * draws the 404 page for paths it does not know. API paths answer JSON 404 problems instead.
 */
async function webAppPlugin(app: FastifyInstance, options: { webRoot: string }) {
  const indexFile = path.join(options.webRoot, 'index.html');
  const built = existsSync(indexFile);

  if (built) {
    await app.register(fastifyStatic, {
      root: options.webRoot,
      wildcard: true,
      index: ['index.html'],
      cacheControl: false,
      // The build writes .br and .gz beside each text file (scripts/precompress.ts): sent as the browser
      // accepts, with Content-Encoding and Vary: Accept-Encoding, the file itself otherwise.
      preCompressed: true,
      setHeaders(reply, filePath) {
        const relative = path.relative(options.webRoot, filePath.replace(/\.(?:br|gz)$/, ''));
        if (relative.startsWith(`assets${path.sep}`)) {
          reply.header('cache-control', IMMUTABLE);
          // A hashed file never changes and is never revalidated: validators and range support say nothing
          // to a browser that keeps it a year, and the request id adds nothing its unique path does not. A
          // first page loads ten to seventy of these files; about 150 bytes less on each.
          for (const header of ASSET_HEADERS_DROPPED) reply.removeHeader(header);
        } else if (relative === 'index.html') reply.header('cache-control', 'no-cache');
        else reply.header('cache-control', 'public, max-age=3600');
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const wantsPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !isServerPath(request.url) &&
      !/\.[a-z0-9]+$/i.test(request.url.split('?')[0] ?? '');
    if (wantsPage && built) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    if (wantsPage) {
      return sendProblem(request, reply, 404, 'The web app is not built: run `npm run build`.', {});
    }
    return sendProblem(
      request,
      reply,
      404,
      `No route for ${request.method} ${request.url.split('?')[0]}.`,
      {},
    );
  });
}

export const webApp = fp(webAppPlugin, { name: 'web-app' });
