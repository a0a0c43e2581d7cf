import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import type Provider from 'oidc-provider';
import {
  acceptedResponse,
  captchaResponse,
  confirmEmailRequest,
  confirmEmailResponse,
  forgotPasswordRequest,
  loginRequest,
  loginResponse,
  passwordResetRequest,
  registerRequest,
} from '#shared/schemas/auth.ts';
import { LOGIN_RESULT } from '#shared/trading.ts';
import type { DB } from '../../db/schema.ts';
import type { GeoIp } from '../../geoip/geoip.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { OIDC_LOGOUT_JS, OIDC_PAGES_CSS } from '../../oidc/pages.ts';
import { HttpProblem, requestLocale } from '../../plugins/errors.ts';
import { verifyPassword } from '../../security/passwords.ts';
import { confirmEmail, forgotPassword, register, resetPassword } from '../../services/account.ts';
import { audit } from '../../services/audit.ts';
import { consumeCaptcha, createCaptcha } from '../../services/captcha.ts';
import { clearFailures, clientKey, lockoutOf, recordFailure } from '../../services/login-throttle.ts';
import { recordSignIn } from '../../services/sign-ins.ts';
import { findUserByEmail, normalizeEmail } from '../../services/user-lookup.ts';

type PublicAuthOptions = {
  db: Kysely<DB>;
  mailer: Mailer;
  provider: Provider;
  /** The approximate region of a client address, for the sign-in history. */
  geoip: GeoIp;
  publicUrl: string;
  captchaTestCode: string | undefined;
  /** Requests per minute per client address for each sign-in call. */
  rateLimitPerMinute: number;
};

/** Sign-in, registration and password recovery: public, rate-limited, and silent about who has an account. */
export const publicAuthRoutes: FastifyPluginAsyncZod<PublicAuthOptions> = async (app, options) => {
  const { db, mailer, provider, publicUrl } = options;
  const limited = { rateLimit: { max: options.rateLimitPerMinute, timeWindow: '1 minute' } };
  const accountContext = (ip: string) => ({ db, mailer, publicUrl, ip });

  app.get(
    '/Auth/Captcha',
    {
      config: { rateLimit: { max: options.rateLimitPerMinute * 3, timeWindow: '1 minute' } },
      schema: { response: { 200: captchaResponse } },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return createCaptcha(db, options.captchaTestCode);
    },
  );

  app.post(
    '/Auth/PostLogin',
    { config: limited, schema: { body: loginRequest, response: { 200: loginResponse } } },
    async (request, reply) => {
      const body = request.body;
      // The sign-in must belong to a flow started by the web app (an OpenID Connect interaction).
      const interaction = await provider.interactionDetails(request.raw, reply.raw).catch(() => undefined);
      if (interaction?.prompt.name !== 'login') {
        throw new HttpProblem(409, 'The sign-in page has expired: start again.', {
          interaction: ['expired'],
        });
      }
      if (!(await consumeCaptcha(db, body.captchaId, body.captcha))) {
        throw new HttpProblem(400, 'captchaIncorrect', { captcha: ['captchaIncorrect'] });
      }
      const email = normalizeEmail(body.email);
      // Failures lock the account for the address they come from (request.ip: TRUST_PROXY decides whether
      // X-Forwarded-For is believed), and only many from anywhere lock it everywhere.
      const client = clientKey(request.ip);
      const lock = await lockoutOf(db, email, client);
      if (lock) {
        await audit(db, { action: 'login.locked', ip: request.ip, detail: { email, lock } });
        return { code: LOGIN_RESULT.locked };
      }
      const user = await findUserByEmail(db, email);
      // Unknown e-mails are verified against a dummy hash: the same time as a wrong password.
      const ok = await verifyPassword(user?.password_hash, body.password);
      if (!ok || !user) {
        const locked = await recordFailure(db, email, client);
        await audit(db, {
          action: locked ? 'login.lockout' : 'login.failed',
          targetType: user ? 'user' : undefined,
          targetId: user?.id,
          ip: request.ip,
          detail: locked ? { email, lock: locked } : { email },
        });
        return { code: locked ? LOGIN_RESULT.locked : LOGIN_RESULT.incorrectPassword };
      }
      if (user.email_confirmed_at === null) {
        throw new HttpProblem(403, 'emailNotConfirmed', { email: ['emailNotConfirmed'] });
      }
      await clearFailures(db, email, client);
      const redirectUrl = await provider.interactionResult(
        request.raw,
        reply.raw,
        { login: { accountId: user.id, remember: body.rememberMe } },
        { mergeWithLastSubmission: false },
      );
      // The audit row and the member's own sign-in history (security settings) land together.
      await db.transaction().execute(async (trx) => {
        await audit(trx, {
          action: 'login',
          actorId: user.id,
          targetType: 'user',
          targetId: user.id,
          ip: request.ip,
        });
        await recordSignIn(trx, {
          userId: user.id,
          method: 'password',
          ip: request.ip,
          region: options.geoip.regionOf(request.ip),
        });
      });
      return { code: LOGIN_RESULT.ok, redirectUrl };
    },
  );

  app.post(
    '/Auth/PostRegister',
    { config: limited, schema: { body: registerRequest, response: { 200: acceptedResponse } } },
    async (request) => {
      const { email, password, inviteCode } = request.body;
      await register(accountContext(request.ip), {
        email,
        password,
        locale: request.body.locale ?? requestLocale(request),
        inviteCode,
      });
      return { ok: true as const };
    },
  );

  app.post(
    '/Auth/ConfirmEmail',
    {
      config: limited,
      schema: {
        body: confirmEmailRequest,
        response: { 200: confirmEmailResponse },
      },
    },
    async (request) => {
      const outcome = await confirmEmail(accountContext(request.ip), request.body);
      if (outcome === 'invalid')
        throw new HttpProblem(400, 'confirmLinkInvalid', { code: ['confirmLinkInvalid'] });
      return { outcome };
    },
  );

  app.post(
    '/Auth/PostForgetPassword',
    { config: limited, schema: { body: forgotPasswordRequest, response: { 200: acceptedResponse } } },
    async (request) => {
      await forgotPassword(accountContext(request.ip), {
        email: request.body.email,
        locale: request.body.locale ?? requestLocale(request),
      });
      return { ok: true as const };
    },
  );

  app.post(
    '/Auth/PostPasswordReset',
    { config: limited, schema: { body: passwordResetRequest, response: { 200: acceptedResponse } } },
    async (request) => {
      const { userId, resetCode, password } = request.body;
      const hubEvents = await resetPassword(accountContext(request.ip), { userId, resetCode, password });
      if (!hubEvents) throw new HttpProblem(400, 'resetCodeInvalid', { resetCode: ['resetCodeInvalid'] });
      return { ok: true as const };
    },
  );

  // Assets of the provider's own sign-out page (served from our origin: the CSP allows no inline code).
  app.get('/Auth/oidc-pages.css', async (_request, reply) =>
    reply
      .type('text/css; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(OIDC_PAGES_CSS),
  );
  app.get('/Auth/oidc-logout.js', async (_request, reply) =>
    reply
      .type('text/javascript; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(OIDC_LOGOUT_JS),
  );
};
