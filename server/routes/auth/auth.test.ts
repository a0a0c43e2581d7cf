import { randomInt } from 'node:crypto';
import net from 'node:net';
import { importJWK, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSigningKey } from '../../oidc/keys.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { TEST_DIALECTS } from '../../test/databases.ts';
import { createUser, linkIn, outboxRowsTo, TEST_PASSWORD } from '../../test/factories.ts';
import { untilTime } from '../../test/hub-client.ts';
import {
  Browser,
  exchangeCode,
  followToCallback,
  postLogin,
  signIn,
  startSignIn,
} from '../../test/sign-in.ts';

describe.each(TEST_DIALECTS)('identity on %s', (dialect) => {
  let t: TestApp;
  const db = () => t.testDb.database.db;
  const countUsers = async () =>
    Number(
      (
        await db()
          .selectFrom('users')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const auditActions = async () =>
    (await db().selectFrom('audit_log').select('action').execute()).map((r) => r.action);

  // What the app logs at warn and above (nothing is printed).
  const warnings: string[] = [];

  beforeAll(async () => {
    t = await buildTestApp(dialect, {
      logger: { level: 'warn', stream: { write: (line: string) => void warnings.push(line) } },
    });
  });
  afterAll(async () => {
    await t.close();
  });

  describe('client configuration and captcha', () => {
    it('describes the web client and refuses other client ids', async () => {
      const res = await t.app.inject({ url: '/_configuration/SubscriberSys' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        authority: 'http://localhost:3000/oidc',
        client_id: 'SubscriberSys',
        redirect_uri: 'http://localhost:3000/authentication/login-callback',
        silent_redirect_uri: 'http://localhost:3000/authentication/silent-callback',
        post_logout_redirect_uri: 'http://localhost:3000/authentication/logout-callback',
        response_type: 'code',
        scope: 'openid profile email offline_access api',
      });
      expect((await t.app.inject({ url: '/_configuration/Other' })).statusCode).toBe(404);
    });

    it('draws a 60 px high SVG captcha and never caches it', async () => {
      const res = await t.app.inject({ url: '/Auth/Captcha' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      const body = res.json();
      expect(body.image).toMatch(/^<svg[^>]* height="60"/);
      expect(body.captchaId).toMatch(/^[0-9a-f-]{36}$/);
      const stored = await db()
        .selectFrom('captchas')
        .selectAll()
        .where('id', '=', body.captchaId)
        .executeTakeFirstOrThrow();
      expect(stored.answer_hash).not.toContain('T3STOK');
    });
  });

  describe('sign-in', () => {
    it('signs a member in through the provider and issues an API token with roles and a refresh token', async () => {
      const user = await createUser(db(), { roles: ['PremiumUser'], memberDays: 10 });
      const { tokens, auth } = await signIn(t.app, user.email, user.password);
      const claims = JSON.parse(Buffer.from(tokens.access_token.split('.')[1]!, 'base64url').toString());
      expect(claims).toMatchObject({
        sub: user.id,
        aud: 'http://localhost:3000/api',
        roles: ['PremiumUser'],
      });
      expect(claims.exp - claims.iat).toBe(300);
      expect(tokens.refresh_token).toBeTruthy();
      const me = await t.app.inject({ url: '/api/PersonalInfo/GetPersonalInfo', headers: auth });
      expect(me.json()).toMatchObject({
        email: user.email,
        isMember: true,
        membershipLevel: 'PremiumUser',
        memberDaysRemaining: 10,
      });
      expect(await auditActions()).toContain('login');
    });

    it('refuses a wrong, reused or expired captcha without counting a password failure', async () => {
      const user = await createUser(db());
      const browser = new Browser(t.app);
      await startSignIn(browser);
      const wrong = await postLogin(browser, user.email, user.password, { captcha: 'ZZZZZZ' });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().errors).toEqual({ captcha: ['图形验证码错误或已过期，请重新输入'] });

      const captchaId = (await browser.request({ url: '/Auth/Captcha' })).json().captchaId;
      expect((await postLogin(browser, user.email, 'wrong-password', { captchaId })).json().code).toBe(2);
      const reused = await postLogin(browser, user.email, user.password, { captchaId });
      expect(reused.statusCode).toBe(400);

      const expiredId = (await browser.request({ url: '/Auth/Captcha' })).json().captchaId;
      await db()
        .updateTable('captchas')
        .set({ expires_at: Date.now() - 1 })
        .where('id', '=', expiredId)
        .execute();
      const expired = await postLogin(browser, user.email, user.password, {
        captchaId: expiredId,
        rememberMe: true,
      });
      expect(expired.statusCode).toBe(400);
      expect(expired.headers['content-type']).toContain('application/problem+json');
      const throttle = await db()
        .selectFrom('login_throttle')
        .selectAll()
        .where('email_normalized', '=', user.email)
        .executeTakeFirst();
      expect(throttle?.failed_count).toBe(1);
    });

    it('answers the captcha error in English for an English request', async () => {
      const browser = new Browser(t.app);
      await startSignIn(browser);
      const res = await postLogin(browser, 'a@example.com', 'x', { captcha: 'ZZZZZZ' });
      expect(res.statusCode).toBe(400);
      const en = await browser.request({
        method: 'POST',
        url: '/Auth/PostLogin',
        headers: { 'accept-language': 'en-US,en;q=0.9' },
        payload: { email: 'not-an-email', password: '', captcha: '', captchaId: 'x' },
      });
      expect(en.statusCode).toBe(400);
      expect(en.json().errors).toMatchObject({
        email: ['Please enter a valid e-mail address'],
        password: ['Please enter your password'],
        captcha: ['Please enter the graphic captcha'],
      });
    });

    it('locks after 5 wrong passwords (code 1), refuses the right one until the lock ends, then lets in', async () => {
      const user = await createUser(db(), { roles: ['StandardUser'], memberDays: 5 });
      const browser = new Browser(t.app);
      const { verifier } = await startSignIn(browser);
      const codes = [];
      for (let i = 0; i < 5; i++)
        codes.push((await postLogin(browser, user.email, 'wrong-password')).json().code);
      expect(codes).toEqual([2, 2, 2, 2, 1]);
      expect((await postLogin(browser, user.email, user.password)).json()).toEqual({ code: 1 });
      expect(await auditActions()).toEqual(
        expect.arrayContaining(['login.failed', 'login.lockout', 'login.locked']),
      );

      await db()
        .updateTable('login_throttle')
        .set({ lockout_end: Date.now() - 1 })
        .where('email_normalized', '=', user.email)
        .execute();
      const ok = await postLogin(browser, user.email, user.password);
      expect(ok.json().code).toBe(0);
      const code = await followToCallback(browser, ok.json().redirectUrl);
      expect((await exchangeCode(browser, code, verifier)).access_token).toBeTruthy();
    });

    it('locks unknown e-mails the same way, so a lockout reveals nothing', async () => {
      const browser = new Browser(t.app);
      await startSignIn(browser);
      const codes = [];
      for (let i = 0; i < 6; i++)
        codes.push((await postLogin(browser, 'nobody-here@example.com', 'whatever1')).json().code);
      expect(codes).toEqual([2, 2, 2, 2, 1, 1]);
    });

    it('spends about as much work on an unknown e-mail as on a wrong password', async () => {
      // Three accounts, three wrong passwords each: under the lockout of five, and nine tries of each kind.
      const users = await Promise.all([createUser(db()), createUser(db()), createUser(db())]);
      const browser = new Browser(t.app);
      await startSignIn(browser);
      // The CPU time the test process spends on each attempt (argon2 runs on its threads), not the wall time:
      // a busy machine stretches the wall time of one attempt and not the other, never the work done. Other
      // files' work in this process adds to some samples; medians of nine set it aside.
      const time = async (email: string) => {
        const started = process.cpuUsage();
        await postLogin(browser, email, 'wrong-password-x');
        const spent = process.cpuUsage(started);
        return spent.user + spent.system;
      };
      await time('warm-up@example.com');
      // Interleaved and compared by median.
      const known: number[] = [];
      const unknown: number[] = [];
      for (let i = 0; i < 3; i++) {
        for (const user of users) {
          known.push(await time(user.email));
          unknown.push(await time(`nobody-${i}-${user.id}@example.com`));
        }
      }
      const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
      // Both verify an argon2id hash (a ratio about 1); without the dummy hash the unknown case would cost
      // about a tenth.
      expect(median(unknown) / median(known)).toBeGreaterThan(0.4);
    });

    it('refuses an unconfirmed e-mail with a clear message', async () => {
      const user = await createUser(db(), { confirmed: false });
      const browser = new Browser(t.app);
      await startSignIn(browser);
      const res = await postLogin(browser, user.email, user.password);
      expect(res.statusCode).toBe(403);
      expect(res.json().errors.email).toEqual(['邮箱尚未确认，请先点击确认邮件中的链接']);
    });

    it('answers 409 when the sign-in is not part of a flow (expired page)', async () => {
      const user = await createUser(db());
      const res = await postLogin(new Browser(t.app), user.email, user.password);
      expect(res.statusCode).toBe(409);
    });

    it('sends a redirect to an unregistered address to the login-failed page instead', async () => {
      const browser = new Browser(t.app);
      const res = await browser.request({
        url: '/oidc/auth?client_id=SubscriberSys&response_type=code&scope=openid&redirect_uri=https%3A%2F%2Fevil.example%2Fcb&code_challenge=abcdefghijklmnopqrstuvwxyzabcdefghijklmnopqr&code_challenge_method=S256',
      });
      expect(res.statusCode).toBe(302);
      expect(String(res.headers.location)).toMatch(/^\/authentication\/login-failed\?message=/);
    });
  });

  describe('registration and confirmation', () => {
    const valid = {
      email: 'new.member@example.com',
      password: 'Str0ng-pass',
      confirm: 'Str0ng-pass',
      agreeTerms: true,
      notRestrictedResident: true,
    };

    it.each([
      ['a short password', { password: 'short', confirm: 'short' }, 'password', '密码长度须为8-30个字符'],
      [
        'a long password',
        { password: 'x'.repeat(31), confirm: 'x'.repeat(31) },
        'password',
        '密码长度须为8-30个字符',
      ],
      ['a confirm mismatch', { confirm: 'Str0ng-pass!' }, 'confirm', '两次输入的密码不一致'],
      ['an invalid e-mail', { email: 'not-an-email' }, 'email', '请输入有效的邮箱地址'],
      ['unchecked terms', { agreeTerms: false }, 'agreeTerms', '请阅读并同意用户协议'],
      [
        'an unchecked region statement',
        { notRestrictedResident: false },
        'notRestrictedResident',
        '您必须确认自己不是受限地区的居民',
      ],
    ])('refuses %s and stores nothing', async (_name, change, field, message) => {
      const before = await countUsers();
      const res = await t.app.inject({
        method: 'POST',
        url: '/Auth/PostRegister',
        payload: { ...valid, ...change },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors[field]).toEqual([message]);
      expect(await countUsers()).toBe(before);
    });

    it('registers, mails a confirmation link, confirms once, then signs in', async () => {
      const res = await t.app.inject({ method: 'POST', url: '/Auth/PostRegister', payload: valid });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ ok: true });
      const mail = await t.mail.mailTo(valid.email);
      expect(mail.subject).toContain('请确认您的邮箱');
      const link = linkIn(mail.text);
      expect(link.pathname).toBe('/authentication/confirm-email');
      const payload = { userId: link.searchParams.get('userId'), code: link.searchParams.get('code') };

      const browser = new Browser(t.app);
      await startSignIn(browser);
      expect((await postLogin(browser, valid.email, valid.password)).statusCode).toBe(403);

      const confirmed = await t.app.inject({ method: 'POST', url: '/Auth/ConfirmEmail', payload });
      expect(confirmed.json()).toEqual({ outcome: 'confirmed' });
      expect((await t.app.inject({ method: 'POST', url: '/Auth/ConfirmEmail', payload })).statusCode).toBe(
        400,
      );
      const { auth } = await signIn(t.app, valid.email, valid.password);
      const me = (await t.app.inject({ url: '/api/PersonalInfo/GetPersonalInfo', headers: auth })).json();
      expect(me).toMatchObject({ emailConfirmed: true, isMember: false, roles: [], membershipLevel: null });
      expect(await auditActions()).toEqual(expect.arrayContaining(['register', 'email.confirmed']));
    });

    it('answers the same for an e-mail that is already registered, and creates nothing', async () => {
      const user = await createUser(db());
      const before = await countUsers();
      const res = await t.app.inject({
        method: 'POST',
        url: '/Auth/PostRegister',
        payload: { ...valid, email: user.email.toUpperCase() },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ ok: true });
      expect(await countUsers()).toBe(before);
    });

    it('refuses oversized bodies with 413', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/Auth/PostRegister',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ ...valid, pad: 'x'.repeat(1_100_000) }),
      });
      expect(res.statusCode).toBe(413);
    });
  });

  describe('forgotten password', () => {
    it('answers the same for unknown e-mails and sends nothing', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/Auth/PostForgetPassword',
        payload: { email: 'ghost@example.com' },
      });
      expect(res.json()).toEqual({ ok: true });
      expect(await outboxRowsTo(db(), 'ghost@example.com')).toEqual([]);
    });

    it('resets with the mailed code once, signs the user out everywhere, and refuses reuse or another user', async () => {
      const user = await createUser(db(), { roles: ['StandardUser'], memberDays: 3 });
      const other = await createUser(db());
      const before = await signIn(t.app, user.email, user.password);
      expect((await t.app.inject({ url: '/api/PersonalInfo/UserVo', headers: before.auth })).statusCode).toBe(
        200,
      );

      await t.app.inject({ method: 'POST', url: '/Auth/PostForgetPassword', payload: { email: user.email } });
      const link = linkIn((await t.mail.mailTo(user.email)).text);
      expect(link.pathname).toBe('/authentication/forgotpassword');
      const resetCode = link.searchParams.get('code')!;
      expect(link.searchParams.get('userId')).toBe(user.id);

      const forOther = await t.app.inject({
        method: 'POST',
        url: '/Auth/PostPasswordReset',
        payload: { password: 'N3w-password', confirm: 'N3w-password', resetCode, userId: other.id },
      });
      expect(forOther.statusCode).toBe(400);
      const mismatch = await t.app.inject({
        method: 'POST',
        url: '/Auth/PostPasswordReset',
        payload: { password: 'N3w-password', confirm: 'N3w-passwordX', resetCode, userId: user.id },
      });
      expect(mismatch.json().errors.confirm).toEqual(['两次输入的密码不一致']);

      const reset = await t.app.inject({
        method: 'POST',
        url: '/Auth/PostPasswordReset',
        payload: { password: 'N3w-password', confirm: 'N3w-password', resetCode, userId: user.id },
      });
      expect(reset.json()).toEqual({ ok: true });
      const reused = await t.app.inject({
        method: 'POST',
        url: '/Auth/PostPasswordReset',
        payload: { password: 'An0ther-pass', confirm: 'An0ther-pass', resetCode, userId: user.id },
      });
      expect(reused.statusCode).toBe(400);
      expect(reused.json().errors.resetCode).toEqual(['重置码无效或已过期，请重新申请']);

      // The earlier session is gone: its access token no longer works.
      expect((await t.app.inject({ url: '/api/PersonalInfo/UserVo', headers: before.auth })).statusCode).toBe(
        401,
      );
      const browser = new Browser(t.app);
      await startSignIn(browser);
      expect((await postLogin(browser, user.email, user.password)).json().code).toBe(2);
      await signIn(t.app, user.email, 'N3w-password');
      expect(await auditActions()).toContain('password.reset');
    });

    it('refuses an expired reset code', async () => {
      const user = await createUser(db());
      await t.app.inject({ method: 'POST', url: '/Auth/PostForgetPassword', payload: { email: user.email } });
      const resetCode = linkIn((await t.mail.mailTo(user.email)).text).searchParams.get('code')!;
      await db()
        .updateTable('user_tokens')
        .set({ expires_at: Date.now() - 1 })
        .where('user_id', '=', user.id)
        .execute();
      const res = await t.app.inject({
        method: 'POST',
        url: '/Auth/PostPasswordReset',
        payload: { password: 'N3w-password', confirm: 'N3w-password', resetCode, userId: user.id },
      });
      expect(res.statusCode).toBe(400);
    });
  });

  describe('access tokens', () => {
    async function forge(claims: Record<string, unknown>, options: { exp?: number; aud?: string } = {}) {
      const jwk = await loadSigningKey(db(), t.config.appSecret);
      const key = await importJWK(jwk, 'RS256');
      return new SignJWT(claims)
        .setProtectedHeader({ alg: 'RS256', typ: 'at+jwt', kid: jwk.kid })
        .setIssuer('http://localhost:3000/oidc')
        .setAudience(options.aud ?? 'http://localhost:3000/api')
        .setIssuedAt()
        .setExpirationTime(options.exp ?? Math.floor(Date.now() / 1000) + 60)
        .sign(key);
    }

    it('answers 401 with WWW-Authenticate without a token', async () => {
      const res = await t.app.inject({ url: '/api/PersonalInfo/UserVo' });
      expect(res.statusCode).toBe(401);
      expect(res.headers['www-authenticate']).toContain('Bearer');
      expect(res.json()).toMatchObject({ status: 401, errors: {} });
    });

    it('refuses tampered, expired and wrong-audience tokens', async () => {
      const user = await createUser(db());
      const { tokens } = await signIn(t.app, user.email, user.password);
      const [h, p, s] = tokens.access_token.split('.');
      const payload = JSON.parse(Buffer.from(p!, 'base64url').toString());
      const tampered = `${h}.${Buffer.from(JSON.stringify({ ...payload, roles: ['Admin'] })).toString('base64url')}.${s}`;
      const expired = await forge({ sub: user.id }, { exp: Math.floor(Date.now() / 1000) - 10 });
      const foreign = await forge({ sub: user.id }, { aud: 'https://other.example/api' });
      for (const token of [tampered, expired, foreign, 'not.a.token']) {
        const res = await t.app.inject({
          url: '/api/PersonalInfo/UserVo',
          headers: { authorization: `Bearer ${token}` },
        });
        expect(res.statusCode).toBe(401);
        expect(res.headers['www-authenticate']).toContain('error="invalid_token"');
      }
    });

    it('refuses a token once it expires, though it was accepted before', async () => {
      const user = await createUser(db());
      // `exp` is in whole seconds: the token lasts from one to two seconds, time enough for the first call,
      // and is refused from the moment `exp` names (the verifier compares it with the clock).
      const exp = Math.floor(Date.now() / 1000) + 2;
      const token = await forge({ sub: user.id }, { exp });
      const call = () =>
        t.app.inject({ url: '/api/PersonalInfo/UserVo', headers: { authorization: `Bearer ${token}` } });
      expect((await call()).statusCode).toBe(200);
      await untilTime(exp * 1000);
      const late = await call();
      expect(late.statusCode).toBe(401);
      expect(late.headers['www-authenticate']).toContain('error="invalid_token"');
    });

    it('renews with a rotating refresh token; the old one is refused', async () => {
      const user = await createUser(db());
      const { browser, tokens } = await signIn(t.app, user.email, user.password);
      const refresh = (token: string) =>
        browser.request({
          method: 'POST',
          url: '/oidc/token',
          form: { grant_type: 'refresh_token', refresh_token: token, client_id: 'SubscriberSys' },
        });
      const first = await refresh(tokens.refresh_token!);
      expect(first.statusCode).toBe(200);
      expect(first.json().refresh_token).not.toBe(tokens.refresh_token);
      expect((await refresh(tokens.refresh_token!)).json().error).toBe('invalid_grant');
      // The refusal is logged with its reason, and without the token.
      const refused = warnings
        .map((line) => JSON.parse(line))
        .filter((l) => l.msg === 'token request refused');
      expect(refused.at(-1)).toMatchObject({
        grantType: 'refresh_token',
        code: 'invalid_grant',
        detail: 'refresh token already used',
      });
      expect(warnings.join('\n')).not.toContain(tokens.refresh_token!);
    });
  });

  describe('membership guard', () => {
    beforeAll(() => {
      // A member-only route, registered the way feature routes are, to prove the guard through HTTP.
    });

    it('lets members through and refuses non-members and expired members with 403', async () => {
      const app = await buildTestApp(dialect);
      try {
        app.app.register(async (scope) => {
          scope.addHook('onRequest', scope.authenticate);
          scope.get('/api/test/members-only', { preHandler: scope.requireMember }, async () => ({
            ok: true,
          }));
        });
        const member = await createUser(app.testDb.database.db, { roles: ['StandardUser'], memberDays: 1 });
        const admin = await createUser(app.testDb.database.db, { roles: ['Admin'] });
        const nonMember = await createUser(app.testDb.database.db);
        const expired = await createUser(app.testDb.database.db, { roles: ['PremiumUser'], memberDays: -1 });
        const status = async (u: { email: string; password: string }) => {
          const { auth } = await signIn(app.app, u.email, u.password);
          return (await app.app.inject({ url: '/api/test/members-only', headers: auth })).statusCode;
        };
        expect(await status(member)).toBe(200);
        expect(await status(admin)).toBe(200);
        expect(await status(nonMember)).toBe(403);
        expect(await status(expired)).toBe(403);
      } finally {
        await app.close();
      }
    });
  });

  describe('signed-in account changes', () => {
    it('changes the password only with the current one', async () => {
      const user = await createUser(db());
      const { auth } = await signIn(t.app, user.email, user.password);
      const wrong = await t.app.inject({
        method: 'POST',
        url: '/Auth/PostChangePassword',
        headers: auth,
        payload: { currentPassword: 'nope-nope', password: 'Fresh-pass1', confirm: 'Fresh-pass1' },
      });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().errors.currentPassword).toEqual(['当前密码错误']);
      const ok = await t.app.inject({
        method: 'POST',
        url: '/Auth/PostChangePassword',
        headers: auth,
        payload: { currentPassword: TEST_PASSWORD, password: 'Fresh-pass1', confirm: 'Fresh-pass1' },
      });
      expect(ok.statusCode).toBe(200);
      await signIn(t.app, user.email, 'Fresh-pass1');
      expect(await auditActions()).toEqual(
        expect.arrayContaining(['password.change.refused', 'password.changed']),
      );
    });

    it('changes the e-mail only after the new address confirms', async () => {
      const user = await createUser(db());
      const { auth } = await signIn(t.app, user.email, user.password);
      const newEmail = `moved-${user.id.slice(0, 6)}@example.com`;
      const wrong = await t.app.inject({
        method: 'POST',
        url: '/Auth/PostChangeEmail',
        headers: auth,
        payload: { newEmail, password: 'bad-password' },
      });
      expect(wrong.statusCode).toBe(400);
      const res = await t.app.inject({
        method: 'POST',
        url: '/Auth/PostChangeEmail',
        headers: auth,
        payload: { newEmail, password: TEST_PASSWORD },
      });
      expect(res.statusCode).toBe(200);
      let me = (await t.app.inject({ url: '/api/PersonalInfo/GetPersonalInfo', headers: auth })).json();
      expect(me).toMatchObject({ email: user.email, pendingEmail: newEmail });
      const link = linkIn((await t.mail.mailTo(newEmail)).text);
      const confirmed = await t.app.inject({
        method: 'POST',
        url: '/Auth/ConfirmEmail',
        payload: { userId: link.searchParams.get('userId'), code: link.searchParams.get('code') },
      });
      expect(confirmed.json()).toEqual({ outcome: 'email-changed' });
      me = (await t.app.inject({ url: '/api/PersonalInfo/GetPersonalInfo', headers: auth })).json();
      expect(me).toMatchObject({ email: newEmail, pendingEmail: null });
      await signIn(t.app, newEmail, TEST_PASSWORD);
    });

    it('edits the profile and validates it', async () => {
      const user = await createUser(db());
      const { auth } = await signIn(t.app, user.email, user.password);
      const bad = await t.app.inject({
        method: 'POST',
        url: '/api/PersonalInfo/UpdatePersonalInfo',
        headers: auth,
        payload: { nickName: 'x'.repeat(31), phone: 'call me', gender: 'robot' },
      });
      expect(bad.statusCode).toBe(400);
      expect(Object.keys(bad.json().errors).sort()).toEqual(['gender', 'nickName', 'phone']);
      const ok = await t.app.inject({
        method: 'POST',
        url: '/api/PersonalInfo/UpdatePersonalInfo',
        headers: auth,
        payload: { nickName: '小明', phone: '+86 138 0000 0000', gender: 'male' },
      });
      expect(ok.statusCode).toBe(200);
      const me = (await t.app.inject({ url: '/api/PersonalInfo/GetPersonalInfo', headers: auth })).json();
      expect(me).toMatchObject({ nickName: '小明', phone: '+86 138 0000 0000', gender: 'male' });
    });

    it('lists sessions and ends the others, whose tokens stop working at once', async () => {
      const user = await createUser(db());
      const first = await signIn(t.app, user.email, user.password);
      const second = await signIn(t.app, user.email, user.password);
      const sessions = (
        await t.app.inject({ url: '/api/PersonalInfo/Sessions', headers: second.auth })
      ).json();
      expect(sessions).toHaveLength(2);
      expect(sessions.filter((s: { current: boolean }) => s.current)).toHaveLength(1);
      const ended = await t.app.inject({
        method: 'POST',
        url: '/api/PersonalInfo/EndOtherSessions',
        headers: second.auth,
      });
      expect(ended.json()).toEqual({ ended: 1 });
      expect((await t.app.inject({ url: '/api/PersonalInfo/UserVo', headers: first.auth })).statusCode).toBe(
        401,
      );
      expect((await t.app.inject({ url: '/api/PersonalInfo/UserVo', headers: second.auth })).statusCode).toBe(
        200,
      );
    });
  });
});

