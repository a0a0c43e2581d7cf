// Invitation rebate and member credit: the rules both sides share (issue 17).

/** Invite codes use no 0/O, 1/I/L: read aloud or typed from a screenshot, they cannot be mistaken. */
export const INVITE_CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
export const INVITE_CODE_LENGTH = 8;
const INVITE_CODE_PATTERN = new RegExp(`^[${INVITE_CODE_ALPHABET}]{${INVITE_CODE_LENGTH}}$`);

/** The register page's query parameter carrying a code: `/authentication/register?invite=CODE`. */
export const INVITE_QUERY_PARAMETER = 'invite';
/** How long a browser remembers a code it arrived with, until it registers. */
export const INVITE_REMEMBER_DAYS = 30;

/** A code as typed or pasted (any case, spaces around), or null when it cannot be one. */
export function normalizeInviteCode(raw: string | null | undefined): string | null {
  if (typeof raw !== 'string') return null;
  const code = raw.trim().toUpperCase();
  return INVITE_CODE_PATTERN.test(code) ? code : null;
}

/** Limits of the rewards admins configure and of credit adjustments. */
export const INVITATION_LIMITS = {
  rewardCreditMax: 1_000_000,
  rewardDaysMax: 365,
  adjustMax: 1_000_000,
  reasonMax: 200,
} as const;

/** Why a credit ledger entry was written. */
export const CREDIT_KINDS = ['opening', 'invitation-reward', 'invitation-reversal', 'adjustment'] as const;
export type CreditKind = (typeof CREDIT_KINDS)[number];
