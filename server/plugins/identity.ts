import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import type { GeoIp } from '../geoip/geoip.ts';
import { purgeExpiredOidcRows } from '../oidc/adapter.ts';
import type { Identity } from '../oidc/provider.ts';
import { recordSilentSignIns, rememberClientAddress } from '../oidc/silent-sign-ins.ts';
import { purgeStaleStepUps } from '../services/two-factor.ts';

const PURGE_EVERY_MS = 10 * 60 * 1000;
const MOUNT = '/oidc';

/**
 * Mounts the OpenID Connect provider under /oidc (it reads its own bodies), gives its responses the
 * portal's security headers, and purges expired provider rows, captchas and codes periodically.
 */
async function identityPlugin(
  app: FastifyInstance,
  options: {
    identity: Identity;
    db: Kysely<DB>;
    securityHeaders: Record<string, string>;
    /** The approximate region of a client address, for the sign-in history. */
    geoip: GeoIp;
  },
) {
  const { provider } = options.identity;
  provider.use(async (ctx, next) => {
    ctx.set(options.securityHeaders);
    await next();
  });
  provider.on('server_error', (_ctx, error) => app.log.error({ err: error }, 'identity provider error'));
  // A refused token request (a refresh token used twice revokes its whole grant): the reason, never the token.
  provider.on('grant.error', (ctx, error) => {
    // oidc-provider answers a generic description; the detail says which check refused.
    const { error: code, error_detail: detail } = error as { error?: string; error_detail?: string };
    app.log.warn({ grantType: ctx.oidc?.params?.grant_type, code, detail }, 'token request refused');
  });

  // Mounted at /oidc as a Koa app is: it sees the path below the mount (`originalUrl` keeps the whole one,
  // from which it learns the mount) and reads its own bodies, so it answers before Fastify parses anything.
  // A prefix test, not a middleware engine: every other request passes at the cost of one comparison.
  recordSilentSignIns(provider, { db: options.db, geoip: options.geoip, log: app.log });
  const answer = provider.callback();
  app.addHook('onRequest', (request, reply, done) => {
    const url = request.raw.url ?? '';
    if (!url.startsWith(MOUNT) || (url.length > MOUNT.length && !'/?'.includes(url[MOUNT.length]!))) {
      done();
      return;
    }
    reply.hijack();
    rememberClientAddress(request.raw, request.ip);
    const raw = request.raw as typeof request.raw & { originalUrl?: string };
    raw.originalUrl = url;
    raw.url =
      url.length === MOUNT.length || url[MOUNT.length] === '?'
        ? `/${url.slice(MOUNT.length)}`
        : url.slice(MOUNT.length);
    void answer(raw, reply.raw);
  });

  const purge = async () => {
    const now = Date.now();
    try {
      const removed = await purgeExpiredOidcRows(options.db, now);
      await options.db.deleteFrom('captchas').where('expires_at', '<=', now).execute();
      await options.db
        .deleteFrom('user_tokens')
        .where('expires_at', '<=', now - 24 * 60 * 60 * 1000)
        .execute();
      await options.db
        .deleteFrom('login_throttle')
        .where('updated_at', '<=', now - 24 * 60 * 60 * 1000)
        .execute();
      await purgeStaleStepUps(options.db, now);
      if (removed) app.log.debug({ removed }, 'purged expired identity rows');
    } catch (error) {
      app.log.warn({ err: error }, 'purge of expired identity rows failed');
    }
  };
  const timer = setInterval(purge, PURGE_EVERY_MS);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}

export const identityMount = fp(identityPlugin, { name: 'identity' });
