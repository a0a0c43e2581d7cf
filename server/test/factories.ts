import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import { randomToken } from '../security/crypto.ts';
import { hashPassword } from '../security/passwords.ts';
import { enableTestTwoFactor } from './two-factor.ts';

export const TEST_PASSWORD = 'Corr3ct-horse';
const DAY = 24 * 60 * 60 * 1000;

let counter = 0;

export type TestUser = { id: string; email: string; password: string };

/** A user straight in the database: confirmed by default, with the given role tags and membership days. */
export async function createUser(
  db: Kysely<DB>,
  options: {
    email?: string;
    password?: string;
    roles?: string[];
    confirmed?: boolean;
    memberDays?: number | null;
    /**
     * Two-factor sign-in on, with an authenticator the sign-in helpers compute codes of. Administrators
     * have it unless told otherwise (the back office requires it).
     */
    twoFactor?: boolean;
  } = {},
): Promise<TestUser> {
  counter++;
  const email = options.email ?? `user${counter}-${randomUUID().slice(0, 8)}@example.com`;
  const password = options.password ?? TEST_PASSWORD;
  const now = Date.now();
  const id = randomUUID();
  await db
    .insertInto('users')
    .values({
      id,
      email,
      email_normalized: email.toLowerCase(),
      user_name: email,
      password_hash: await hashPassword(password),
      email_confirmed_at: options.confirmed === false ? null : now,
      member_expiry_date: options.memberDays == null ? null : now + options.memberDays * DAY,
      security_stamp: randomToken(8),
      created_at: now,
      updated_at: now,
    })
    .execute();
  for (const name of options.roles ?? []) {
    let role = await db.selectFrom('roles').select('id').where('name', '=', name).executeTakeFirst();
    if (!role) {
      role = await db
        .insertInto('roles')
        .values({ name, name_normalized: name.toLowerCase(), built_in: 0, created_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
    }
    await db.insertInto('user_roles').values({ user_id: id, role_id: role.id, created_at: now }).execute();
  }
  if (options.twoFactor ?? (options.roles ?? []).includes('Admin'))
    await enableTestTwoFactor(db, { id, email });
  return { id, email, password };
}

/** An active trader key straight in the database (placeholder credentials), admitting the given roles. */
export async function createTraderKey(
  db: Kysely<DB>,
  options: { name?: string; roleIds: number[] },
): Promise<number> {
  const now = Date.now();
  const { id } = await db
    .insertInto('trader_keys')
    .values({
      key_name: options.name ?? 'Test trader',
      key_value_enc: 'x',
      secret_value_enc: 'x',
      key_hint: 'abcd',
      co_efficient: 1,
      leverage_coefficient: 1,
      is_active: 1,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (options.roleIds.length)
    await db
      .insertInto('trader_key_roles')
      .values(options.roleIds.map((role_id) => ({ key_id: id, role_id })))
      .execute();
  return id;
}

/** The mails queued for an address in the outbox (delivered or not). */
export async function outboxRowsTo(db: Kysely<DB>, to: string) {
  return db.selectFrom('mail_outbox').selectAll().where('to_address', '=', to).orderBy('id').execute();
}

/** The first link in a mail's text pointing into the portal, as a URL. */
export function linkIn(text: string): URL {
  const match = /(https?:\/\/\S+)/.exec(text);
  if (!match?.[1]) throw new Error(`no link in mail:\n${text}`);
  return new URL(match[1]);
}
