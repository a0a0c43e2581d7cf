import { randomBytes, randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Locale } from '#shared/constants.ts';
import { ROLE } from '#shared/roles.ts';
import type { DB } from '../db/schema.ts';
import type { Mailer } from '../mail/mailer.ts';
import { changeEmailMail, confirmEmailMail, resetPasswordMail } from '../mail/templates.ts';
import { randomToken } from '../security/crypto.ts';
import { hashPassword, verifyPassword } from '../security/passwords.ts';
import { audit, type Client } from './audit.ts';
import { inTransaction, recordHubEvent } from './hub-events.ts';
import { inviterFor } from './invite-codes.ts';
import { endAllSessions, endSessionsOf } from './sessions.ts';
import { provisionTwoFactor, type TwoFactorKeys } from './two-factor.ts';
import { findUserByEmail, normalizeEmail } from './user-lookup.ts';
import { consumeUserToken, issueUserToken } from './user-tokens.ts';

type AccountContext = { db: Kysely<DB>; mailer: Mailer; publicUrl: string } & Client;

function link(publicUrl: string, path: string, params: Record<string, string>): string {
  return `${publicUrl}${path}?${new URLSearchParams(params).toString()}`;
}

/**
 * Registration answers the same whatever happens, so it does not reveal whether the e-mail is taken.
 * A new account waits for its e-mail confirmation; an unconfirmed one gets a fresh confirmation mail.
 * An invite code names the new account's inviter, once and for good: an existing account's is never
 * changed, and an unknown code or one of the registrant's own mailbox is left out (the audit row says so).
 */
export async function register(
  ctx: AccountContext,
  input: { email: string; password: string; locale: Locale; inviteCode?: string | undefined },
): Promise<void> {
  const passwordHash = await hashPassword(input.password);
  const normalized = normalizeEmail(input.email);
  const existing = await findUserByEmail(ctx.db, normalized);
  const invite = await inviterFor(ctx.db, input.inviteCode, {
    ...(existing ? { id: existing.id } : {}),
    email: input.email,
  });
  if (existing) {
    if (existing.email_confirmed_at === null) {
      const code = await issueUserToken(ctx.db, existing.id, 'confirm_email');
      await ctx.mailer.send(
        confirmEmailMail(
          input.locale,
          existing.email,
          link(ctx.publicUrl, '/authentication/confirm-email', { userId: existing.id, code }),
        ),
      );
    }
    await audit(ctx.db, {
      action: 'register.existing',
      targetType: 'user',
      targetId: existing.id,
      ip: ctx.ip,
      userAgent: ctx.userAgent,
      ...(invite.outcome === 'none'
        ? {}
        : { detail: { invite: invite.outcome === 'self' ? 'self' : 'unchanged' } }),
    });
    return;
  }
  const now = Date.now();
  const id = randomUUID();
  const inserted = await ctx.db
    .insertInto('users')
    .values({
      id,
      email: input.email.trim(),
      email_normalized: normalized,
      user_name: input.email.trim(),
      password_hash: passwordHash,
      security_stamp: randomToken(16),
      locale: input.locale,
      invited_by: invite.outcome === 'accepted' ? invite.inviterId : null,
      created_at: now,
      updated_at: now,
    })
    .onConflict((oc) => oc.column('email_normalized').doNothing())
    .executeTakeFirst();
  // A parallel registration of the same address won: answer the same, send nothing more.
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) return;
  const code = await issueUserToken(ctx.db, id, 'confirm_email');
  await ctx.mailer.send(
    confirmEmailMail(
      input.locale,
      input.email.trim(),
      link(ctx.publicUrl, '/authentication/confirm-email', { userId: id, code }),
    ),
  );
  await audit(ctx.db, {
    action: 'register',
    actorId: id,
    targetType: 'user',
    targetId: id,
    ip: ctx.ip,
    userAgent: ctx.userAgent,
    ...(invite.outcome === 'none'
      ? {}
      : {
          detail: {
            invite: invite.outcome,
            ...(invite.outcome === 'unknown' ? {} : { inviterId: invite.inviterId }),
          },
        }),
  });
}

type ConfirmOutcome = 'confirmed' | 'email-changed' | 'invalid';

