import type { Kysely } from 'kysely';
import { TWO_FACTOR_STEP_UP_CODE } from '#shared/two-factor.ts';
import type { DB } from '../db/schema.ts';
import type { Principal } from '../policies/membership.ts';
import { isStepUpFresh } from '../services/two-factor.ts';
import { HttpProblem } from './errors.ts';

/**
 * Sensitive admin actions (the batch operation on every user, replacing a trader key or secret, deleting a
 * role tag, turning off someone's two-factor sign-in) want a code typed in this session within the last 10
 * minutes. Otherwise 403 with the `code` TWO_FACTOR_STEP_UP_CODE: the web app asks for a code
 * (POST /api/PersonalInfo/TwoFactor/Verify) and sends the action again.
 */
export async function assertFreshTwoFactor(db: Kysely<DB>, principal: Principal): Promise<void> {
  if (await isStepUpFresh(db, principal.userId, principal.sessionUid)) return;
  throw new HttpProblem(
    403,
    'twoFactorStepUpRequired',
    { twoFactor: ['twoFactorStepUpRequired'] },
    { code: TWO_FACTOR_STEP_UP_CODE },
  );
}
