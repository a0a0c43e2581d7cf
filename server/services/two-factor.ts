import { createHmac, randomBytes } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import { ROLE } from '#shared/roles.ts';
import { STEP_UP_MAX_AGE_MINUTES } from '#shared/two-factor.ts';
import type { DB } from '../db/schema.ts';
import { constantTimeEqual, decrypt, deriveKey, encrypt } from '../security/crypto.ts';
import { generateTotpSecret, matchTotp, normalizeBase32, otpauthUri } from '../security/totp.ts';
import { type Actor, audit, type Client } from './audit.ts';
import { DomainError } from './errors.ts';
import { inTransaction } from './hub-events.ts';
import { endSessionsOf } from './sessions.ts';

/** How recent the last code of a session must be for a sensitive admin action. */
export const STEP_UP_MAX_AGE_MS = STEP_UP_MAX_AGE_MINUTES * 60 * 1000;
/** How long the sign-in's second step may wait after the password. */
export const TWO_FACTOR_CHALLENGE_MS = 5 * 60 * 1000;
export const RECOVERY_CODE_COUNT = 10;
/** The issuer name authenticator apps show beside the account. */
export const TOTP_ISSUER = 'ChainCompass Academy';

/** The keys of two-factor sign-in, derived from APP_SECRET. */
export type TwoFactorKeys = {
  /** Encrypts authenticator secrets at rest (AES-256-GCM). */
  secrets: Buffer;
  /** Keys the hashes of recovery codes and signs the sign-in's second-step token. */
  mac: Buffer;
};

export function twoFactorKeys(appSecret: string): TwoFactorKeys {
  return { secrets: deriveKey(appSecret, 'two-factor-secrets'), mac: deriveKey(appSecret, 'two-factor-mac') };
}

const mac = (keys: TwoFactorKeys, text: string) =>
  createHmac('sha256', keys.mac).update(text).digest('base64url');

/** Recovery codes as shown: 10 characters of [a-z0-9], `xxxxx-xxxxx`. */
function newRecoveryCode(): string {
  const alphabet = 'abcdefghijkmnpqrstuvwxyz23456789';
  const bytes = randomBytes(10);
  let code = '';
  for (const byte of bytes) code += alphabet[byte % alphabet.length];
  return `${code.slice(0, 5)}-${code.slice(5)}`;
}
const recoveryHash = (keys: TwoFactorKeys, code: string) =>
  mac(keys, `recovery:${code.replace(/[\s-]/g, '').toLowerCase()}`);

async function replaceRecoveryCodes(trx: Transaction<DB>, keys: TwoFactorKeys, userId: string) {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  const now = Date.now();
  await trx.deleteFrom('user_recovery_codes').where('user_id', '=', userId).execute();
  await trx
    .insertInto('user_recovery_codes')
    .values(codes.map((code) => ({ user_id: userId, code_hash: recoveryHash(keys, code), created_at: now })))
    .execute();
  return codes;
}

export type TwoFactorState = {
  enabled: boolean;
  enabledAt: number | null;
  required: boolean;
  pending: boolean;
  recoveryCodesLeft: number;
};

export async function twoFactorState(
  db: Kysely<DB>,
  userId: string,
  roles: string[],
): Promise<TwoFactorState> {
  const [user, row, left] = await Promise.all([
    db.selectFrom('users').select('two_factor_enabled_at').where('id', '=', userId).executeTakeFirst(),
    db.selectFrom('user_two_factor').select('confirmed_at').where('user_id', '=', userId).executeTakeFirst(),
    db
      .selectFrom('user_recovery_codes')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('user_id', '=', userId)
      .where('used_at', 'is', null)
      .executeTakeFirst(),
  ]);
  const enabledAt = user?.two_factor_enabled_at ?? null;
  return {
    enabled: enabledAt !== null,
    enabledAt,
    required: roles.includes(ROLE.admin),
    pending: row !== undefined && row.confirmed_at === null,
    recoveryCodesLeft: enabledAt === null ? 0 : Number(left?.n ?? 0),
  };
}

