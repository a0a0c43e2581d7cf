import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import { encrypt } from '../security/crypto.ts';
import { base32Encode, generateTotpSecret, totpCode, totpStep } from '../security/totp.ts';
import { twoFactorKeys } from '../services/two-factor.ts';

/** The codes themselves, for the journeys' authenticator (e2e/support/authenticator.ts). */
export { totpCode, totpStep } from '../security/totp.ts';

/**
 * The APP_SECRET of every test portal (buildTestApp, and server processes that tests start): the factories
 * encrypt the authenticator secrets of the accounts they make with it, as the portal would.
 */
export const TEST_APP_SECRET = 'test-app-secret-0123456789-abcdefghijklmnop';

/** Authenticators of the test accounts: secret and the last step a code was made for, by e-mail. */
const authenticators = new Map<string, { secret: string; lastStep: number }>();

const keyOf = (email: string) => email.trim().toLowerCase();

/** Remembers an account's authenticator secret (accounts the tests set up through the API). */
export function rememberAuthenticator(email: string, secret: string): void {
  // The same secret again (another process of the same test) keeps what was already used of it.
  if (authenticators.get(keyOf(email))?.secret === secret) return;
  authenticators.set(keyOf(email), { secret, lastStep: 0 });
}

/**
 * ADMIN_TOTP_SECRET for a portal process a test starts with ADMIN_EMAIL: the same secret for the same
 * address (every process of a test is given it; the first to create the account provisions it), its codes
 * known to the sign-in helpers.
 */
export function firstAdminAuthenticator(email: string): { ADMIN_TOTP_SECRET: string } {
  const secret = base32Encode(
    createHash('sha256')
      .update(`first-admin:${keyOf(email)}`)
      .digest()
      .subarray(0, 20),
  );
  rememberAuthenticator(email, secret);
  return { ADMIN_TOTP_SECRET: secret };
}

export function authenticatorSecretOf(email: string): string | undefined {
  return authenticators.get(keyOf(email))?.secret;
}

/**
 * A code of the account's authenticator that the portal has not accepted yet (a code is good once): the
 * current step's, or the next one's, or, when both were used, the next step's once it comes.
 */
export async function nextTotpCode(email: string): Promise<string> {
  const known = authenticators.get(keyOf(email));
  if (!known) throw new Error(`no authenticator is known for ${email}`);
  for (;;) {
    const current = totpStep();
    const step = Math.max(current, known.lastStep + 1);
    if (step <= current + 1) {
      known.lastStep = step;
      return totpCode(known.secret, step);
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

/** Turns on two-factor sign-in for an account straight in the database, as a confirmed set-up leaves it. */
export async function enableTestTwoFactor(
  db: Kysely<DB>,
  user: { id: string; email: string },
  secret = generateTotpSecret(),
): Promise<string> {
  const now = Date.now();
  await db
    .insertInto('user_two_factor')
    .values({
      user_id: user.id,
      secret_enc: encrypt(twoFactorKeys(TEST_APP_SECRET).secrets, secret),
      confirmed_at: now,
      created_at: now,
    })
    .execute();
  await db.updateTable('users').set({ two_factor_enabled_at: now }).where('id', '=', user.id).execute();
  rememberAuthenticator(user.email, secret);
  return secret;
}
