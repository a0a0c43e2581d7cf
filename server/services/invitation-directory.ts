import { type Kysely, sql } from 'kysely';
import type { DB } from '../db/schema.ts';
import { memberSql } from '../policies/membership.ts';
import { invitationSettingsOf } from './invitation-rewards.ts';
import { inviteCodeOf } from './invite-codes.ts';

// Reads of the invitation rebate: a person's code and totals, the people they invited, and the admins' list
// of rewards. Shapes are built by presenters/invitations.ts.

/** The person's code (made now if they have none), what inviting has brought them, and today's offer. */
export async function invitationSummaryOf(db: Kysely<DB>, userId: string) {
  const [code, invited, rewards, settings] = await Promise.all([
    inviteCodeOf(db, userId),
    db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('invited_by', '=', userId)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('invitation_rewards')
      .select((eb) => [
        eb.fn.countAll<number>().as('members'),
        sql<number>`coalesce(sum(case when reversed_at is null then credit else 0 end), 0)`.as('credit'),
        sql<number>`coalesce(sum(case when reversed_at is null then days else 0 end), 0)`.as('days'),
      ])
      .where('inviter_id', '=', userId)
      .executeTakeFirstOrThrow(),
    invitationSettingsOf(db),
  ]);
  return {
    code,
    invitedCount: Number(invited.n),
    memberCount: Number(rewards.members),
    creditEarned: Number(rewards.credit),
    daysEarned: Number(rewards.days),
    settings,
  };
}

/** A page of the people a person invited, newest first, with their membership and the reward they brought. */
export async function inviteesOf(
  db: Kysely<DB>,
  userId: string,
  page: { offset: number; limit: number },
  now = Date.now(),
) {
  const [{ total }, rows] = await Promise.all([
    db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .where('invited_by', '=', userId)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('users as u')
      .leftJoin('invitation_rewards as r', 'r.invitee_id', 'u.id')
      .select([
        'u.id',
        'u.email',
        'u.created_at',
        'u.email_confirmed_at',
        memberSql('u', now).as('is_member'),
        'r.id as reward_id',
        'r.credit',
        'r.days',
        'r.granted_at',
        'r.reversed_at',
      ])
      .where('u.invited_by', '=', userId)
      .orderBy('u.created_at', 'desc')
      .orderBy('u.id')
      .offset(page.offset)
      .limit(page.limit)
      .execute(),
  ]);
  return { total: Number(total), rows };
}
export type InviteeRow = Awaited<ReturnType<typeof inviteesOf>>['rows'][number];

/** A reward with the e-mails of the people involved, as admins read it. */
function rewardsWithPeople(db: Kysely<DB>) {
  return db
    .selectFrom('invitation_rewards as r')
    .innerJoin('users as inviter', 'inviter.id', 'r.inviter_id')
    .innerJoin('users as invitee', 'invitee.id', 'r.invitee_id');
}

function selectRewardRows(query: ReturnType<typeof rewardsWithPeople>) {
  return query
    .leftJoin('users as granter', 'granter.id', 'r.granted_by')
    .leftJoin('users as reverser', 'reverser.id', 'r.reversed_by')
    .select([
      'r.id',
      'r.inviter_id',
      'inviter.email as inviter_email',
      'r.invitee_id',
      'invitee.email as invitee_email',
      'r.credit',
      'r.days',
      'r.granted_at',
      'granter.email as granted_by_email',
      'r.reversed_at',
      'reverser.email as reversed_by_email',
      'r.reverse_reason',
    ]);
}

/** The admins' list of rewards, newest first, filtered by part of either e-mail and by status. */
export async function adminRewards(
  db: Kysely<DB>,
  input: {
    offset: number;
    limit: number;
    search?: string | undefined;
    status?: 'granted' | 'reversed' | undefined;
  },
) {
  let query = rewardsWithPeople(db);
  if (input.search) {
    const pattern = `%${input.search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    query = query.where((eb) =>
      eb.or([
        eb('inviter.email_normalized', 'like', sql<string>`${pattern} escape '\\'`),
        eb('invitee.email_normalized', 'like', sql<string>`${pattern} escape '\\'`),
      ]),
    );
  }
  if (input.status === 'granted') query = query.where('r.reversed_at', 'is', null);
  if (input.status === 'reversed') query = query.where('r.reversed_at', 'is not', null);
  const [{ total }, rows] = await Promise.all([
    query.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
    selectRewardRows(query).orderBy('r.id', 'desc').offset(input.offset).limit(input.limit).execute(),
  ]);
  return { total: Number(total), rows };
}
export type AdminRewardRow = Awaited<ReturnType<typeof adminRewards>>['rows'][number];

/** One reward as admins see it, or undefined. */
export function adminRewardById(db: Kysely<DB>, id: number) {
  return selectRewardRows(rewardsWithPeople(db)).where('r.id', '=', id).executeTakeFirst();
}
