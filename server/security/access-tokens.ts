import { createLocalJWKSet, type JWTPayload, jwtVerify } from 'jose';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import type { TableWrite, WriteWatch } from '../db/write-watch.ts';
import type { PrivateJwk } from '../oidc/keys.ts';
import type { Principal } from '../policies/membership.ts';
import { isSessionOpen } from '../services/sessions.ts';
import { loadUserWithRoles } from '../services/user-lookup.ts';

/**
 * How many verified tokens are remembered; beyond it the oldest go first (a hit does not move a token: moving
 * would delete and insert in a large map on every call, and a token's life is short anyway).
 */
const VERIFIED_CACHE_SIZE = 10_000;

/**
 * How long who a caller is (their roles, membership dates, open session) is taken from memory. Writes of
 * this process that may change it (users, roles, user_roles; a session or token ended) clear the memory
 * at once; the time bounds what another process's change, or a transaction of this process committing
 * after a concurrent read, can leave behind (docs/decisions.md).
 */
export const PRINCIPAL_TTL_MS = 1_000;
/** How many callers are remembered (the oldest go first). */
const PRINCIPAL_CACHE_SIZE = 10_000;

/** The writes after which a remembered caller may no longer be who the database says. */
function changesPrincipals({ table, kind }: TableWrite): boolean {
  if (table === 'users' || table === 'roles' || table === 'user_roles') return true;
  // A session is saved again (its expiry pushed on) at every sign-in; it ends by update or delete.
  return table === 'oidc_payloads' && kind !== 'insert';
}

/**
 * Callers as the database said they were a moment ago: many calls of one person at once (a page's
 * parallel requests, a thousand members opening the same chart) read them once. Concurrent misses share
 * one read; a read that overlapped a write is not remembered.
 */
class PrincipalMemory {
  private generation = 0;
  private readonly entries = new Map<string, { principal: Principal; until: number }>();
  private readonly reading = new Map<string, Promise<Principal | undefined>>();

  constructor(writes: WriteWatch | undefined) {
    writes?.on((write) => {
      if (changesPrincipals(write)) this.forgetAll();
    });
  }

  forgetAll(): void {
    this.generation++;
    this.entries.clear();
    this.reading.clear();
  }

  /** The caller as remembered, while that is recent enough; else undefined. */
  known(key: string): Principal | undefined {
    const known = this.entries.get(key);
    return known && known.until > Date.now() ? known.principal : undefined;
  }

  get(key: string, read: () => Promise<Principal | undefined>): Promise<Principal | undefined> {
    const known = this.known(key);
    if (known) return Promise.resolve(known);
    const pending = this.reading.get(key);
    if (pending) return pending;
    const generation = this.generation;
    const started = read().then(
      (principal) => {
        if (this.reading.get(key) === started) this.reading.delete(key);
        if (principal && generation === this.generation) this.remember(key, principal);
        return principal;
      },
      (error: unknown) => {
        if (this.reading.get(key) === started) this.reading.delete(key);
        throw error;
      },
    );
    this.reading.set(key, started);
    return started;
  }

  private remember(key: string, principal: Principal): void {
    this.entries.delete(key);
    this.entries.set(key, { principal: freezePrincipal(principal), until: Date.now() + PRINCIPAL_TTL_MS });
    if (this.entries.size > PRINCIPAL_CACHE_SIZE) this.entries.delete(this.entries.keys().next().value!);
  }
}

/** A token whose signature and fixed claims were checked, with the key of its caller in PrincipalMemory. */
type VerifiedToken = { token: string; claims: JWTPayload; principalKey: string };

/** How many characters of a token's end (its signature's) key the verified tokens. */
const LOOKUP_KEY_CHARS = 32;

function lookupKey(token: string): string {
  return token.slice(-LOOKUP_KEY_CHARS);
}

function principalKeyOf(claims: JWTPayload): string {
  return `${claims.sub ?? ''}\u0000${typeof claims.sid === 'string' ? claims.sid : ''}`;
}

