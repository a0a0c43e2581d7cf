import { generateKeyPairSync } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import { decrypt, deriveKey, encrypt } from '../security/crypto.ts';

const SIGNING_KEY = 'oidc-signing-jwk';

export type PrivateJwk = { kty: string; kid: string; alg: string; use: string; [member: string]: unknown };

/**
 * The provider's signing key: generated on the first start, stored encrypted in the database, and read
 * by every process, so tokens signed by one process verify on all. Two first starts racing each other
 * both insert-if-absent, then both read the winner's key.
 */
export async function loadSigningKey(db: Kysely<DB>, appSecret: string): Promise<PrivateJwk> {
  const key = deriveKey(appSecret, 'app-keys');
  const existing = await db
    .selectFrom('app_keys')
    .select('material')
    .where('name', '=', SIGNING_KEY)
    .executeTakeFirst();
  if (!existing) {
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const jwk = {
      ...privateKey.export({ format: 'jwk' }),
      kid: `sig-${Date.now().toString(36)}`,
      alg: 'RS256',
      use: 'sig',
    };
    await db
      .insertInto('app_keys')
      .values({ name: SIGNING_KEY, material: encrypt(key, JSON.stringify(jwk)), created_at: Date.now() })
      .onConflict((oc) => oc.column('name').doNothing())
      .execute();
  }
  const row = await db
    .selectFrom('app_keys')
    .select('material')
    .where('name', '=', SIGNING_KEY)
    .executeTakeFirstOrThrow();
  try {
    return JSON.parse(decrypt(key, row.material)) as PrivateJwk;
  } catch {
    throw new Error(
      'The stored signing key cannot be decrypted with this APP_SECRET: every process must use the same APP_SECRET',
    );
  }
}

/** Cookie signing keys for the provider, derived from APP_SECRET (identical on every process). */
export function cookieKeys(appSecret: string): string[] {
  return [deriveKey(appSecret, 'oidc-cookies').toString('base64url')];
}
