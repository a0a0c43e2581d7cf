import type { Kysely, Transaction } from 'kysely';
import type { DB, UserTokensTable } from '../db/schema.ts';
import { randomToken, sha256 } from '../security/crypto.ts';

type TokenPurpose = UserTokensTable['purpose'];

const TOKEN_TTL_MS: Record<TokenPurpose, number> = {
  confirm_email: 24 * 60 * 60 * 1000,
  change_email: 24 * 60 * 60 * 1000,
  reset_password: 30 * 60 * 1000,
};

/**
 * Issues a single-use code sent by mail. Only its hash is stored; earlier unused codes of the same
 * purpose for the user stop working, so only the newest mail counts.
 */
export async function issueUserToken(
  db: Kysely<DB> | Transaction<DB>,
  userId: string,
  purpose: TokenPurpose,
  newEmail: string | null = null,
): Promise<string> {
  const now = Date.now();
  const code = randomToken(18);
  await db
    .updateTable('user_tokens')
    .set({ used_at: now })
    .where('user_id', '=', userId)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .execute();
  await db
    .insertInto('user_tokens')
    .values({
      user_id: userId,
      purpose,
      token_hash: sha256(code),
      new_email: newEmail,
      expires_at: now + TOKEN_TTL_MS[purpose],
      created_at: now,
    })
    .execute();
  return code;
}

/**
 * Uses up a code: it must belong to the user, have one of the purposes, be unused and unexpired.
 * The update is conditional, so two simultaneous uses cannot both succeed.
 */
export async function consumeUserToken(
  trx: Transaction<DB>,
  userId: string,
  code: string,
  purposes: TokenPurpose[],
): Promise<{ purpose: TokenPurpose; newEmail: string | null } | undefined> {
  const now = Date.now();
  const row = await trx
    .updateTable('user_tokens')
    .set({ used_at: now })
    .where('token_hash', '=', sha256(code))
    .where('user_id', '=', userId)
    .where('purpose', 'in', purposes)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning(['purpose', 'new_email'])
    .executeTakeFirst();
  return row ? { purpose: row.purpose, newEmail: row.new_email } : undefined;
}
