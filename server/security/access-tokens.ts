import { createLocalJWKSet, type JWTPayload, jwtVerify } from 'jose';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import type { PrivateJwk } from '../oidc/keys.ts';
import type { Principal } from '../policies/membership.ts';
import { isSessionOpen } from '../services/sessions.ts';
import { loadUserWithRoles } from '../services/user-lookup.ts';

export type TokenCheck = { ok: true; principal: Principal } | { ok: false; reason: 'invalid' | 'ended' };

/**
 * Verifies an API access token (signature, issuer, audience, type, algorithm, expiry) and loads the
 * caller as they are now: current roles and expiry from the database, and the session still open.
 * Used by the HTTP API and by the real-time hub alike.
 */
export function createTokenVerifier(options: {
  db: Kysely<DB>;
  issuer: string;
  audience: string;
  signingKey: PrivateJwk;
}) {
  const { kty, n, e, kid, alg } = options.signingKey as PrivateJwk & { n: string; e: string };
  const jwks = createLocalJWKSet({ keys: [{ kty, n, e, kid, alg, use: 'sig' }] });

  return async function verify(token: string): Promise<TokenCheck> {
    let claims: JWTPayload;
    try {
      ({ payload: claims } = await jwtVerify(token, jwks, {
        issuer: options.issuer,
        audience: options.audience,
        algorithms: ['RS256'],
        typ: 'at+jwt',
      }));
    } catch {
      return { ok: false, reason: 'invalid' };
    }
    const sid = typeof claims.sid === 'string' ? claims.sid : undefined;
    const found = claims.sub ? await loadUserWithRoles(options.db, claims.sub) : undefined;
    if (!found || (sid && !(await isSessionOpen(options.db, sid)))) return { ok: false, reason: 'ended' };
    return {
      ok: true,
      principal: {
        userId: found.user.id,
        email: found.user.email,
        roles: found.roles.map((r) => r.name),
        memberExpiryDate: found.user.member_expiry_date,
        emailConfirmed: found.user.email_confirmed_at !== null,
        sessionUid: sid,
      },
    };
  };
}

export type TokenVerifier = ReturnType<typeof createTokenVerifier>;
