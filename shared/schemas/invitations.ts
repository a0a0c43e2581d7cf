import { z } from 'zod';
import { INVITATION_LIMITS } from '../invitations.ts';

// Invitation rebate (/personal/invitation; admins at /admin/operation/invitation): a person's invite code
// and what inviting has brought them, the people they invited, the reward admins configure, and the
// rewards granted (one per invitee, when they first become a member), which an admin may reverse.

/** Pages of the invitation lists. */
export const invitationPageQuery = z.object({
  current: z.coerce.number().int().min(1).optional(),
  pageSize: z.coerce.number().int().min(1).max(100).optional(),
});
export type InvitationPageQuery = z.input<typeof invitationPageQuery>;

/** What an invitee's first membership gives the inviter now; null where that part is off. */
export const rewardOffer = z.object({ credit: z.number().nullable(), days: z.number().nullable() });

/** GET /api/Invitation/Mine: the signed-in person's code and totals. */
export const invitationSummary = z.object({
  code: z.string(),
  invitedCount: z.number(),
  /** Invitees who have become members (and so brought a reward, if one was on then). */
  memberCount: z.number(),
  /** Credit and days of the rewards granted and not reversed. */
  creditEarned: z.number(),
  daysEarned: z.number(),
  offer: rewardOffer,
});
export type InvitationSummary = z.infer<typeof invitationSummary>;

/** A reward as its inviter sees it. */
export const inviteeReward = z.object({
  id: z.number(),
  credit: z.number(),
  days: z.number(),
  grantedAt: z.string(),
  reversedAt: z.string().nullable(),
});

/** One person the signed-in person invited (e-mail masked: a***@example.com). */
export const invitee = z.object({
  key: z.string(),
  email: z.string(),
  joinedAt: z.string(),
  /** Confirmed their e-mail address. */
  confirmed: z.boolean(),
  /** A member now. */
  isMember: z.boolean(),
  /** When they first became a member (null: not yet). */
  becameMemberAt: z.string().nullable(),
  reward: inviteeReward.nullable(),
});
export type Invitee = z.infer<typeof invitee>;
export const inviteePage = z.object({ records: z.array(invitee), total: z.number() });
export type InviteePage = z.infer<typeof inviteePage>;

const rewardCredit = z
  .number({ message: 'rewardCreditRange' })
  .int('rewardCreditRange')
  .min(1, 'rewardCreditRange')
  .max(INVITATION_LIMITS.rewardCreditMax, 'rewardCreditRange');
const rewardDays = z
  .number({ message: 'rewardDaysRange' })
  .int('rewardDaysRange')
  .min(1, 'rewardDaysRange')
  .max(INVITATION_LIMITS.rewardDaysMax, 'rewardDaysRange');

/** The reward admins configure: credit points and/or membership days for the inviter, each on or off. */
export const invitationSettings = z.object({
  creditEnabled: z.boolean(),
  creditAmount: z.number(),
  daysEnabled: z.boolean(),
  daysAmount: z.number(),
  updatedAt: z.string().nullable(),
  /** E-mail of the admin who last changed it. */
  updatedBy: z.string().nullable(),
});
export type InvitationSettings = z.infer<typeof invitationSettings>;

/** Amounts are kept while a part is off, so switching it back on restores them. */
export const updateInvitationSettingsRequest = z.object({
  creditEnabled: z.boolean(),
  creditAmount: rewardCredit,
  daysEnabled: z.boolean(),
  daysAmount: rewardDays,
});
export type UpdateInvitationSettingsRequest = z.input<typeof updateInvitationSettingsRequest>;

const userRef = z.object({ userId: z.string(), email: z.string() });

/** A granted reward as admins see it. */
export const adminReward = z.object({
  id: z.number(),
  inviter: userRef,
  invitee: userRef,
  credit: z.number(),
  days: z.number(),
  grantedAt: z.string(),
  /** E-mail of the admin whose grant of a tag made the invitee a member. */
  grantedBy: z.string().nullable(),
  reversedAt: z.string().nullable(),
  reversedBy: z.string().nullable(),
  reverseReason: z.string().nullable(),
});
export type AdminReward = z.infer<typeof adminReward>;

export const REWARD_STATUSES = ['granted', 'reversed'] as const;

export const rewardsQuery = z.object({
  current: z.coerce.number().int().min(1).optional(),
  pageSize: z.coerce.number().int().min(1).max(500).optional(),
  /** Part of the inviter's or the invitee's e-mail. */
  search: z.string().trim().max(100).optional(),
  status: z.enum(REWARD_STATUSES).optional(),
});
export type RewardsQuery = z.input<typeof rewardsQuery>;
export const adminRewardPage = z.object({ records: z.array(adminReward), total: z.number() });

/** A reason an admin gives for a reversal or an adjustment (members see it in their ledger). */
export const adminReason = z
  .string({ message: 'creditReasonRequired' })
  .trim()
  .min(1, { message: 'creditReasonRequired', abort: true })
  .max(INVITATION_LIMITS.reasonMax, 'creditReasonTooLong');

export const reverseRewardRequest = z.object({
  id: z.number({ message: 'rewardNotFound' }).int('rewardNotFound'),
  reason: adminReason,
  /** Take the inviter's credit below 0 if it must (asked after a first refusal). */
  allowNegative: z.boolean().optional(),
});
export type ReverseRewardRequest = z.input<typeof reverseRewardRequest>;
