import { z } from 'zod';

export const GENDERS = ['male', 'female', 'undisclosed'] as const;

export const userVo = z.object({
  /** Avatar URL; the default image when the user has none. */
  pic: z.string(),
});
export type UserVo = z.infer<typeof userVo>;

/** The signed-in user's profile (spec §2 profile view). */
export const personalInfo = z.object({
  uid: z.string(),
  email: z.string(),
  userName: z.string(),
  nickName: z.string().nullable(),
  pic: z.string(),
  gender: z.enum(GENDERS).nullable(),
  phone: z.string().nullable(),
  points: z.number(),
  memberCredit: z.number(),
  roles: z.array(z.string()),
  /** Highest role label: Admin, PremiumUser, StandardUser, another tag, or null for non-members. */
  membershipLevel: z.string().nullable(),
  isMember: z.boolean(),
  memberExpiryDate: z.string().nullable(),
  /** Whole days until the membership expires (negative once expired); null without an expiry date. */
  memberDaysRemaining: z.number().nullable(),
  emailConfirmed: z.boolean(),
  pendingEmail: z.string().nullable(),
  /** Signs in with a second factor (administrators must before the back office opens). */
  twoFactorEnabled: z.boolean(),
  createdAt: z.string(),
});
export type PersonalInfo = z.infer<typeof personalInfo>;

export const updatePersonalInfoRequest = z.object({
  nickName: z.string().trim().max(30, 'nicknameTooLong').nullable().optional(),
  gender: z.enum(GENDERS, { message: 'genderInvalid' }).nullable().optional(),
  phone: z
    .string()
    .trim()
    .regex(/^\+?[0-9][0-9 -]{4,19}$/, 'phoneInvalid')
    .nullable()
    .optional()
    .or(z.literal('').transform(() => null)),
});
export type UpdatePersonalInfoRequest = z.input<typeof updatePersonalInfoRequest>;

export const sessionInfo = z.object({
  id: z.string(),
  current: z.boolean(),
  signedInAt: z.string(),
  expiresAt: z.string(),
  userAgent: z.string().nullable(),
  ip: z.string().nullable(),
});
export const sessionList = z.array(sessionInfo);
export type SessionInfo = z.infer<typeof sessionInfo>;
export const endSessionsResponse = z.object({ ended: z.number() });

/** Two-factor sign-in of the signed-in person (security settings). */
export const twoFactorStatus = z.object({
  enabled: z.boolean(),
  enabledAt: z.string().nullable(),
  /** Required of this account (it holds the Admin tag): it cannot be turned off. */
  required: z.boolean(),
  /** A set-up was begun and waits for its first code. */
  pending: z.boolean(),
  recoveryCodesLeft: z.number(),
});
export type TwoFactorStatus = z.infer<typeof twoFactorStatus>;

/** A set-up begun: the secret to enter by hand and the otpauth:// address its QR code shows. */
export const twoFactorSetup = z.object({ secret: z.string(), otpauthUri: z.string() });
export type TwoFactorSetup = z.infer<typeof twoFactorSetup>;

/** Recovery codes, shown once (at set-up and when replaced). */
export const recoveryCodesResponse = z.object({ recoveryCodes: z.array(z.string()) });
export type RecoveryCodesResponse = z.infer<typeof recoveryCodesResponse>;
