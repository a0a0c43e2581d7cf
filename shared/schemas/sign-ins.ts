import { z } from 'zod';

// The security settings' sign-in history (GET /api/PersonalInfo/SignIns): the newest sign-ins of the
// caller, how each was made, from which address, and roughly where that address is.

/** How many sign-ins of a person are kept and shown. */
export const SIGN_IN_HISTORY_SIZE = 50;

/**
 * password: typed at the sign-in page; twoFactor: the password, then a code from the authenticator or a
 * recovery code; silent: a renewal the identity provider answered from its session.
 */
export const SIGN_IN_METHODS = ['password', 'twoFactor', 'silent'] as const;
export type SignInMethod = (typeof SIGN_IN_METHODS)[number];

export const signInRecord = z.object({
  id: z.number(),
  at: z.string(),
  ip: z.string().nullable(),
  /** The approximate region in each language, from the operator's GeoIP database; null when unknown. */
  region: z.object({ zh: z.string(), en: z.string() }).nullable(),
  method: z.enum(SIGN_IN_METHODS),
});
export type SignInRecord = z.infer<typeof signInRecord>;
export const signInList = z.array(signInRecord);
