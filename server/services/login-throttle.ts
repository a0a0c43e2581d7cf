import { isIPv4, isIPv6 } from 'node:net';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { DB } from '../db/schema.ts';

/**
 * Failed sign-ins are counted twice: per account and client address, and per account from anywhere.
 * Five failures in a row from one address lock the account for that address for 5 minutes (ASP.NET
 * Identity's numbers), so nobody can lock someone else out of their account from their own address.
 * Fifty failures from any addresses lock the account everywhere for 15 minutes: the cap on guessing
 * from many addresses. Unknown e-mails are counted the same way, so a lockout reveals nothing.
 */
const ADDRESS_MAX_FAILURES = 5;
const ADDRESS_LOCKOUT_MS = 5 * 60 * 1000;
const ACCOUNT_MAX_FAILURES = 50;
const ACCOUNT_LOCKOUT_MS = 15 * 60 * 1000;
/** The `client` of the account-wide count. */
const ACCOUNT_WIDE = '*';

type LockScope = 'address' | 'account';

/** Expands an IPv6 address (zone, `::` and a trailing dotted IPv4 part allowed) into its eight groups. */
function ipv6Groups(address: string): number[] {
  let text = address.split('%')[0]!.toLowerCase();
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [left = '', right] = text.split('::');
  const head = left ? left.split(':') : [];
  const tail = right ? right.split(':') : [];
  const groups =
    right === undefined ? head : [...head, ...Array(8 - head.length - tail.length).fill('0'), ...tail];
  return groups.map((group) => Number.parseInt(group, 16));
}

/**
 * The client a failure is counted for: an IPv4 address as it is (also when written as IPv4-mapped
 * IPv6), an IPv6 address by its /64 (one subscriber's network, where changing address costs nothing).
 */
export function clientKey(ip: string): string {
  if (isIPv4(ip)) return ip;
  if (!isIPv6(ip)) return ip;
  const groups = ipv6Groups(ip);
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) {
    const [high = 0, low = 0] = groups.slice(6);
    return [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.');
  }
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(':')}::/64`;
}

/** Whether sign-ins to this account are locked for this client: by the address, the account, or not. */
export async function lockoutOf(
  db: Kysely<DB>,
  emailNormalized: string,
  client: string,
  now = Date.now(),
): Promise<LockScope | null> {
  const rows = await db
    .selectFrom('login_throttle')
    .select(['client', 'lockout_end'])
    .where('email_normalized', '=', emailNormalized)
    .where('client', 'in', [client, ACCOUNT_WIDE])
    .execute();
  const locked = (key: string) =>
    rows.some((row) => row.client === key && row.lockout_end != null && row.lockout_end > now);
  if (locked(ACCOUNT_WIDE)) return 'account';
  return locked(client) ? 'address' : null;
}

/** Counts one failure on a row (atomically, so parallel attempts all count); true when it locks. */
async function count(
  trx: Transaction<DB>,
  emailNormalized: string,
  client: string,
  limit: { failures: number; lockoutMs: number },
  now: number,
): Promise<boolean> {
  // A lock that has run out starts a fresh count.
  const expired = sql<boolean>`login_throttle.lockout_end is not null and login_throttle.lockout_end <= ${now}`;
  await trx
    .insertInto('login_throttle')
    .values({
      email_normalized: emailNormalized,
      client,
      failed_count: 1,
      lockout_end: null,
      updated_at: now,
    })
    .onConflict((oc) =>
      oc.columns(['email_normalized', 'client']).doUpdateSet({
        failed_count: sql`case when ${expired} then 1 else login_throttle.failed_count + 1 end`,
        lockout_end: sql`case when ${expired} then null else login_throttle.lockout_end end`,
        updated_at: now,
      }),
    )
    .execute();
  const row = await trx
    .selectFrom('login_throttle')
    .select('failed_count')
    .where('email_normalized', '=', emailNormalized)
    .where('client', '=', client)
    .executeTakeFirstOrThrow();
  if (row.failed_count < limit.failures) return false;
  await trx
    .updateTable('login_throttle')
    .set({ failed_count: 0, lockout_end: now + limit.lockoutMs, updated_at: now })
    .where('email_normalized', '=', emailNormalized)
    .where('client', '=', client)
    .execute();
  return true;
}

/** Counts a failure for the client and for the account; returns the lock it started, if any. */
export async function recordFailure(
  db: Kysely<DB>,
  emailNormalized: string,
  client: string,
  now = Date.now(),
): Promise<LockScope | null> {
  return db.transaction().execute(async (trx) => {
    // Always in this order (client, then account), so parallel attempts never wait on each other in a cycle.
    const address = await count(
      trx,
      emailNormalized,
      client,
      { failures: ADDRESS_MAX_FAILURES, lockoutMs: ADDRESS_LOCKOUT_MS },
      now,
    );
    const account = await count(
      trx,
      emailNormalized,
      ACCOUNT_WIDE,
      { failures: ACCOUNT_MAX_FAILURES, lockoutMs: ACCOUNT_LOCKOUT_MS },
      now,
    );
    return account ? 'account' : address ? 'address' : null;
  });
}

/**
 * A successful sign-in clears its own address's count. The account-wide count stays until it locks or
 * goes quiet for a day: the owner signing in must not give a guesser spread over many addresses a
 * fresh allowance.
 */
export async function clearFailures(db: Kysely<DB>, emailNormalized: string, client: string): Promise<void> {
  await db
    .deleteFrom('login_throttle')
    .where('email_normalized', '=', emailNormalized)
    .where('client', '=', client)
    .execute();
}
