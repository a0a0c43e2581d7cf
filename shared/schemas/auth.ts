import { z } from 'zod';
import { CAPTCHA_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../constants.ts';
import { LOGIN_RESULT } from '../trading.ts';
import { okResponse } from './common.ts';

// Request and response shapes of the authentication calls (spec §7) with the rules of spec §5.
// Messages are keys of shared/messages.ts.

export const emailField = z
  .string({ message: 'emailRequired' })
  .trim()
  .min(1, { message: 'emailRequired', abort: true })
  .max(254, 'emailInvalid')
  .pipe(z.email('emailInvalid'));

export const newPasswordField = z
  .string({ message: 'passwordRequired' })
  .min(1, { message: 'passwordRequired', abort: true })
  .min(PASSWORD_MIN_LENGTH, 'passwordLength')
  .max(PASSWORD_MAX_LENGTH, 'passwordLength');

const confirmField = z
  .string({ message: 'confirmRequired' })
  .min(1, { message: 'confirmRequired', abort: true });

function passwordsMatch<T extends { password: string; confirm: string }>(value: T, ctx: z.RefinementCtx) {
  if (value.password !== value.confirm)
    ctx.addIssue({ code: 'custom', path: ['confirm'], message: 'passwordsMismatch' });
}

export const captchaResponse = z.object({
  captchaId: z.string(),
  /** SVG image, 6 characters, 60 px high. */
  image: z.string(),
  expiresInSeconds: z.number(),
});
export type CaptchaResponse = z.infer<typeof captchaResponse>;

export const loginRequest = z.object({
  email: emailField,
  password: z
    .string({ message: 'passwordRequired' })
    .min(1, { message: 'passwordRequired', abort: true })
    .max(200, 'passwordRequired'),
  captcha: z
    .string({ message: 'captchaRequired' })
    .trim()
    .min(1, { message: 'captchaRequired', abort: true })
    .length(CAPTCHA_LENGTH, 'captchaLength'),
  captchaId: z
    .string({ message: 'captchaRequired' })
    .min(1, { message: 'captchaRequired', abort: true })
    .max(100),
  rememberMe: z.boolean().default(false),
});
export type LoginRequest = z.input<typeof loginRequest>;

export const loginResponse = z.object({
  /** Spec §4: 0 ok, 1 locked, 2 incorrect password. */
  code: z.union([
    z.literal(LOGIN_RESULT.ok),
    z.literal(LOGIN_RESULT.locked),
    z.literal(LOGIN_RESULT.incorrectPassword),
  ]),
  /** On success inside a sign-in flow: where the browser continues. */
  redirectUrl: z.string().optional(),
  /**
   * The password was right and the account signs in with a second factor: no redirect yet; the sign-in
   * screen asks for a code and sends it with this token to /Auth/PostLoginTwoFactor (5 minutes).
   */
  twoFactorRequired: z.literal(true).optional(),
  twoFactorToken: z.string().optional(),
});
export type LoginResponse = z.infer<typeof loginResponse>;

/** A code of the authenticator app (6 digits; spaces ignored). */
export const totpCodeField = z
  .string({ message: 'twoFactorCodeRequired' })
  .transform((value) => value.replace(/\s/g, ''))
  .pipe(
    z
      .string()
      .min(1, { message: 'twoFactorCodeRequired', abort: true })
      .regex(/^\d{6}$/, 'twoFactorCodeFormat'),
  );

/** A recovery code as shown at set-up (`xxxxx-xxxxx`; case, spaces and the dash ignored). */
export const recoveryCodeField = z
  .string({ message: 'twoFactorCodeRequired' })
  .transform((value) => value.replace(/[\s-]/g, '').toLowerCase())
  .pipe(
    z
      .string()
      .min(1, { message: 'twoFactorCodeRequired', abort: true })
      .regex(/^[a-z0-9]{10}$/, 'recoveryCodeFormat'),
  );

const proofFields = { code: totpCodeField.optional(), recoveryCode: recoveryCodeField.optional() };
const oneProof = (value: { code?: string | undefined; recoveryCode?: string | undefined }) =>
  (value.code === undefined) !== (value.recoveryCode === undefined);
const oneProofIssue = { message: 'twoFactorCodeRequired', path: ['code'] };

/** The sign-in's second step: a code of the authenticator app, or one of the recovery codes. */
export const loginTwoFactorRequest = z
  .object({ twoFactorToken: z.string().min(1).max(2000), ...proofFields })
  .refine(oneProof, oneProofIssue);
export type LoginTwoFactorRequest = z.input<typeof loginTwoFactorRequest>;

export const registerRequest = z
  .object({
    email: emailField,
    password: newPasswordField,
    confirm: confirmField,
    agreeTerms: z.literal(true, { message: 'termsRequired' }),
    notRestrictedResident: z.literal(true, { message: 'regionRequired' }),
    locale: z.enum(['zh', 'en']).optional(),
    /** The code of the invitation link the person came with; an unknown one is ignored. */
    inviteCode: z.string().max(64, 'invalid').optional(),
  })
  .superRefine(passwordsMatch);
export type RegisterRequest = z.input<typeof registerRequest>;

export const forgotPasswordRequest = z.object({ email: emailField, locale: z.enum(['zh', 'en']).optional() });
export type ForgotPasswordRequest = z.input<typeof forgotPasswordRequest>;

export const passwordResetRequest = z
  .object({
    password: newPasswordField,
    confirm: confirmField,
    resetCode: z
      .string({ message: 'resetCodeRequired' })
      .trim()
      .min(1, { message: 'resetCodeRequired', abort: true })
      .max(200, 'resetCodeInvalid'),
    userId: z.string({ message: 'resetCodeInvalid' }).min(1, 'resetCodeInvalid').max(100, 'resetCodeInvalid'),
  })
  .superRefine(passwordsMatch);
export type PasswordResetRequest = z.input<typeof passwordResetRequest>;

export const confirmEmailRequest = z.object({
  userId: z.string().min(1, 'confirmLinkInvalid').max(100, 'confirmLinkInvalid'),
  code: z.string().min(1, 'confirmLinkInvalid').max(200, 'confirmLinkInvalid'),
});
export type ConfirmEmailRequest = z.input<typeof confirmEmailRequest>;
/** What a confirmation link did: confirmed the address, or confirmed a change of address. */
export const confirmEmailResponse = z.object({ outcome: z.enum(['confirmed', 'email-changed']) });

export const changePasswordRequest = z
  .object({
    currentPassword: z
      .string({ message: 'passwordRequired' })
      .min(1, { message: 'passwordRequired', abort: true })
      .max(200),
    password: newPasswordField,
    confirm: confirmField,
  })
  .superRefine(passwordsMatch);
export type ChangePasswordRequest = z.input<typeof changePasswordRequest>;

export const changeEmailRequest = z.object({
  newEmail: emailField,
  password: z
    .string({ message: 'passwordRequired' })
    .min(1, { message: 'passwordRequired', abort: true })
    .max(200),
  locale: z.enum(['zh', 'en']).optional(),
});
export type ChangeEmailRequest = z.input<typeof changeEmailRequest>;

/** Answer of calls whose outcome must not reveal whether an account exists. */
/** The answer of a call that was accepted (what follows, if anything, comes by mail). */
export const acceptedResponse = okResponse;

export const subscriberConfiguration = z.object({
  authority: z.string(),
  client_id: z.string(),
  redirect_uri: z.string(),
  silent_redirect_uri: z.string(),
  post_logout_redirect_uri: z.string(),
  response_type: z.literal('code'),
  scope: z.string(),
});
export type SubscriberConfiguration = z.infer<typeof subscriberConfiguration>;
export const clientIdParams = z.object({ clientId: z.string().max(100) });

/** A code, or a recovery code: turning two-factor sign-in off, or a fresh proof for a sensitive action. */
export const twoFactorProofRequest = z.object(proofFields).refine(oneProof, oneProofIssue);
export type TwoFactorProofRequest = z.input<typeof twoFactorProofRequest>;

/** A code of the authenticator app: confirming a set-up, replacing the recovery codes. */
export const twoFactorCodeRequest = z.object({ code: totpCodeField });
export type TwoFactorCodeRequest = z.input<typeof twoFactorCodeRequest>;

/** A recovery code alone (the sign-in screen's check of that field). */
export const twoFactorRecoveryRequest = z.object({ recoveryCode: recoveryCodeField });
