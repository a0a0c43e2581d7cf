import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { acceptedResponse, changeEmailRequest, changePasswordRequest } from '#shared/schemas/auth.ts';
import type { DB } from '../../db/schema.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { principalOf } from '../../plugins/authenticate.ts';
import { HttpProblem, requestLocale } from '../../plugins/errors.ts';
import { changePassword, requestEmailChange } from '../../services/account.ts';
import { clientOf } from '../../services/audit.ts';
import { endOtherSessions } from '../../services/sessions.ts';

/**
 * Credential changes of a signed-in user (the caller's own account only). Registered behind authenticate.
 * A change ends the account's other sessions (their tokens, refresh tokens and hub connections); the
 * session that made it stays signed in.
 */
export const accountAuthRoutes: FastifyPluginAsyncZod<{
  db: Kysely<DB>;
  mailer: Mailer;
  publicUrl: string;
  rateLimitPerMinute: number;
}> = async (app, options) => {
  const limited = { rateLimit: { max: options.rateLimitPerMinute, timeWindow: '1 minute' } };
  const context = (request: FastifyRequest) => ({
    db: options.db,
    mailer: options.mailer,
    publicUrl: options.publicUrl,
    ...clientOf(request),
  });

  app.post(
    '/Auth/PostChangePassword',
    { config: limited, schema: { body: changePasswordRequest, response: { 200: acceptedResponse } } },
    async (request) => {
      const principal = principalOf(request);
      const hubEvents = await changePassword(context(request), {
        userId: principal.userId,
        sessionUid: principal.sessionUid,
        currentPassword: request.body.currentPassword,
        password: request.body.password,
      });
      if (!hubEvents)
        throw new HttpProblem(400, 'currentPasswordIncorrect', {
          currentPassword: ['currentPasswordIncorrect'],
        });
      return { ok: true as const };
    },
  );

  app.post(
    '/Auth/PostChangeEmail',
    { config: limited, schema: { body: changeEmailRequest, response: { 200: acceptedResponse } } },
    async (request) => {
      const principal = principalOf(request);
      const outcome = await requestEmailChange(context(request), {
        userId: principal.userId,
        newEmail: request.body.newEmail,
        password: request.body.password,
        locale: request.body.locale ?? requestLocale(request),
      });
      if (outcome === 'wrong-password')
        throw new HttpProblem(400, 'currentPasswordIncorrect', { password: ['currentPasswordIncorrect'] });
      if (outcome === 'unchanged')
        throw new HttpProblem(400, 'emailUnchanged', { newEmail: ['emailUnchanged'] });
      // The password was just proven: the other sessions end now, when the change is asked for (the
      // confirmation link may be opened anywhere, signed in or not; see docs/decisions.md).
      await endOtherSessions(options.db, principal.userId, principal.sessionUid);
      return { ok: true as const };
    },
  );
};
