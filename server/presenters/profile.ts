import { memberDaysRemaining } from '#shared/membership.ts';
import type { PersonalInfo, SessionInfo } from '#shared/schemas/personal.ts';
import { GENDERS } from '#shared/schemas/personal.ts';
import { isMember, membershipLevel } from '../policies/membership.ts';
import type { SessionSummary } from '../services/sessions.ts';
import type { UserRow } from '../services/user-lookup.ts';
import { isoTime, isoTimeOrNull, pictureOf } from './common.ts';

const genderOf = (value: string | null): PersonalInfo['gender'] =>
  GENDERS.find((gender) => gender === value) ?? null;

/** The personal information page: the profile, membership level and state, and days left. */
export function presentPersonalInfo(user: UserRow, roles: string[], now = Date.now()): PersonalInfo {
  return {
    uid: user.id,
    email: user.email,
    userName: user.user_name,
    nickName: user.nick_name,
    pic: pictureOf(user),
    gender: genderOf(user.gender),
    phone: user.phone,
    // The profile's "points" are the member credit balance (docs/decisions.md); users.points is unused.
    points: user.member_credit,
    memberCredit: user.member_credit,
    roles,
    membershipLevel: membershipLevel(roles),
    isMember: isMember({ roles, memberExpiryDate: user.member_expiry_date }, now),
    memberExpiryDate: isoTimeOrNull(user.member_expiry_date),
    memberDaysRemaining: memberDaysRemaining(user.member_expiry_date, now),
    emailConfirmed: user.email_confirmed_at !== null,
    pendingEmail: user.pending_email,
    twoFactorEnabled: user.two_factor_enabled_at !== null,
    createdAt: isoTime(user.created_at),
  };
}

/** One of the person's sessions; `current` marks the one the request came from. */
export function presentSession(session: SessionSummary, currentUid: string | undefined): SessionInfo {
  return {
    id: session.id,
    current: session.uid === currentUid,
    signedInAt: isoTime(session.signedInAt),
    expiresAt: isoTime(session.expiresAt),
    userAgent: session.userAgent,
    ip: session.ip,
  };
}
