import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import type { z } from 'zod';
import { docsQuery } from '#shared/schemas/common.ts';
import { buildDocument, type Document, type PackageInfo, type RouteAccess } from './openapi-document.ts';

/**
 * The OpenAPI 3.1 document of the API at `GET /api/docs` (DESIGN §1), generated from the zod schemas the
 * routes validate with: every route registered after this plugin is collected by an onRoute hook, and its
 * querystring, params, headers, body and responses are converted with `z.toJSONSchema` (requests as the
 * client sends them, `io: 'input'`; responses as the handler gives them, `io: 'output'`). Who may call a
 * route comes from its config's `access`, set for a whole context with `markAccess` (server/app.ts).
 * Open in development and tests; with NODE_ENV=production administrators only (401 without a token, 403
 * for others, as every admin route). `Accept: text/html` gets a plain page listing the same document.
 */

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call the route (set per context by markAccess); described in the OpenAPI document. */
    access?: RouteAccess;
  }
}

/** onRoute hook for a context: its routes are called by `access` (the context's onRequest hooks decide). */
export function markAccess(access: RouteAccess) {
  return (route: RouteOptions) => {
    route.config = { ...route.config, access };
  };
}

const OPENAPI_PATH = '/api/docs';

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };
const escapeHtml = (text: string) => text.replace(/[&<>"]/g, (c) => ENTITIES[c]!);

const PAGE_STYLE =
  'body{font:14px/1.5 system-ui,sans-serif;margin:2em auto;max-width:70em;padding:0 1em}' +
  'table{border-collapse:collapse;width:100%}td,th{border-bottom:1px solid #ddd;padding:.3em .5em;' +
  'text-align:left;vertical-align:top}code,pre{font:12px ui-monospace,monospace}pre{white-space:pre-wrap}' +
  '.m{font-weight:bold}';
const PAGE_CSP = `default-src 'none'; style-src 'sha256-${createHash('sha256').update(PAGE_STYLE).digest('base64')}'; frame-ancestors 'none'`;

/** The document as a page without scripts: one row per operation, its schemas folded in. */
function documentPage(document: Document): string {
  const rows = Object.entries(document.paths).flatMap(([route, operations]) =>
    Object.entries(operations).map(([method, operation]) => {
      const { parameters: params, requestBody, responses } = operation;
      const details = JSON.stringify({ parameters: params, requestBody, responses }, null, 2);
      return (
        `<tr><td class="m">${method.toUpperCase()}</td><td><code>${escapeHtml(route)}</code></td>` +
        `<td>${escapeHtml(String(operation['x-access']))}</td>` +
        `<td><details><summary>schemas</summary><pre>${escapeHtml(details)}</pre></details></td></tr>`
      );
    }),
  );
  const title = `${escapeHtml(String(document.info.title))} ${escapeHtml(String(document.info.version))}`;
  return (
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title} API</title>` +
    `<style>${PAGE_STYLE}</style></head><body><h1>${title} API</h1>` +
    `<p>OpenAPI ${document.openapi}: <a href="${OPENAPI_PATH}?format=json">JSON document</a>. ` +
    `Shared schemas (recursive ones, problem details) are in <code>components</code> there.</p>` +
    `<table><thead><tr><th>Method</th><th>Path</th><th>Who</th><th></th></tr></thead><tbody>` +
    `${rows.join('')}</tbody></table></body></html>`
  );
}

type Options = {
  /** Administrators only (production); otherwise open. */
  adminOnly: boolean;
  publicUrl: string;
};

async function openapiPlugin(app: FastifyInstance, options: Options) {
  const routes: RouteOptions[] = [];
  // The route objects are read when the document is first asked for, after every context's markAccess
  // hook (which runs after this one) has set their access.
  app.addHook('onRoute', (route) => {
    routes.push(route);
  });
  const pkg = JSON.parse(
    readFileSync(path.resolve(import.meta.dirname, '..', '..', 'package.json'), 'utf8'),
  ) as PackageInfo;
  let built: ReturnType<typeof buildDocument> | undefined;
  const documentOnce = (request: FastifyRequest) => {
    if (!built) {
      built = buildDocument(routes, { publicUrl: options.publicUrl, pkg });
      for (const { route, part, reason } of built.unconverted)
        request.log.warn({ route, part, reason }, 'OpenAPI: schema part not representable in JSON Schema');
    }
    return built.document;
  };

  app.get(
    OPENAPI_PATH,
    {
      config: { access: options.adminOnly ? 'admin' : 'public' },
      schema: {
        querystring: docsQuery,
        summary: 'This OpenAPI document (a plain page for Accept: text/html)',
      },
      // The decorators of server/plugins/authenticate.ts, looked up when called (it registers later).
      onRequest: options.adminOnly
        ? [
            (request: FastifyRequest, reply: FastifyReply, done: (error?: Error) => void) =>
              app.authenticate(request, reply, done),
            (request: FastifyRequest, reply: FastifyReply, done: (error?: Error) => void) =>
              app.requireAdmin(request, reply, done),
          ]
        : [],
    },
    async (request, reply) => {
      const document = documentOnce(request);
      const { format } = request.query as z.infer<typeof docsQuery>;
      const html = format ? format === 'html' : /\btext\/html\b/.test(request.headers.accept ?? '');
      reply.header('vary', 'Accept').header('cache-control', 'no-cache');
      if (html)
        return reply
          .type('text/html; charset=utf-8')
          .header('content-security-policy', PAGE_CSP)
          .send(documentPage(document));
      return reply.type('application/json; charset=utf-8').send(document);
    },
  );
}

export const openapi = fp(openapiPlugin, { name: 'openapi' });
