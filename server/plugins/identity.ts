import middie from '@fastify/middie';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import { purgeExpiredOidcRows } from '../oidc/adapter.ts';
import type { Identity } from '../oidc/provider.ts';

const PURGE_EVERY_MS = 10 * 60 * 1000;

/**
 * Mounts the OpenID Connect provider under /oidc (it reads its own bodies), gives its responses the
 * portal's security headers, and purges expired provider rows, captchas and codes periodically.
 */
async function identityPlugin(
  app: FastifyInstance,
  options: { identity: Identity; db: Kysely<DB>; securityHeaders: Record<string, string> },
) {
  const { provider } = options.identity;
  provider.use(async (ctx, next) => {
    ctx.set(options.securityHeaders);
    await next();
  });
  provider.on('server_error', (_ctx, error) => app.log.error({ err: error }, 'identity provider error'));

  await app.register(middie, { hook: 'onRequest' });
  app.use('/oidc', provider.callback());

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
