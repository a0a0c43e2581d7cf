import { createLocalJWKSet, type JWTPayload, jwtVerify } from 'jose';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import type { PrivateJwk } from '../oidc/keys.ts';
import type { Principal } from '../policies/membership.ts';
import { isSessionOpen } from '../services/sessions.ts';
import { loadUserWithRoles } from '../services/user-lookup.ts';

/** How many verified tokens are remembered (the least recently used go first). */
const VERIFIED_CACHE_SIZE = 10_000;

type TokenCheck = { ok: true; principal: Principal } | { ok: false; reason: 'invalid' | 'ended' };

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
  // A client sends the same token with every call until it expires. Its signature and fixed claims are
  // checked once; a remembered token is only checked for expiry again (the same string is the same
  // signed content). Who the caller is now still comes from the database on every call.
  const verified = new Map<string, JWTPayload>();

  async function verifiedClaims(token: string): Promise<JWTPayload | undefined> {
    const known = verified.get(token);
    if (known) {
      verified.delete(token);
      if (typeof known.exp !== 'number' || known.exp * 1000 <= Date.now()) return undefined;
      verified.set(token, known);
      return known;
    }
    try {
      const { payload } = await jwtVerify(token, jwks, {
        issuer: options.issuer,
        audience: options.audience,
        algorithms: ['RS256'],
        typ: 'at+jwt',
        requiredClaims: ['exp'],
      });
      verified.set(token, payload);
      if (verified.size > VERIFIED_CACHE_SIZE) verified.delete(verified.keys().next().value!);
      return payload;
    } catch {
      return undefined;
    }
  }

  return async function verify(token: string): Promise<TokenCheck> {
    const claims = await verifiedClaims(token);
    if (!claims) return { ok: false, reason: 'invalid' };
    const sid = typeof claims.sid === 'string' ? claims.sid : undefined;
    const principal = claims.sub ? await loadPrincipal(options.db, claims.sub, sid) : undefined;
    return principal ? { ok: true, principal } : { ok: false, reason: 'ended' };
  };
}

/**
 * The person as they are now (roles and expiry from the database), or undefined when the user is gone
 * or the session (when there is one) has ended.
 */
export async function loadPrincipal(
  db: Kysely<DB>,
  userId: string,
  sessionUid: string | undefined,
): Promise<Principal | undefined> {
  const [found, open] = await Promise.all([
    loadUserWithRoles(db, userId),
    sessionUid ? isSessionOpen(db, sessionUid) : true,
  ]);
  if (!found || !open) return undefined;
  return {
    userId: found.user.id,
    email: found.user.email,
    roles: found.roles.map((r) => r.name),
    memberExpiryDate: found.user.member_expiry_date,
    emailConfirmed: found.user.email_confirmed_at !== null,
    sessionUid,
  };
}

export type TokenVerifier = ReturnType<typeof createTokenVerifier>;