/**
 * Begins a set-up: a new secret, kept (encrypted) until the first code proves the app has it. Beginning
 * again replaces a set-up not yet confirmed; an account that has two-factor sign-in must turn it off first.
 */
export async function beginTwoFactor(
  db: Kysely<DB>,
  keys: TwoFactorKeys,
  user: { id: string; email: string },
): Promise<{ secret: string; otpauthUri: string }> {
  const secret = generateTotpSecret();
  await inTransaction(db, async (trx) => {
    const existing = await trx
      .selectFrom('user_two_factor')
      .select('confirmed_at')
      .where('user_id', '=', user.id)
      .executeTakeFirst();
    if (existing?.confirmed_at != null)
      throw new DomainError('conflict', 'twoFactorAlreadyEnabled', {
        twoFactor: ['twoFactorAlreadyEnabled'],
      });
    await trx.deleteFrom('user_two_factor').where('user_id', '=', user.id).execute();
    await trx
      .insertInto('user_two_factor')
      .values({ user_id: user.id, secret_enc: encrypt(keys.secrets, secret), created_at: Date.now() })
      .execute();
  });
  return { secret, otpauthUri: otpauthUri(secret, user.email, TOTP_ISSUER) };
}

/**
 * Accepts a code of the person's authenticator (a step later than the last one accepted: a code is good
 * once, even if two requests race with it) or one of their unused recovery codes (used up by it).
 * `pending` checks the secret of a set-up not yet confirmed.
 */
