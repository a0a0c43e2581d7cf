import { setTimeout as sleep } from 'node:timers/promises';
import type { Kysely, Selectable } from 'kysely';
import type { KeyCheckState } from '#shared/schemas/trading.ts';
import type { DB, TraderKeyChecksTable, TraderKeysTable } from '../db/schema.ts';
import { isExchangeError } from '../exchange/exchange-errors.ts';
import type { ExchangeLogger, ExchangeReader, KeyRestrictions } from '../exchange/exchange-reader.ts';
import { decrypt } from '../security/crypto.ts';
import { DomainError } from './errors.ts';

// Checking a trader key at its exchange (DESIGN §8, key custody): its restrictions are read and stored in
// trader_key_checks with the key's state. A key that can withdraw reads `withdrawalsEnabled` and is never
// synced; one without the futures permission reads `futuresDisabled` (it cannot read the futures account);
// one that can trade is accepted (the admin pages warn). Every failure is a state of its own
// (invalidKey, ipNotAllowed, clockSkew, rateLimited, unreachable, malformed, rejected) recorded with its
// message and time, never an exception for the caller; a stored key or secret whose ciphertext fails
// authentication is `broken`, and the exchange is not called. The plain key and secret exist only in the
// reader given to the exchange layer: never logged, stored or answered.

export type Credentials = { apiKey: string; secret: string };

const keyNotFound = () =>
  new DomainError('notFound', 'traderKeyNotFound', { apiKeyId: ['traderKeyNotFound'] });

/**
 * A reader of one key's account (app.ts: Binance, or the fake exchange at EXCHANGE_TEST_BASE_URL). The
 * key's last check says whether it is restricted to listed addresses: Binance answers -2015 both for an
 * unknown key and a refused address, and the reader tells them apart with it.
 */
export type ReaderFactory = (
  credentials: Credentials,
  /** `signal`: aborted when the reader's user stops (its waits and requests end). */
  options: { ipRestricted: boolean; signal?: AbortSignal },
) => ExchangeReader;

export type CheckRow = Selectable<TraderKeyChecksTable>;
type KeyRow = Pick<Selectable<TraderKeysTable>, 'key_value_enc' | 'secret_value_enc'>;

export type CheckDeps = {
  db: Kysely<DB>;
  secretsKey: Buffer;
  readerFor: ReaderFactory;
  log: ExchangeLogger;
};

export const BROKEN_MESSAGE = 'The stored key or secret cannot be decrypted (it fails authentication)';

/** The stored key and secret in the clear, or undefined when either fails authentication (broken). */
export function openCredentials(secretsKey: Buffer, key: KeyRow): Credentials | undefined {
  try {
    return {
      apiKey: decrypt(secretsKey, key.key_value_enc),
      secret: decrypt(secretsKey, key.secret_value_enc),
    };
  } catch {
    return undefined;
  }
}

/** What an error of the exchange layer reads as; anything else (a bug) as unreachable. */
export function stateOfError(
  error: unknown,
): Exclude<KeyCheckState, 'ok' | 'withdrawalsEnabled' | 'futuresDisabled' | 'broken'> {
  return isExchangeError(error) ? error.kind : 'unreachable';
}

/** The message stored and shown for a failure: the exchange layer's words and the exchange's code, no secret. */
export function describeError(error: unknown): string {
  if (!isExchangeError(error)) return 'The exchange could not be read (unexpected error)';
  const code =
    error.code === null ? '' : ` [${error.code}${error.exchangeMessage ? `: ${error.exchangeMessage}` : ''}]`;
  return `${error.message}${code}`.slice(0, 500);
}

/**
 * What the restrictions allow: a key that can withdraw is refused; one without Binance's futures permission
 * cannot read the futures account (Binance has no read-only futures permission: reading it needs the
 * permission that also trades, so a followed key always "can trade", with the admin pages' warning).
 */