/** Confirms a new account's e-mail, or switches to a new e-mail the user asked for. */
export async function confirmEmail(
  ctx: AccountContext,
  input: { userId: string; code: string },
): Promise<ConfirmOutcome> {
  return inTransaction(ctx.db, async (trx) => {
    const token = await consumeUserToken(trx, input.userId, input.code, ['confirm_email', 'change_email']);
    if (!token) return 'invalid';
    const now = Date.now();
    if (token.purpose === 'confirm_email') {
      await trx
        .updateTable('users')
        .set({ email_confirmed_at: now, updated_at: now })
        .where('id', '=', input.userId)
        .execute();
      await audit(trx, {
        action: 'email.confirmed',
        actorId: input.userId,
        targetType: 'user',
        targetId: input.userId,
        ip: ctx.ip,
        userAgent: ctx.userAgent,
      });
      return 'confirmed';
    }
    const newEmail = token.newEmail!;
    const taken = await findUserByEmail(trx, newEmail);
    if (taken && taken.id !== input.userId) return 'invalid';
    const user = await trx
      .selectFrom('users')
      .select(['email', 'user_name'])
      .where('id', '=', input.userId)
      .executeTakeFirstOrThrow();
    await trx
      .updateTable('users')
      .set({
        email: newEmail,
        email_normalized: normalizeEmail(newEmail),
        // The user name follows the e-mail when it was the e-mail.
        user_name: user.user_name === user.email ? newEmail : user.user_name,
        pending_email: null,
        email_confirmed_at: now,
        security_stamp: randomToken(16),
        updated_at: now,
      })
      .where('id', '=', input.userId)
      .execute();
    await audit(trx, {
      action: 'email.changed',
      actorId: input.userId,
      targetType: 'user',
      targetId: input.userId,
      ip: ctx.ip,
      userAgent: ctx.userAgent,
      detail: { from: user.email, to: newEmail },
    });
    return 'email-changed';
  });
}

/** Mails a reset link and code when the account exists; answers the same when it does not. */
export async function forgotPassword(
  ctx: AccountContext,
  input: { email: string; locale: Locale },
): Promise<void> {
  const user = await findUserByEmail(ctx.db, input.email);
  if (!user) {
    await audit(ctx.db, { action: 'password.forgot.unknown', ip: ctx.ip, userAgent: ctx.userAgent });
    return;
  }
  const code = await issueUserToken(ctx.db, user.id, 'reset_password');
  await ctx.mailer.send(
    resetPasswordMail(
      (user.locale as Locale | null) ?? input.locale,
      user.email,
      link(ctx.publicUrl, '/authentication/forgotpassword', { code, userId: user.id }),
      code,
    ),
  );
  await audit(ctx.db, {
    action: 'password.forgot',
    targetType: 'user',
    targetId: user.id,
    ip: ctx.ip,
    userAgent: ctx.userAgent,
  });
}

/**
 * Sets a new password with a mailed code and signs the user out everywhere. Null when the code is not
 * good; otherwise the hub events to publish (the ended sessions' live connections are dropped).
 */
export async function resetPassword(
  ctx: AccountContext,
  input: { userId: string; resetCode: string; password: string },
): Promise<number[] | null> {
  const passwordHash = await hashPassword(input.password);
  return inTransaction(ctx.db, async (trx) => {
    const token = await consumeUserToken(trx, input.userId, input.resetCode, ['reset_password']);
    if (!token) return null;
    const now = Date.now();
    const user = await trx
      .updateTable('users')
      .set({
        password_hash: passwordHash,
        security_stamp: randomToken(16),
        // Receiving the code proves the mailbox is theirs.
        email_confirmed_at: now,
        updated_at: now,
      })
      .where('id', '=', input.userId)
      .returning('email_normalized')
      .executeTakeFirst();
    if (!user) return null;
    await trx.deleteFrom('login_throttle').where('email_normalized', '=', user.email_normalized).execute();
    const hubEvents = await endAllSessions(trx, input.userId);
    await audit(trx, {
      action: 'password.reset',
      actorId: input.userId,
      targetType: 'user',
      targetId: input.userId,
      ip: ctx.ip,
      userAgent: ctx.userAgent,
    });
    return hubEvents;
  });
}

/**
 * Changes the password of a signed-in user who knows the current one, and ends their other sessions
 * (`sessionUid` is the caller's, which stays). Null when the current password is wrong; otherwise the hub
 * events to publish.
 */
export async function changePassword(
  ctx: AccountContext,
  input: { userId: string; sessionUid: string | undefined; currentPassword: string; password: string },
): Promise<number[] | null> {
  const user = await ctx.db
    .selectFrom('users')
    .select('password_hash')
    .where('id', '=', input.userId)
    .executeTakeFirst();
  if (!user || !(await verifyPassword(user.password_hash, input.currentPassword))) {
    await audit(ctx.db, {
      action: 'password.change.refused',
      actorId: input.userId,
      targetType: 'user',
      targetId: input.userId,
      ip: ctx.ip,
      userAgent: ctx.userAgent,
    });
    return null;
  }
  const passwordHash = await hashPassword(input.password);
  return inTransaction(ctx.db, async (trx) => {
    const now = Date.now();
    await trx
      .updateTable('users')
      .set({ password_hash: passwordHash, security_stamp: randomToken(16), updated_at: now })
      .where('id', '=', input.userId)
      .execute();
    const { ended, hubEvents } = await endSessionsOf(trx, input.userId, input.sessionUid);
    await audit(trx, {
      action: 'password.changed',
      actorId: input.userId,
      targetType: 'user',
      targetId: input.userId,
      ip: ctx.ip,
      userAgent: ctx.userAgent,
      detail: { sessionsEnded: ended },
    });
    return hubEvents;
  });
}