async function acceptCode(
  trx: Transaction<DB>,
  keys: TwoFactorKeys,
  userId: string,
  input: { code?: string | undefined; recoveryCode?: string | undefined },
  options: { pending?: boolean; now?: number } = {},
): Promise<'totp' | 'recovery' | undefined> {
  const now = options.now ?? Date.now();
  const row = await trx
    .selectFrom('user_two_factor')
    .select(['secret_enc', 'confirmed_at', 'last_step'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!row || (row.confirmed_at === null) !== Boolean(options.pending)) return undefined;
  if (input.code !== undefined) {
    const step = matchTotp(decrypt(keys.secrets, row.secret_enc), input.code, {
      now,
      afterStep: row.last_step === null ? null : Number(row.last_step),
    });
    if (step === undefined) return undefined;
    const taken = await trx
      .updateTable('user_two_factor')
      .set({ last_step: step })
      .where('user_id', '=', userId)
      .where((eb) => eb.or([eb('last_step', 'is', null), eb('last_step', '<', step)]))
      .executeTakeFirst();
    return Number(taken.numUpdatedRows) === 1 ? 'totp' : undefined;
  }
  if (input.recoveryCode !== undefined && !options.pending) {
    const used = await trx
      .updateTable('user_recovery_codes')
      .set({ used_at: now })
      .where('user_id', '=', userId)
      .where('code_hash', '=', recoveryHash(keys, input.recoveryCode))
      .where('used_at', 'is', null)
      .executeTakeFirst();
    return Number(used.numUpdatedRows) === 1 ? 'recovery' : undefined;
  }
  return undefined;
}

const incorrect = () =>
  new DomainError('invalid', 'twoFactorCodeIncorrect', { code: ['twoFactorCodeIncorrect'] });

/** Records that a code was typed in this session now (sensitive actions look at it). */
async function markSession(
  trx: Transaction<DB>,
  sessionUid: string | undefined,
  userId: string,
  now: number,
) {
  if (!sessionUid) return;
  await trx
    .insertInto('session_two_factor')
    .values({ session_uid: sessionUid, user_id: userId, verified_at: now })
    .onConflict((oc) => oc.column('session_uid').doUpdateSet({ verified_at: now, user_id: userId }))
    .execute();
}

/**
 * Confirms a set-up with the first code: two-factor sign-in is on, ten recovery codes are made (shown
 * once), the person's other sessions end (they were opened with the password alone) and this one counts
 * as just verified.
 */
export async function enableTwoFactor(
  db: Kysely<DB>,
  keys: TwoFactorKeys,
  actor: Actor & { sessionUid: string | undefined },
  code: string,
): Promise<{ recoveryCodes: string[]; hubEvents: number[] }> {
  return inTransaction(db, async (trx) => {
    const pending = await trx
      .selectFrom('user_two_factor')
      .select('confirmed_at')
      .where('user_id', '=', actor.userId)
      .executeTakeFirst();
    if (!pending)
      throw new DomainError('conflict', 'twoFactorSetupNotBegun', { twoFactor: ['twoFactorSetupNotBegun'] });
    if (pending.confirmed_at !== null)
      throw new DomainError('conflict', 'twoFactorAlreadyEnabled', {
        twoFactor: ['twoFactorAlreadyEnabled'],
      });
    if (!(await acceptCode(trx, keys, actor.userId, { code }, { pending: true }))) throw incorrect();
    const now = Date.now();
    await trx
      .updateTable('user_two_factor')
      .set({ confirmed_at: now })
      .where('user_id', '=', actor.userId)
      .execute();
    await trx
      .updateTable('users')
      .set({ two_factor_enabled_at: now, updated_at: now })
      .where('id', '=', actor.userId)
      .execute();
    const recoveryCodes = await replaceRecoveryCodes(trx, keys, actor.userId);
    await markSession(trx, actor.sessionUid, actor.userId, now);
    const { ended, hubEvents } = await endSessionsOf(trx, actor.userId, actor.sessionUid);
    await audit(trx, {
      action: 'twoFactor.enabled',
      actorId: actor.userId,
      targetType: 'user',
      targetId: actor.userId,
      ip: actor.ip,
      userAgent: actor.userAgent,
      detail: { before: { twoFactor: false }, after: { twoFactor: true }, sessionsEnded: ended },
    });
    return { recoveryCodes, hubEvents };
  });
}

/** Turns it off, with a code or a recovery code; administrators may not (they must have it). */
export async function disableOwnTwoFactor(
  db: Kysely<DB>,
  keys: TwoFactorKeys,
  actor: Actor & { roles: string[] },
  input: { code?: string | undefined; recoveryCode?: string | undefined },
): Promise<void> {
  if (actor.roles.includes(ROLE.admin))
    throw new DomainError('conflict', 'twoFactorRequiredForAdmins', {
      twoFactor: ['twoFactorRequiredForAdmins'],
    });
  await inTransaction(db, async (trx) => {
    await assertEnabled(trx, actor.userId);
    if (!(await acceptCode(trx, keys, actor.userId, input))) throw incorrect();
    await removeTwoFactor(trx, actor.userId);
    await audit(trx, {
      action: 'twoFactor.disabled',
      actorId: actor.userId,
      targetType: 'user',
      targetId: actor.userId,
      ip: actor.ip,
      userAgent: actor.userAgent,
      detail: { before: { twoFactor: true }, after: { twoFactor: false } },
    });
  });
}

async function assertEnabled(trx: Kysely<DB>, userId: string) {
  const user = await trx
    .selectFrom('users')
    .select('two_factor_enabled_at')
    .where('id', '=', userId)
    .executeTakeFirst();
  if (user?.two_factor_enabled_at == null)
    throw new DomainError('conflict', 'twoFactorNotEnabled', { twoFactor: ['twoFactorNotEnabled'] });
}

async function removeTwoFactor(trx: Transaction<DB>, userId: string) {
  const now = Date.now();
  await trx.deleteFrom('user_two_factor').where('user_id', '=', userId).execute();
  await trx.deleteFrom('user_recovery_codes').where('user_id', '=', userId).execute();
  await trx.deleteFrom('session_two_factor').where('user_id', '=', userId).execute();
  await trx
    .updateTable('users')
    .set({ two_factor_enabled_at: null, updated_at: now })
    .where('id', '=', userId)
    .execute();
}

/** New recovery codes for a code of the authenticator; the old ones stop working. */
export async function replaceOwnRecoveryCodes(
  db: Kysely<DB>,
  keys: TwoFactorKeys,
  actor: Actor,
  code: string,
): Promise<string[]> {
  return inTransaction(db, async (trx) => {
    await assertEnabled(trx, actor.userId);
    if (!(await acceptCode(trx, keys, actor.userId, { code }))) throw incorrect();
    const codes = await replaceRecoveryCodes(trx, keys, actor.userId);
    await audit(trx, {
      action: 'twoFactor.recoveryCodesReplaced',
      actorId: actor.userId,
      targetType: 'user',
      targetId: actor.userId,
      ip: actor.ip,
      userAgent: actor.userAgent,
    });
    return codes;
  });
}

/**
 * A code typed for a sensitive action (step-up): the session counts as verified for STEP_UP_MAX_AGE_MS.
 * Answers false for a wrong code (the caller counts it towards the lockout).
 */
export async function verifyStepUp(
  db: Kysely<DB>,
  keys: TwoFactorKeys,
  actor: Actor & { sessionUid: string | undefined },
  input: { code?: string | undefined; recoveryCode?: string | undefined },
): Promise<boolean> {
  await assertEnabled(db, actor.userId);
  return inTransaction(db, async (trx) => {
    const how = await acceptCode(trx, keys, actor.userId, input);
    await audit(trx, {
      action: how ? 'twoFactor.stepUp' : 'twoFactor.stepUpFailed',
      actorId: actor.userId,
      targetType: 'user',
      targetId: actor.userId,
      ip: actor.ip,
      userAgent: actor.userAgent,
      ...(how === 'recovery' ? { detail: { recoveryCode: true } } : {}),
    });
    if (how) await markSession(trx, actor.sessionUid, actor.userId, Date.now());
    return how !== undefined;
  });
}

/** The sign-in's second step: the code's kind when accepted, else undefined. Audited either way. */
export async function verifySignInCode(
  db: Kysely<DB>,
  keys: TwoFactorKeys,
  userId: string,
  client: Client,
  input: { code?: string | undefined; recoveryCode?: string | undefined },
): Promise<'totp' | 'recovery' | undefined> {
  return inTransaction(db, async (trx) => {
    const how = await acceptCode(trx, keys, userId, input);
    if (!how)
      await audit(trx, {
        action: 'login.twoFactorFailed',
        targetType: 'user',
        targetId: userId,
        ...client,
        detail: { method: input.recoveryCode !== undefined ? 'recovery' : 'totp' },
      });
    else if (how === 'recovery') {
      const left = await trx
        .selectFrom('user_recovery_codes')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where('user_id', '=', userId)
        .where('used_at', 'is', null)
        .executeTakeFirst();
      await audit(trx, {
        action: 'login.recoveryCode',
        actorId: userId,
        targetType: 'user',
        targetId: userId,
        ...client,
        detail: { recoveryCodesLeft: Number(left?.n ?? 0) },
      });
    }
    return how;
  });
}

type SessionPayload = { amr?: string[]; loginTs?: number };

/**
 * Whether a code was typed in this session within STEP_UP_MAX_AGE_MS: a step-up, or the sign-in itself
 * when it took a code (the provider session's `amr` holds "otp" and its `loginTs` says when).
 */
export async function isStepUpFresh(
  db: Kysely<DB>,
  userId: string,
  sessionUid: string | undefined,
  now = Date.now(),
): Promise<boolean> {
  if (!sessionUid) return false;
  const since = now - STEP_UP_MAX_AGE_MS;
  const [marked, session] = await Promise.all([
    db
      .selectFrom('session_two_factor')
      .select('verified_at')
      .where('session_uid', '=', sessionUid)
      .where('user_id', '=', userId)
      .executeTakeFirst(),
    db
      .selectFrom('oidc_payloads')
      .select('payload')
      .where('model', '=', 'Session')
      .where('uid', '=', sessionUid)
      .where('account_id', '=', userId)
      .executeTakeFirst(),
  ]);
  if (marked && Number(marked.verified_at) >= since) return true;
  if (!session) return false;
  const payload = JSON.parse(session.payload) as SessionPayload;
  return Boolean(payload.amr?.includes('otp') && (payload.loginTs ?? 0) * 1000 >= since);
}

/** An administrator turns off someone's two-factor sign-in (a lost phone); they set it up again. */
export async function resetTwoFactorOf(db: Kysely<DB>, actor: Actor, userId: string): Promise<void> {
  // Their own goes through the security settings (and administrators keep theirs).
  if (userId === actor.userId)
    throw new DomainError('conflict', 'twoFactorRequiredForAdmins', {
      twoFactor: ['twoFactorRequiredForAdmins'],
    });
  await inTransaction(db, async (trx) => {
    const user = await trx
      .selectFrom('users')
      .select(['two_factor_enabled_at', 'email'])
      .where('id', '=', userId)
      .executeTakeFirst();
    if (!user) throw new DomainError('notFound', 'userNotFound', { userId: ['userNotFound'] });
    const pending = await trx
      .selectFrom('user_two_factor')
      .select('user_id')
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (user.two_factor_enabled_at === null && !pending)
      throw new DomainError('conflict', 'twoFactorNotEnabled', { twoFactor: ['twoFactorNotEnabled'] });
    await removeTwoFactor(trx, userId);
    await audit(trx, {
      action: 'twoFactor.reset',
      actorId: actor.userId,
      targetType: 'user',
      targetId: userId,
      ip: actor.ip,
      userAgent: actor.userAgent,
      detail: {
        email: user.email,
        before: { twoFactor: user.two_factor_enabled_at !== null },
        after: { twoFactor: false },
      },
    });
  });
}

/**
 * ADMIN_TOTP_SECRET: the first administrator's authenticator, given at creation (automated deployments
 * compute codes from it). Nothing changes for an account that already has one.
 */
export async function provisionTwoFactor(
  trx: Transaction<DB>,
  keys: TwoFactorKeys,
  userId: string,
  secret: string,
): Promise<boolean> {
  const now = Date.now();
  const existing = await trx
    .selectFrom('users')
    .select('two_factor_enabled_at')
    .where('id', '=', userId)
    .executeTakeFirst();
  if (!existing || existing.two_factor_enabled_at !== null) return false;
  await trx.deleteFrom('user_two_factor').where('user_id', '=', userId).execute();
  await trx
    .insertInto('user_two_factor')
    .values({
      user_id: userId,
      secret_enc: encrypt(keys.secrets, normalizeBase32(secret)),
      confirmed_at: now,
      created_at: now,
    })
    .execute();
  await trx
    .updateTable('users')
    .set({ two_factor_enabled_at: now, updated_at: now })
    .where('id', '=', userId)
    .execute();
  await audit(trx, { action: 'twoFactor.provisioned', targetType: 'user', targetId: userId });
  return true;
}

/**
 * The token that carries a sign-in from its password step to its code step: which interaction, which
 * person, whether to remember them, until when; signed, so it cannot be made up or moved to another
 * interaction. It is good only while that interaction waits for its login.
 */
export type TwoFactorChallenge = { uid: string; userId: string; remember: boolean; exp: number };

export function signChallenge(keys: TwoFactorKeys, challenge: TwoFactorChallenge): string {
  const body = Buffer.from(JSON.stringify(challenge)).toString('base64url');
  return `${body}.${mac(keys, `challenge:${body}`)}`;
}

export function readChallenge(
  keys: TwoFactorKeys,
  token: string,
  now = Date.now(),
): TwoFactorChallenge | undefined {
  const [body, signature, extra] = token.split('.');
  if (!body || !signature || extra !== undefined) return undefined;
  if (!constantTimeEqual(signature, mac(keys, `challenge:${body}`))) return undefined;
  try {
    const challenge = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as TwoFactorChallenge;
    return typeof challenge.exp === 'number' && challenge.exp > now ? challenge : undefined;
  } catch {
    return undefined;
  }
}

/** Step-up marks older than a day say nothing any more: purged with the other expired rows. */
export async function purgeStaleStepUps(db: Kysely<DB>, now = Date.now()): Promise<void> {
  await db
    .deleteFrom('session_two_factor')
    .where('verified_at', '<', now - 24 * 60 * 60 * 1000)
    .execute();
}
