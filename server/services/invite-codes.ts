import { randomInt } from 'node:crypto';
import type { Kysely } from 'kysely';
import { INVITE_CODE_ALPHABET, INVITE_CODE_LENGTH, normalizeInviteCode } from '#shared/invitations.ts';
import type { DB } from '../db/schema.ts';
import { inviteRefusal } from '../policies/invitation.ts';

// Invite codes: one per person, made the first time they are asked for, and the inviter a registration
// names with one.

export function generateInviteCode(): string {
  let code = '';
  for (let i = 0; i < INVITE_CODE_LENGTH; i++)
    code += INVITE_CODE_ALPHABET[randomInt(INVITE_CODE_ALPHABET.length)];
  return code;
}

/**
 * The person's code, made now if they have none. Two first requests at once, or a code someone else drew,
 * both end in `on conflict do nothing`: the person's code is read back, or another one is drawn.
 */
export async function inviteCodeOf(db: Kysely<DB>, userId: string): Promise<string> {
  for (let attempt = 0; attempt < 8; attempt++) {
    const existing = await db
      .selectFrom('invite_codes')
      .select('code')
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (existing) return existing.code;
    await db
      .insertInto('invite_codes')
      .values({ code: generateInviteCode(), user_id: userId, created_at: Date.now() })
      .onConflict((oc) => oc.doNothing())
      .execute();
  }
  // 31^8 codes: eight collisions in a row do not happen by chance.
  throw new Error('could not draw an unused invite code');
}

export type InviteOutcome =
  | { outcome: 'none' }
  | { outcome: 'unknown' }
  | { outcome: 'self'; inviterId: string }
  | { outcome: 'accepted'; inviterId: string };

/** Who a registration's code names as inviter, and whether they may be (never the registrant's own mailbox). */
export async function inviterFor(
  db: Kysely<DB>,
  rawCode: string | undefined,
  registrant: { id?: string; email: string },
): Promise<InviteOutcome> {
  if (rawCode === undefined || rawCode.trim() === '') return { outcome: 'none' };
  const code = normalizeInviteCode(rawCode);
  if (!code) return { outcome: 'unknown' };
  const inviter = await db
    .selectFrom('invite_codes')
    .innerJoin('users', 'users.id', 'invite_codes.user_id')
    .select(['users.id', 'users.email'])
    .where('invite_codes.code', '=', code)
    .executeTakeFirst();
  if (!inviter) return { outcome: 'unknown' };
  if (inviteRefusal(inviter, registrant) === 'self') return { outcome: 'self', inviterId: inviter.id };
  return { outcome: 'accepted', inviterId: inviter.id };
}