type EmailChangeOutcome = 'sent' | 'wrong-password' | 'unchanged';

/** Starts an e-mail change: the new address gets a confirmation link; nothing switches before it is used. */
export async function requestEmailChange(
  ctx: AccountContext,
  input: { userId: string; newEmail: string; password: string; locale: Locale },
): Promise<EmailChangeOutcome> {
  const user = await ctx.db.selectFrom('users').selectAll().where('id', '=', input.userId).executeTakeFirst();
  if (!user || !(await verifyPassword(user.password_hash, input.password))) return 'wrong-password';
  const newEmail = input.newEmail.trim();
  if (normalizeEmail(newEmail) === user.email_normalized) return 'unchanged';
  await ctx.db
    .updateTable('users')
    .set({ pending_email: newEmail, updated_at: Date.now() })
    .where('id', '=', user.id)
    .execute();
  // An address that belongs to someone else gets no mail; the answer is the same, revealing nothing.
  const taken = await findUserByEmail(ctx.db, newEmail);
  if (!taken) {
    const code = await issueUserToken(ctx.db, user.id, 'change_email', newEmail);
    await ctx.mailer.send(
      changeEmailMail(
        input.locale,
        newEmail,
        link(ctx.publicUrl, '/authentication/confirm-email', { userId: user.id, code }),
      ),
    );
  }
  await audit(ctx.db, {
    action: 'email.change.requested',
    actorId: user.id,
    targetType: 'user',
    targetId: user.id,
    ip: ctx.ip,
    userAgent: ctx.userAgent,
  });
  return 'sent';
}

export const DEFAULT_ADMIN_EMAIL = 'admin@portal.local';

/**
 * The first administrator exists from the first start: ADMIN_EMAIL / ADMIN_PASSWORD when given, otherwise
 * a generated password printed once. Nothing happens once any administrator exists.
 */
export async function ensureFirstAdmin(
  db: Kysely<DB>,
  options: {
    email: string | undefined;
    password: string | undefined;
    /** ADMIN_TOTP_SECRET: the administrator's authenticator, provisioned with the account. */
    totp?: { secret: string; keys: TwoFactorKeys } | undefined;
    log: FastifyBaseLogger;
  },
): Promise<void> {
  const adminRole = await db
    .selectFrom('roles')
    .select('id')
    .where('name', '=', ROLE.admin)
    .executeTakeFirstOrThrow();
  const anyAdmin = await db
    .selectFrom('user_roles')
    .select('user_id')
    .where('role_id', '=', adminRole.id)
    .executeTakeFirst();
  if (anyAdmin) return;

  const email = options.email ?? DEFAULT_ADMIN_EMAIL;
  const generated = options.password === undefined;
  const password = options.password ?? randomBytes(12).toString('base64url');
  const now = Date.now();
  let created = false;
  await inTransaction(db, async (trx) => {
    let user = await findUserByEmail(trx, email);
    if (!user) {
      const inserted = await trx
        .insertInto('users')
        .values({
          id: randomUUID(),
          email,
          email_normalized: normalizeEmail(email),
          user_name: email,
          nick_name: 'Administrator',
          password_hash: await hashPassword(password),
          email_confirmed_at: now,
          security_stamp: randomToken(16),
          created_at: now,
          updated_at: now,
        })
        .onConflict((oc) => oc.column('email_normalized').doNothing())
        .executeTakeFirst();
      created = Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0;
      user = await findUserByEmail(trx, email);
    }
    if (!user) return;
    await trx
      .insertInto('user_roles')
      .values({ user_id: user.id, role_id: adminRole.id, created_at: now })
      .onConflict((oc) => oc.columns(['user_id', 'role_id']).doNothing())
      .execute();
    await audit(trx, { action: 'admin.bootstrap', targetType: 'user', targetId: user.id });
    if (options.totp) await provisionTwoFactor(trx, options.totp.keys, user.id, options.totp.secret);
    // An existing account that becomes the administrator may now receive what it could not (ACCESS_EVENTS);
    // a hub that is running publishes the event with its sweep.
    await recordHubEvent(trx, { name: 'access.changed', userIds: [user.id] });
  });
  // Another process starting at the same moment may have created the account with its own password.
  if (generated && created) {
    options.log.warn(
      { adminEmail: email },
      `First administrator created: ${email} with the generated password ${password} (shown once; change it after signing in)`,
    );
  } else if (!generated) {
    options.log.info({ adminEmail: email }, 'First administrator set from ADMIN_EMAIL / ADMIN_PASSWORD');
  }
}
