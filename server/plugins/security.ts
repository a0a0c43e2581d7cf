import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';

/**
 * Helmet's security headers with a strict Content-Security-Policy. The middleware is built once at
 * start-up (the Fastify wrapper rebuilds it on every request, a sixth of the cost of a small request).
 */
async function securityPlugin(app: FastifyInstance, options: { https: boolean }) {
  // The headers are the same for every response: let helmet compute them once, then copy them.
  const pageHeaders = await securityHeaders(options.https);
  const dataHeaders = apiHeaders(options.https);
  const assetHeaders = staticAssetHeaders(options.https);
  // One hook for every response's fixed headers: the request id (genReqId in app.ts) and these.
  app.addHook('onRequest', (request, reply, done) => {
    const url = request.url;
    reply.header('x-request-id', request.id);
    reply.headers(API_PATH.test(url) ? dataHeaders : url.startsWith('/assets/') ? assetHeaders : pageHeaders);
    done();
  });
}

/**
 * The built scripts and styles (/assets/*) are never rendered as documents: a page's policy (CSP, framing,
 * referrer) means nothing on them. They keep what applies to a subresource (no sniffing, same-origin
 * only, HSTS over TLS), which saves about 1 KB of headers on each of the few dozen files a page loads.
 */
function staticAssetHeaders(https: boolean): Record<string, string> {
  return {
    'cross-origin-resource-policy': 'same-origin',
    'x-content-type-options': 'nosniff',
    ...(https ? { 'strict-transport-security': 'max-age=31536000; includeSubDomains' } : {}),
  };
}

/** Paths that answer data (JSON, the captcha image, metrics), never a page a browser renders as a document. */
const API_PATH = /^\/(?:api|Auth|Articles|_configuration)\/|^\/metrics(?:$|\?)/;

/**
 * Data responses get the short, stricter set recommended for APIs: nothing may load or run in them
 * (`default-src 'none'`, which also neuters script in the SVG captcha), nobody may frame them, and no
 * sniffing. The page policies (script, style and image sources) mean nothing for JSON; leaving them out
 * keeps every API answer ~700 bytes smaller.
 */
function apiHeaders(https: boolean): Record<string, string> {
  return {
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    'cross-origin-resource-policy': 'same-origin',
    'referrer-policy': 'no-referrer',
    'x-content-type-options': 'nosniff',
    ...(https ? { 'strict-transport-security': 'max-age=31536000; includeSubDomains' } : {}),
  };
}

/** Helmet's headers for this deployment, computed once (also applied to the identity provider's pages). */
export async function securityHeaders(https: boolean): Promise<Record<string, string>> {
  const options = { https };
  const middleware = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // antd writes its CSS-in-JS into <style> elements at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        // Only the portal's own images (others are copied in when saved); data: for the avatar preview.
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'", 'data:'],
        mediaSrc: ["'self'"],
        connectSrc: ["'self'"],
        frameSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'none'"],
        // 'self', not 'none': silent sign-in frames the provider and the callback page of our own origin.
        frameAncestors: ["'self'"],
        formAction: ["'self'"],
        ...(options.https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    // HSTS only makes sense when the portal is served over TLS.
    strictTransportSecurity: options.https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
    xFrameOptions: { action: 'sameorigin' },
  });
  return staticHeaders(middleware);
}

async function staticHeaders(middleware: ReturnType<typeof helmet>): Promise<Record<string, string>> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader(name: string, value: string) {
      headers[name.toLowerCase()] = value;
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  await new Promise<void>((resolve, reject) =>
    // biome-ignore lint/suspicious/noExplicitAny: helmet only calls setHeader/removeHeader on the response
    middleware({} as any, res as any, (error?: unknown) => (error ? reject(error) : resolve())),
  );
  return headers;
}

export const security = fp(securityPlugin, { name: 'security' });
