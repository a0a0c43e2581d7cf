import { type Kysely, PostgresAdapter, type Transaction } from 'kysely';
import type { UpdateInvitationSettingsRequest } from '#shared/schemas/invitations.ts';
import type { DB } from '../db/schema.ts';
import { memberSql } from '../policies/membership.ts';
import { type Actor, audit } from './audit.ts';
import { changeCredit } from './credit-ledger.ts';
import { DomainError } from './errors.ts';
import { inTransaction, recordHubEvent } from './hub-events.ts';

// Invitation rewards: when an invitee first becomes a member, their inviter gets what admins configured.

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The inviter's expiry, locked until the transaction ends (SQLite has one writer at a time anyway). FOR NO
 * KEY UPDATE, the lock of the update that follows: the foreign-key checks of other grants' rows hold KEY
 * SHARE on the same user, which FOR UPDATE would wait for (and deadlock with).
 */
async function lockedExpiryOf(trx: Transaction<DB>, userId: string): Promise<number | null> {
  let query = trx.selectFrom('users').select('member_expiry_date').where('id', '=', userId);
  if (trx.getExecutor().adapter instanceof PostgresAdapter) query = query.forNoKeyUpdate();
  const row = await query.executeTakeFirst();
  return row?.member_expiry_date ?? null;
}

async function setExpiry(trx: Transaction<DB>, userId: string, expiry: number | null, now: number) {
  await trx
    .updateTable('users')
    .set({ member_expiry_date: expiry, updated_at: now })
    .where('id', '=', userId)
    .execute();
}

export async function invitationSettingsOf(db: Kysely<DB>) {
  return db
    .selectFrom('invitation_settings as s')
    .leftJoin('users as a', 'a.id', 's.updated_by')
    .selectAll('s')
    .select('a.email as updated_by_email')
    .where('s.id', '=', 1)
    .executeTakeFirstOrThrow();
}
export type InvitationSettingsRow = Awaited<ReturnType<typeof invitationSettingsOf>>;

export async function updateInvitationSettings(
  db: Kysely<DB>,
  input: UpdateInvitationSettingsRequest,
  actor: Actor,
): Promise<void> {
  await inTransaction(db, async (trx) => {
    const before = await trx
      .selectFrom('invitation_settings')
      .select(['credit_enabled', 'credit_amount', 'days_enabled', 'days_amount'])
      .where('id', '=', 1)
      .executeTakeFirstOrThrow();
    const after = {
      credit_enabled: input.creditEnabled ? 1 : 0,
      credit_amount: input.creditAmount,
      days_enabled: input.daysEnabled ? 1 : 0,
      days_amount: input.daysAmount,
    };
    await trx
      .updateTable('invitation_settings')
      .set({ ...after, updated_at: Date.now(), updated_by: actor.userId })
      .where('id', '=', 1)
      .execute();
    await audit(trx, {
      action: 'admin.invitation.settings',
      actorId: actor.userId,
      targetType: 'invitation-settings',
      ip: actor.ip,
      userAgent: actor.userAgent,
      detail: { before, after },
    });
  });
}

/**
 * Rewards the inviters of the given users (every user: 'all') who are members now, inside the transaction
 * of the grant that changed their tags or membership, and have had no reward yet. The reward row is
 * inserted first, `on conflict (invitee_id) do nothing`: of two grants racing (in one process or two),
 * only the one whose insert lands pays; the other's insert waits for it and then does nothing. Answers the
 * inviters whose membership days moved (their access changed).
 */