describe('rate limits', () => {
  it('answers 429 problem details past the limit of the sign-in calls', async () => {
    const t = await buildTestApp('sqlite', { authRateLimitPerMinute: 3 });
    try {
      const statuses = [];
      for (let i = 0; i < 4; i++) {
        statuses.push(
          (
            await t.app.inject({
              method: 'POST',
              url: '/Auth/PostForgetPassword',
              payload: { email: 'a@example.com' },
            })
          ).statusCode,
        );
      }
      expect(statuses).toEqual([200, 200, 200, 429]);
      const limited = await t.app.inject({
        method: 'POST',
        url: '/Auth/PostForgetPassword',
        payload: { email: 'a@example.com' },
        headers: { 'accept-language': 'en' },
      });
      expect(limited.json()).toMatchObject({
        status: 429,
        detail: 'Too many requests: please try again later',
      });
    } finally {
      await t.close();
    }
  });
});

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const redisAnswers = await new Promise<boolean>((resolve) => {
  const url = new URL(REDIS_URL);
  const socket = net.connect(Number(url.port || 6379), url.hostname);
  socket.once('connect', () => {
    socket.end();
    resolve(true);
  });
  socket.once('error', () => resolve(false));
  socket.setTimeout(2000, () => {
    socket.destroy();
    resolve(false);
  });
});