export function stateOfRestrictions(
  restrictions: KeyRestrictions,
): 'ok' | 'withdrawalsEnabled' | 'futuresDisabled' {
  if (restrictions.canWithdraw) return 'withdrawalsEnabled';
  return restrictions.canTradeFutures ? 'ok' : 'futuresDisabled';
}

const bit = (value: boolean) => (value ? 1 : 0);

/** The key's last check, if it was ever checked. */
export function keyCheckOf(db: Kysely<DB>, keyId: number): Promise<CheckRow | undefined> {
  return db.selectFrom('trader_key_checks').selectAll().where('key_id', '=', keyId).executeTakeFirst();
}

type CheckOutcome =
  | { state: 'ok' | 'withdrawalsEnabled' | 'futuresDisabled'; restrictions: KeyRestrictions }
  | { state: Exclude<KeyCheckState, 'ok' | 'withdrawalsEnabled' | 'futuresDisabled'>; error: string };

/** Writes the outcome; a failure keeps the restrictions last read (the reader needs `ipRestricted`). */
async function storeCheck(db: Kysely<DB>, keyId: number, outcome: CheckOutcome, now: number) {
  const values =
    'restrictions' in outcome
      ? {
          state: outcome.state,
          can_read: bit(outcome.restrictions.canRead),
          can_trade: bit(outcome.restrictions.canTradeFutures || outcome.restrictions.canTradeSpot),
          can_withdraw: bit(outcome.restrictions.canWithdraw),
          ip_restricted: bit(outcome.restrictions.ipRestricted),
          checked_at: now,
        }
      : { state: outcome.state, checked_at: now, last_error: outcome.error, last_error_at: now };
  await db
    .insertInto('trader_key_checks')
    .values({ key_id: keyId, ...values })
    .onConflict((oc) => oc.column('key_id').doUpdateSet(values))
    .execute();
  return (await keyCheckOf(db, keyId))!;
}

/**
 * Reads a key's restrictions at the exchange now and stores the outcome (one call of weight 1). Throws
 * only when the key does not exist.
 */
export async function checkTraderKey(deps: CheckDeps, keyId: number): Promise<CheckRow> {
  const { db, log } = deps;
  const key = await db
    .selectFrom('trader_keys')
    .select(['id', 'key_value_enc', 'secret_value_enc'])
    .where('id', '=', keyId)
    .executeTakeFirst();
  if (!key) throw keyNotFound();
  const previous = await keyCheckOf(db, keyId);
  const credentials = openCredentials(deps.secretsKey, key);
  let outcome: CheckOutcome;
  if (!credentials) {
    outcome = { state: 'broken', error: BROKEN_MESSAGE };
  } else {
    try {
      const reader = deps.readerFor(credentials, { ipRestricted: previous?.ip_restricted === 1 });
      const restrictions = await reader.keyRestrictions();
      outcome = { state: stateOfRestrictions(restrictions), restrictions };
    } catch (error) {
      outcome = { state: stateOfError(error), error: describeError(error) };
      if (!isExchangeError(error)) log.error({ keyId, error: String(error) }, 'trader key check failed');
    }
  }
  const row = await storeCheck(db, keyId, outcome, Date.now());
  log.info({ keyId, state: row.state }, 'trader key checked');
  return row;
}

/**
 * Asks for a check of the key by the process that follows it (any process may ask): answers the number the
 * request was given; the check is done once `checks_answered` reaches it.
 */
export async function requestCheck(db: Kysely<DB>, keyId: number): Promise<number> {
  await db
    .insertInto('trader_key_sync')
    .values({ key_id: keyId })
    .onConflict((oc) => oc.column('key_id').doNothing())
    .execute();
  const row = await db
    .updateTable('trader_key_sync')
    .set((eb) => ({ check_requests: eb('check_requests', '+', 1) }))
    .where('key_id', '=', keyId)
    .returning('check_requests')
    .executeTakeFirstOrThrow();
  return Number(row.check_requests);
}

