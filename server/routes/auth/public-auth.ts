import type { FastifyReply, FastifyRequest } from 'fastify';
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
  loginTwoFactorRequest,
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
import { audit, clientOf } from '../../services/audit.ts';
import { consumeCaptcha, createCaptcha } from '../../services/captcha.ts';
import { clearFailures, clientKey, lockoutOf, recordFailure } from '../../services/login-throttle.ts';
import { recordSignIn } from '../../services/sign-ins.ts';
import {
  readChallenge,
  signChallenge,
  TWO_FACTOR_CHALLENGE_MS,
  type TwoFactorKeys,
  verifySignInCode,
} from '../../services/two-factor.ts';
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
  twoFactorKeys: TwoFactorKeys;
};

/** Sign-in, registration and password recovery: public, rate-limited, and silent about who has an account. */
export const publicAuthRoutes: FastifyPluginAsyncZod<PublicAuthOptions> = async (app, options) => {
  const { db, mailer, provider, publicUrl } = options;
  const limited = { rateLimit: { max: options.rateLimitPerMinute, timeWindow: '1 minute' } };
  const accountContext = (request: FastifyRequest) => ({ db, mailer, publicUrl, ...clientOf(request) });
  const expired = () =>
    new HttpProblem(409, 'The sign-in page has expired: start again.', { interaction: ['expired'] });

  /** The person is who they say: the interaction goes on, and the sign-in is recorded. */
  const finishSignIn = async (
    request: FastifyRequest,
    reply: FastifyReply,
    user: { id: string; locale: string | null },
    remember: boolean,
    twoFactor: 'totp' | 'recovery' | undefined,
  ) => {
    const redirectUrl = await provider.interactionResult(
      request.raw,
      reply.raw,
      // `amr` stays in the provider session: a sign-in that took a code counts as a fresh one for sensitive
      // admin actions during their 10 minutes.
      { login: { accountId: user.id, remember, amr: twoFactor ? ['pwd', 'otp'] : ['pwd'] } },
      { mergeWithLastSubmission: false },
    );
    // The audit row and the member's own sign-in history (security settings) land together, with the
    // language they signed in in (the web app's, which it sends with every call): the language of the
    // mail they get later (membership reminders). Registration stored the first one.
    const language = request.headers['accept-language'] ? requestLocale(request) : undefined;
    await db.transaction().execute(async (trx) => {
      if (language && language !== user.locale)
        await trx.updateTable('users').set({ locale: language }).where('id', '=', user.id).execute();
      await audit(trx, {
        action: 'login',
        actorId: user.id,
        targetType: 'user',
        targetId: user.id,
        ...clientOf(request),
        ...(twoFactor ? { detail: { twoFactor } } : {}),
      });
      await recordSignIn(trx, {
        userId: user.id,
        method: twoFactor ? 'twoFactor' : 'password',
        ip: request.ip,
        region: options.geoip.regionOf(request.ip),
      });
    });
    return { code: LOGIN_RESULT.ok, redirectUrl };
  };

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
      if (interaction?.prompt.name !== 'login') throw expired();
      if (!(await consumeCaptcha(db, body.captchaId, body.captcha))) {
        throw new HttpProblem(400, 'captchaIncorrect', { captcha: ['captchaIncorrect'] });
      }
      const email = normalizeEmail(body.email);
      // Failures lock the account for the address they come from (request.ip: TRUST_PROXY decides whether
      // X-Forwarded-For is believed), and only many from anywhere lock it everywhere.
      const client = clientKey(request.ip);
      const lock = await lockoutOf(db, email, client);
      if (lock) {
        await audit(db, { action: 'login.locked', ...clientOf(request), detail: { email, lock } });
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
          ...clientOf(request),
          detail: locked ? { email, lock: locked } : { email },
        });
        return { code: locked ? LOGIN_RESULT.locked : LOGIN_RESULT.incorrectPassword };
      }
      if (user.email_confirmed_at === null) {
        throw new HttpProblem(403, 'emailNotConfirmed', { email: ['emailNotConfirmed'] });
      }
      if (user.two_factor_enabled_at !== null && interaction) {
        // The password was right; the code decides. Failures are not cleared yet, so guessing codes
        // between right passwords still runs into the lockout.
        const twoFactorToken = signChallenge(options.twoFactorKeys, {
          uid: interaction.uid,
          userId: user.id,
          remember: body.rememberMe,
          exp: Date.now() + TWO_FACTOR_CHALLENGE_MS,
        });
        return { code: LOGIN_RESULT.ok, twoFactorRequired: true as const, twoFactorToken };
      }
      await clearFailures(db, email, client);
      return finishSignIn(request, reply, user, body.rememberMe, undefined);
    },
  );

  app.post(
    '/Auth/PostLoginTwoFactor',
    { config: limited, schema: { body: loginTwoFactorRequest, response: { 200: loginResponse } } },
    async (request, reply) => {
      const body = request.body;
      const interaction = await provider.interactionDetails(request.raw, reply.raw).catch(() => undefined);
      const challenge = readChallenge(options.twoFactorKeys, body.twoFactorToken);
      if (interaction?.prompt.name !== 'login' || !challenge || challenge.uid !== interaction.uid)
        throw expired();
      const user = await db
        .selectFrom('users')
        .select(['id', 'email_normalized', 'locale', 'two_factor_enabled_at'])
        .where('id', '=', challenge.userId)
        .executeTakeFirst();
      if (!user || user.two_factor_enabled_at === null) throw expired();
      const email = user.email_normalized;
      const client = clientKey(request.ip);
      const lock = await lockoutOf(db, email, client);
      if (lock) {
        await audit(db, { action: 'login.locked', ...clientOf(request), detail: { email, lock } });
        return { code: LOGIN_RESULT.locked };
      }
      const how = await verifySignInCode(db, options.twoFactorKeys, user.id, clientOf(request), body);
      if (!how) {
        // Wrong codes count towards the same lockout as wrong passwords.
        const locked = await recordFailure(db, email, client);
        if (locked)
          await audit(db, {
            action: 'login.lockout',
            targetType: 'user',
            targetId: user.id,
            ...clientOf(request),
            detail: { email, lock: locked },
          });
        return { code: locked ? LOGIN_RESULT.locked : LOGIN_RESULT.incorrectPassword };
      }
      await clearFailures(db, email, client);
      return finishSignIn(request, reply, user, challenge.remember, how);
    },
  );

  app.post(
    '/Auth/PostRegister',
    { config: limited, schema: { body: registerRequest, response: { 200: acceptedResponse } } },
    async (request) => {
      const { email, password, inviteCode } = request.body;
      await register(accountContext(request), {
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
      const outcome = await confirmEmail(accountContext(request), request.body);
      if (outcome === 'invalid')
        throw new HttpProblem(400, 'confirmLinkInvalid', { code: ['confirmLinkInvalid'] });
      return { outcome };
    },
  );

  app.post(
    '/Auth/PostForgetPassword',
    { config: limited, schema: { body: forgotPasswordRequest, response: { 200: acceptedResponse } } },
    async (request) => {
      await forgotPassword(accountContext(request), {
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
      const hubEvents = await resetPassword(accountContext(request), { userId, resetCode, password });
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