describe.runIf(redisAnswers)('rate limits with REDIS_URL', () => {
  it('are counted across processes', async () => {
    const env = { REDIS_URL };
    const a = await buildTestApp('sqlite', { env, authRateLimitPerMinute: 3 });
    const b = await buildTestApp('sqlite', { env, authRateLimitPerMinute: 3 });
    // A caller address of its own, so that other runs sharing this Redis do not count.
    const remoteAddress = `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
    try {
      const statuses = [];
      for (const t of [a, b, a, b]) {
        statuses.push(
          (
            await t.app.inject({
              method: 'POST',
              url: '/Auth/PostForgetPassword',
              payload: { email: 'a@example.com' },
              remoteAddress,
            })
          ).statusCode,
        );
      }
      expect(statuses).toEqual([200, 200, 200, 429]);
    } finally {
      await a.close();
      await b.close();
    }
  });
});

describe('sign-out at the provider', () => {
  it('signs out at once with a valid id_token_hint and asks first without one', async () => {
    const t = await buildTestApp('sqlite');
    try {
      const user = await createUser(t.testDb.database.db);
      const { browser, tokens, auth } = await signIn(t.app, user.email, user.password);
      const ask = await browser.request({ url: '/oidc/session/end' });
      expect(ask.statusCode).toBe(200);
      expect(ask.body).toContain('确定要退出登录吗');
      expect(ask.body).not.toContain('/Auth/oidc-logout.js');
      expect(ask.headers['content-security-policy']).toContain("script-src 'self'");

      const params = new URLSearchParams({
        id_token_hint: tokens.id_token,
        post_logout_redirect_uri: 'http://localhost:3000/authentication/logout-callback',
      });
      const auto = await browser.request({ url: `/oidc/session/end?${params}` });
      expect(auto.body).toContain('<script src="/Auth/oidc-logout.js"');
      const xsrf = /name="xsrf" value="([^"]+)"/.exec(auto.body)?.[1];
      const confirm = await browser.request({
        method: 'POST',
        url: '/oidc/session/end/confirm',
        form: { xsrf: xsrf!, logout: 'yes' },
      });
      expect(confirm.statusCode).toBe(303);
      expect(confirm.headers.location).toBe('http://localhost:3000/authentication/logout-callback');
      // The session is over: its access token is refused.
      expect((await t.app.inject({ url: '/api/PersonalInfo/UserVo', headers: auth })).statusCode).toBe(401);
    } finally {
      await t.close();
    }
  });
});