/** Records that the follower answered the requests up to `request` (a later answer is never undone). */
export async function answerCheckRequests(db: Kysely<DB>, keyId: number, request: number): Promise<void> {
  await db
    .updateTable('trader_key_sync')
    .set({ checks_answered: request })
    .where('key_id', '=', keyId)
    .where('checks_answered', '<', request)
    .execute();
}

/** The checks the admin routes ask for (app.ts builds them beside the sync worker). */
export type KeyChecks = {
  /**
   * Checks a key now (the admin's "check key") and answers its check: done by the process that follows the
   * key, or here when none does (an inactive key, or no process syncs keys); the follower then goes on, or
   * stops. Throws `busy` when the following process does not answer within the wait.
   */
  check(keyId: number): Promise<CheckRow>;
  /**
   * A key was added or edited, and committed: the process that follows it checks it in the background, so
   * that the save never waits for the exchange nor fails with it (the check records the state). Nothing
   * when automatic checks are off (no process of this one's kind syncs keys: tests without an exchange).
   */
  saved(keyId: number): void;
  /** Resolves when no background request is being written (closing, tests). */
  idle(): Promise<void>;
};

export type KeyCheckOptions = CheckDeps & {
  /** Whether this process follows keys (its trader sync worker runs): automatic checks, and no local ones. */
  syncing: boolean;
  /** Wakes the process that follows the key, wherever it runs (the hub's nudge, this process included). */
  nudge(keyId: number): void;
  /** How long a check waits for the following process (ms); a dead holder's lease runs out meanwhile. */
  waitMs?: number;
  /** How often the wait looks for the answer (ms). */
  pollMs?: number;
};

const WAIT_MS = 30_000;
const POLL_MS = 100;

export function createKeyChecks(options: KeyCheckOptions): KeyChecks {
  const { db, log } = options;
  const waitMs = options.waitMs ?? WAIT_MS;
  const pollMs = options.pollMs ?? POLL_MS;
  const running = new Set<Promise<unknown>>();

  /** Whether a process follows the key now (an active key with a lease not run out), or will (this one). */
  const followed = async (keyId: number): Promise<boolean> => {
    const row = await db
      .selectFrom('trader_keys as k')
      .leftJoin('trader_key_sync as s', 's.key_id', 'k.id')
      .select(['k.is_active', 's.holder', 's.lease_until'])
      .where('k.id', '=', keyId)
      .executeTakeFirst();
    if (!row) throw keyNotFound();
    if (row.is_active !== 1) return false;
    return options.syncing || (row.holder !== null && Number(row.lease_until) > Date.now());
  };

  const answered = async (keyId: number, request: number): Promise<CheckRow> => {
    const deadline = Date.now() + waitMs;
    for (;;) {
      const sync = await db
        .selectFrom('trader_key_sync')
        .select('checks_answered')
        .where('key_id', '=', keyId)
        .executeTakeFirst();
      if (!sync) throw keyNotFound();
      if (Number(sync.checks_answered) >= request) {
        const row = await keyCheckOf(db, keyId);
        if (!row) throw keyNotFound();
        return row;
      }
      if (Date.now() >= deadline)
        throw new DomainError('busy', 'traderKeyCheckUnanswered', {}, { retryAfter: 5 });
      await sleep(pollMs);
    }
  };

  return {
    async check(keyId) {
      if (!(await followed(keyId))) {
        const row = await checkTraderKey(options, keyId);
        options.nudge(keyId);
        return row;
      }
      const request = await requestCheck(db, keyId);
      options.nudge(keyId);
      return answered(keyId, request);
    },
    saved(keyId) {
      if (!options.syncing) return;
      const task: Promise<unknown> = requestCheck(db, keyId)
        .then(() => options.nudge(keyId))
        .catch((error: unknown) =>
          log.warn({ keyId, error: String(error) }, 'asking for a trader key check failed'),
        )
        .finally(() => running.delete(task));
      running.add(task);
    },
    async idle() {
      while (running.size) await Promise.all([...running]);
    },
  };
}