export async function rewardNewMembers(
  trx: Transaction<DB>,
  scope: { userIds: string[] | 'all'; actor: Actor; now?: number },
): Promise<string[]> {
  const now = scope.now ?? Date.now();
  if (scope.userIds !== 'all' && scope.userIds.length === 0) return [];
  let candidates = trx
    .selectFrom('users as u')
    .select(['u.id', 'u.invited_by'])
    .where('u.invited_by', 'is not', null)
    .where(memberSql('u', now))
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('invitation_rewards as r').select('r.id').whereRef('r.invitee_id', '=', 'u.id'))),
    );
  if (scope.userIds !== 'all') candidates = candidates.where('u.id', 'in', scope.userIds);
  const invitees = await candidates.execute();
  if (invitees.length === 0) return [];

  const settings = await trx
    .selectFrom('invitation_settings')
    .selectAll()
    .where('id', '=', 1)
    .executeTakeFirstOrThrow();
  const credit = settings.credit_enabled ? settings.credit_amount : 0;
  const days = settings.days_enabled ? settings.days_amount : 0;
  const moved: string[] = [];
  for (const invitee of invitees) {
    const inviterId = invitee.invited_by!;
    const reward = await trx
      .insertInto('invitation_rewards')
      .values({
        inviter_id: inviterId,
        invitee_id: invitee.id,
        credit,
        days,
        granted_at: now,
        granted_by: scope.actor.userId,
      })
      .onConflict((oc) => oc.column('invitee_id').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!reward) continue;
    if (credit > 0) {
      await changeCredit(trx, {
        userId: inviterId,
        amount: credit,
        kind: 'invitation-reward',
        reference: { type: 'invitation-reward', id: String(reward.id) },
        actorId: scope.actor.userId,
        now,
      });
    }
    if (days > 0) {
      // As the batch operation counts days: from the later of now and the current expiry.
      const before = await lockedExpiryOf(trx, inviterId);
      const after = (before !== null && before > now ? before : now) + days * DAY_MS;
      await setExpiry(trx, inviterId, after, now);
      await trx
        .updateTable('invitation_rewards')
        .set({ expiry_before: before, expiry_after: after })
        .where('id', '=', reward.id)
        .execute();
      moved.push(inviterId);
    }
    await audit(trx, {
      action: 'invitation.reward',
      actorId: scope.actor.userId,
      targetType: 'user',
      targetId: inviterId,
      ip: scope.actor.ip,
      userAgent: scope.actor.userAgent,
      detail: { rewardId: reward.id, inviteeId: invitee.id, credit, days },
    });
  }
  return [...new Set(moved)];
}

/**
 * An admin takes a reward back, with a reason: the credit through a ledger entry (refused below 0 unless
 * `allowNegative`), and the days off the inviter's expiry. A reward is reversed once.
 */
export async function reverseReward(
  db: Kysely<DB>,
  input: { id: number; reason: string; allowNegative?: boolean | undefined },
  actor: Actor,
): Promise<void> {
  await inTransaction(db, async (trx) => {
    const now = Date.now();
    const reward = await trx
      .updateTable('invitation_rewards')
      .set({ reversed_at: now, reversed_by: actor.userId, reverse_reason: input.reason })
      .where('id', '=', input.id)
      .where('reversed_at', 'is', null)
      .returning(['id', 'inviter_id', 'invitee_id', 'credit', 'days', 'expiry_before', 'expiry_after'])
      .executeTakeFirst();
    if (!reward) {
      const exists = await trx
        .selectFrom('invitation_rewards')
        .select('id')
        .where('id', '=', input.id)
        .executeTakeFirst();
      if (!exists) throw new DomainError('notFound', 'rewardNotFound', { id: ['rewardNotFound'] });
      throw new DomainError('conflict', 'rewardAlreadyReversed', { id: ['rewardAlreadyReversed'] });
    }
    if (reward.credit > 0) {
      await changeCredit(trx, {
        userId: reward.inviter_id,
        amount: -reward.credit,
        kind: 'invitation-reversal',
        reason: input.reason,
        reference: { type: 'invitation-reward', id: String(reward.id) },
        actorId: actor.userId,
        allowNegative: input.allowNegative,
        now,
      });
    }
    if (reward.days > 0) {
      // Untouched since the reward: back to what it was (none, for an inviter who had none); otherwise the
      // days come off whatever it is now.
      const current = await lockedExpiryOf(trx, reward.inviter_id);
      if (current !== null && current === reward.expiry_after) {
        await setExpiry(trx, reward.inviter_id, reward.expiry_before, now);
      } else if (current !== null) {
        await setExpiry(trx, reward.inviter_id, current - reward.days * DAY_MS, now);
      }
    }
    await audit(trx, {
      action: 'admin.invitation.reverse',
      actorId: actor.userId,
      targetType: 'invitation-reward',
      targetId: String(reward.id),
      ip: actor.ip,
      userAgent: actor.userAgent,
      detail: {
        inviterId: reward.inviter_id,
        inviteeId: reward.invitee_id,
        credit: reward.credit,
        days: reward.days,
        reason: input.reason,
      },
    });
    // Fewer days may end the inviter's membership: connected sessions are re-read.
    if (reward.days > 0) await recordHubEvent(trx, { name: 'access.changed', userIds: [reward.inviter_id] });
  });
}