export type TokenCheck = { ok: true; principal: Principal } | { ok: false; reason: 'invalid' | 'ended' };

/**
 * Verifies an API access token (signature, issuer, audience, type, algorithm, expiry) and loads the
 * caller as they are now: current roles and expiry from the database, and the session still open.
 * Used by the HTTP API and by the real-time hub alike.
 */
export function createTokenVerifier(options: {
  db: Kysely<DB>;
  /** The database's write watch: a caller is then remembered for PRINCIPAL_TTL_MS, else read every time. */
  writes?: WriteWatch;
  issuer: string;
  audience: string;
  signingKey: PrivateJwk;
}) {
  const { kty, n, e, kid, alg } = options.signingKey as PrivateJwk & { n: string; e: string };
  const jwks = createLocalJWKSet({ keys: [{ kty, n, e, kid, alg, use: 'sig' }] });
  // A client sends the same token with every call until it expires. Its signature and fixed claims are
  // checked once; a remembered token is only checked for expiry again (the same string is the same
  // signed content). Who the caller is comes from the database, remembered a moment (PrincipalMemory).
  // Tokens are looked up by the end of their signature and then compared whole: each call's token is a new
  // string, and hashing all of it (about 800 characters) for the lookup cost more than the rest of a
  // remembered caller's check.
  const verified = new Map<string, VerifiedToken>();
  const principals = options.writes ? new PrincipalMemory(options.writes) : undefined;

  /** The token as checked before and not expired since; undefined for any other. */
  function knownToken(token: string): VerifiedToken | undefined {
    const key = lookupKey(token);
    const known = verified.get(key);
    if (!known || known.token !== token) return undefined;
    if (typeof known.claims.exp !== 'number' || known.claims.exp * 1000 <= Date.now()) {
      verified.delete(key);
      return undefined;
    }
    return known;
  }

  async function verifiedToken(token: string): Promise<VerifiedToken | undefined> {
    const key = lookupKey(token);
    if (verified.get(key)?.token === token) return knownToken(token);
    try {
      const { payload } = await jwtVerify(token, jwks, {
        issuer: options.issuer,
        audience: options.audience,
        algorithms: ['RS256'],
        typ: 'at+jwt',
        requiredClaims: ['exp'],
      });
      const entry: VerifiedToken = { token, claims: payload, principalKey: principalKeyOf(payload) };
      verified.delete(key);
      verified.set(key, entry);
      if (verified.size > VERIFIED_CACHE_SIZE) verified.delete(verified.keys().next().value!);
      return entry;
    } catch {
      return undefined;
    }
  }

  const principalOf = ({ claims, principalKey }: VerifiedToken & { claims: { sub: string } }) => {
    const sid = typeof claims.sid === 'string' ? claims.sid : undefined;
    return principals
      ? principals.get(principalKey, () => loadPrincipal(options.db, claims.sub, sid))
      : loadPrincipal(options.db, claims.sub, sid);
  };

  async function check(token: string): Promise<TokenCheck> {
    const known = await verifiedToken(token);
    if (!known) return { ok: false, reason: 'invalid' };
    const principal = known.claims.sub
      ? await principalOf(known as VerifiedToken & { claims: { sub: string } })
      : undefined;
    return principal ? { ok: true, principal } : { ok: false, reason: 'ended' };
  }

  /**
   * The answer at once when the token was checked before and its caller is remembered (the common case:
   * a client sends the same token with every call), else a promise of it.
   */
  return function verify(token: string): TokenCheck | Promise<TokenCheck> {
    const known = principals && knownToken(token);
    const principal = known?.claims.sub ? principals!.known(known.principalKey) : undefined;
    return principal ? { ok: true, principal } : check(token);
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
    twoFactor: found.user.two_factor_enabled_at !== null,
  };
}

export type TokenVerifier = ReturnType<typeof createTokenVerifier>;

/** A remembered caller is shared by concurrent requests: nobody may change it. */
function freezePrincipal(principal: Principal): Principal {
  Object.freeze(principal.roles);
  return Object.freeze(principal);
}
