import { createHash } from 'node:crypto';
import type {
  AdminReward,
  InvitationSettings,
  InvitationSummary,
  Invitee,
} from '#shared/schemas/invitations.ts';
import type { AdminRewardRow, InviteeRow } from '../services/invitation-directory.ts';
import type { InvitationSettingsRow } from '../services/invitation-rewards.ts';
import { isoTime, isoTimeOrNull } from './common.ts';

/** An inviter sees whom they invited without learning the address: a***@example.com. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return '***';
  return `${email[0]}***${email.slice(at)}`;
}

/** A row key that tells nothing of the invitee's account id. */
const opaqueKey = (id: string) => createHash('sha256').update(`invitee:${id}`).digest('hex').slice(0, 16);

const offerOf = (settings: InvitationSettingsRow) => ({
  credit: settings.credit_enabled ? settings.credit_amount : null,
  days: settings.days_enabled ? settings.days_amount : null,
});

export function presentInvitationSummary(summary: {
  code: string;
  invitedCount: number;
  memberCount: number;
  creditEarned: number;
  daysEarned: number;
  settings: InvitationSettingsRow;
}): InvitationSummary {
  return {
    code: summary.code,
    invitedCount: summary.invitedCount,
    memberCount: summary.memberCount,
    creditEarned: summary.creditEarned,
    daysEarned: summary.daysEarned,
    offer: offerOf(summary.settings),
  };
}

export function presentInvitee(row: InviteeRow): Invitee {
  return {
    key: opaqueKey(row.id),
    email: maskEmail(row.email),
    joinedAt: isoTime(row.created_at),
    confirmed: row.email_confirmed_at !== null,
    // SQLite answers 0/1, PostgreSQL a boolean.
    isMember: Boolean(Number(row.is_member)),
    becameMemberAt: isoTimeOrNull(row.granted_at),
    reward:
      row.reward_id === null || row.granted_at === null
        ? null
        : {
            id: row.reward_id,
            credit: row.credit ?? 0,
            days: row.days ?? 0,
            grantedAt: isoTime(row.granted_at),
            reversedAt: isoTimeOrNull(row.reversed_at),
          },
  };
}

export function presentInvitationSettings(settings: InvitationSettingsRow): InvitationSettings {
  return {
    creditEnabled: settings.credit_enabled === 1,
    creditAmount: settings.credit_amount,
    daysEnabled: settings.days_enabled === 1,
    daysAmount: settings.days_amount,
    updatedAt: isoTimeOrNull(settings.updated_at),
    updatedBy: settings.updated_by_email,
  };
}

export function presentAdminReward(row: AdminRewardRow): AdminReward {
  return {
    id: row.id,
    inviter: { userId: row.inviter_id, email: row.inviter_email },
    invitee: { userId: row.invitee_id, email: row.invitee_email },
    credit: row.credit,
    days: row.days,
    grantedAt: isoTime(row.granted_at),
    grantedBy: row.granted_by_email,
    reversedAt: isoTimeOrNull(row.reversed_at),
    reversedBy: row.reversed_by_email,
    reverseReason: row.reverse_reason,
  };
}
