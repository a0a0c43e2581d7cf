import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { twoFactorCodeRequest, twoFactorProofRequest } from '#shared/schemas/auth.ts';
import { okResponse } from '#shared/schemas/common.ts';
import { recoveryCodesResponse, twoFactorSetup, twoFactorStatus } from '#shared/schemas/personal.ts';
import type { DB } from '../../db/schema.ts';
import { actorOf, principalOf } from '../../plugins/authenticate.ts';
import { HttpProblem } from '../../plugins/errors.ts';
import { isoTimeOrNull } from '../../presenters/common.ts';
import { clearFailures, clientKey, lockoutOf, recordFailure } from '../../services/login-throttle.ts';
import {
  beginTwoFactor,
  disableOwnTwoFactor,
  enableTwoFactor,
  replaceOwnRecoveryCodes,
  type TwoFactorKeys,
  twoFactorState,
  verifyStepUp,
} from '../../services/two-factor.ts';
import { normalizeEmail } from '../../services/user-lookup.ts';

/**
 * The signed-in person's two-factor sign-in (security settings): its state, the set-up (a secret and its
 * QR code, confirmed by a first code, then ten recovery codes shown once), new recovery codes, turning it
 * off (not for administrators), and the fresh code sensitive admin actions ask for. Registered behind
 * authenticate; rate-limited like the other credential calls.
 */
export const twoFactorRoutes: FastifyPluginAsyncZod<{
  db: Kysely<DB>;
  keys: TwoFactorKeys;
  rateLimitPerMinute: number;
}> = async (app, { db, keys, rateLimitPerMinute }) => {
  const limited = { rateLimit: { max: rateLimitPerMinute, timeWindow: '1 minute' } };

  app.get(
    '/api/PersonalInfo/TwoFactor',
    { schema: { response: { 200: twoFactorStatus } } },
    async (request) => {
      const principal = principalOf(request);
      const state = await twoFactorState(db, principal.userId, principal.roles);
      return { ...state, enabledAt: isoTimeOrNull(state.enabledAt) };
    },
  );

  app.post(
    '/api/PersonalInfo/TwoFactor/Begin',
    { config: limited, schema: { response: { 200: twoFactorSetup } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const principal = principalOf(request);
      return beginTwoFactor(db, keys, { id: principal.userId, email: principal.email });
    },
  );

  app.post(
    '/api/PersonalInfo/TwoFactor/Enable',
    { config: limited, schema: { body: twoFactorCodeRequest, response: { 200: recoveryCodesResponse } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const principal = principalOf(request);
      const { recoveryCodes } = await enableTwoFactor(
        db,
        keys,
        { ...actorOf(request), sessionUid: principal.sessionUid },
        request.body.code,
      );
      return { recoveryCodes };
    },
  );

  app.post(
    '/api/PersonalInfo/TwoFactor/RecoveryCodes',
    { config: limited, schema: { body: twoFactorCodeRequest, response: { 200: recoveryCodesResponse } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return { recoveryCodes: await replaceOwnRecoveryCodes(db, keys, actorOf(request), request.body.code) };
    },
  );

  app.post(
    '/api/PersonalInfo/TwoFactor/Disable',
    { config: limited, schema: { body: twoFactorProofRequest, response: { 200: okResponse } } },
    async (request) => {
      const principal = principalOf(request);
      await disableOwnTwoFactor(db, keys, { ...actorOf(request), roles: principal.roles }, request.body);
      return { ok: true as const };
    },
  );

  // A fresh code for a sensitive action. Wrong codes count towards the sign-in lockout of the account, so a
  // stolen session cannot try codes without end; a locked account is told so.
  app.post(
    '/api/PersonalInfo/TwoFactor/Verify',
    { config: limited, schema: { body: twoFactorProofRequest, response: { 200: okResponse } } },
    async (request) => {
      const principal = principalOf(request);
      const email = normalizeEmail(principal.email);
      const client = clientKey(request.ip);
      if (await lockoutOf(db, email, client))
        throw new HttpProblem(429, 'accountLocked', { code: ['accountLocked'] });
      const ok = await verifyStepUp(
        db,
        keys,
        { ...actorOf(request), sessionUid: principal.sessionUid },
        request.body,
      );
      if (!ok) {
        const locked = await recordFailure(db, email, client);
        throw new HttpProblem(locked ? 429 : 400, locked ? 'accountLocked' : 'twoFactorCodeIncorrect', {
          code: [locked ? 'accountLocked' : 'twoFactorCodeIncorrect'],
        });
      }
      await clearFailures(db, email, client);
      return { ok: true as const };
    },
  );
};
