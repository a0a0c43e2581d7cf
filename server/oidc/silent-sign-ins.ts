import type { IncomingMessage } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type Provider from 'oidc-provider';
import type { KoaContextWithOIDC } from 'oidc-provider';
import type { DB } from '../db/schema.ts';
import type { GeoIp } from '../geoip/geoip.ts';
import { recordSignIn } from '../services/sign-ins.ts';

// Silent renewals in the sign-in history: an authorization request with prompt=none that the provider
// answers with a code straight from its session, without the person typing a password. Refresh-token grants
// are not sign-ins (docs/decisions.md): they only extend a sign-in already recorded.

/** The client address Fastify decided on (TRUST_PROXY applies) for each request handed to the provider. */
const clientAddresses = new WeakMap<IncomingMessage, string>();

/** Remembers `request.ip` for a raw request before the provider answers it. */
export function rememberClientAddress(raw: IncomingMessage, ip: string): void {
  clientAddresses.set(raw, ip);
}

/**
 * Records every successful prompt=none authorization as a "silent" sign-in, before the answer leaves (so a
 * client that follows the redirect finds it recorded). A failure to record is logged and never fails the
 * sign-in itself.
 */
export function recordSilentSignIns(
  provider: Provider,
  options: { db: Kysely<DB>; geoip: GeoIp; log: FastifyBaseLogger },
): void {
  const silent = new WeakSet<KoaContextWithOIDC>();
  provider.on('authorization.success', (ctx: KoaContextWithOIDC) => {
    // The first request itself ('authorization'): the answer that ends a password sign-in comes from the
    // request resumed after the login page ('resume'), and a prompt=none request never gets that far.
    if (ctx.oidc.route === 'authorization' && ctx.oidc.prompts.has('none') && ctx.oidc.session?.accountId)
      silent.add(ctx);
  });
  provider.use(async (ctx, next) => {
    await next();
    if (!silent.has(ctx as KoaContextWithOIDC)) return;
    const userId = (ctx as KoaContextWithOIDC).oidc.session?.accountId;
    if (!userId) return;
    const ip = clientAddresses.get(ctx.req) ?? ctx.ip ?? null;
    try {
      await options.db
        .transaction()
        .execute((trx) =>
          recordSignIn(trx, { userId, method: 'silent', ip, region: options.geoip.regionOf(ip) }),
        );
    } catch (error) {
      options.log.warn({ err: error }, 'could not record a silent sign-in');
    }
  });
}
