import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { totpCode, totpStep } from '../../security/totp.ts';
import { ensureFirstAdmin } from '../../services/account.ts';
import { STEP_UP_MAX_AGE_MS, twoFactorKeys } from '../../services/two-factor.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { TEST_DIALECTS } from '../../test/databases.ts';
import { createUser, TEST_PASSWORD } from '../../test/factories.ts';
import {
  Browser,
  exchangeCode,
  followToCallback,
  postLogin,
  signIn,
  startSignIn,
} from '../../test/sign-in.ts';
import { nextTotpCode, rememberAuthenticator, TEST_APP_SECRET } from '../../test/two-factor.ts';

// Two-factor sign-in through HTTP: the set-up from the security settings, the sign-in's second step (codes
// good once, recovery codes, the shared lockout), administrators sent to set it up, fresh codes for
// sensitive admin actions, and an administrator turning off someone's.

describe.each(TEST_DIALECTS)('two-factor sign-in on %s', (dialect) => {
  let t: TestApp;
  const db = () => t.testDb.database.db;

  beforeAll(async () => {
    t = await buildTestApp(dialect);
  });
  afterAll(async () => {
    await t.close();
  });

  const call = async (
    auth: Record<string, string>,
    method: 'GET' | 'POST',
    url: string,
    payload?: Record<string, unknown>,
  ) => t.app.inject({ method, url, headers: auth, ...(payload ? { payload } : {}) });

  const auditActions = async (userId: string) =>
    (
      await db()
        .selectFrom('audit_log')
        .select('action')
        .where('target_id', '=', userId)
        .orderBy('id')
        .execute()
    ).map((row) => row.action);

  /** Sets two-factor sign-in up for a signed-in account as the security settings do; returns its codes. */
  async function setUp(auth: Record<string, string>, email: string) {
    const begun = await call(auth, 'POST', '/api/PersonalInfo/TwoFactor/Begin');
    expect(begun.statusCode, begun.body).toBe(200);
    const { secret, otpauthUri } = begun.json();
    expect(otpauthUri).toContain(`secret=${secret}`);
    rememberAuthenticator(email, secret);
    const enabled = await call(auth, 'POST', '/api/PersonalInfo/TwoFactor/Enable', {
      code: await nextTotpCode(email),
    });
    expect(enabled.statusCode, enabled.body).toBe(200);
    return { secret, recoveryCodes: enabled.json().recoveryCodes as string[] };
  }

  /** A sign-in flow stopped after its password step. */
  async function passwordStep(email: string, password = TEST_PASSWORD) {
    const browser = new Browser(t.app);
    const { verifier } = await startSignIn(browser);
    const res = await postLogin(browser, email, password);
    expect(res.statusCode, res.body).toBe(200);
    return { browser, verifier, body: res.json() };
  }

  const secondStep = (browser: Browser, token: string, proof: Record<string, string>) =>
    browser.request({
      method: 'POST',
      url: '/Auth/PostLoginTwoFactor',
      payload: { twoFactorToken: token, ...proof },
    });

  it('is set up with a first code, gives ten recovery codes once, and ends the other sessions', async () => {
    const member = await createUser(db(), { roles: ['StandardUser'], memberDays: 30 });
    const other = await signIn(t.app, member.email, member.password);
    const { auth } = await signIn(t.app, member.email, member.password);
    const before = await call(auth, 'GET', '/api/PersonalInfo/TwoFactor');
    expect(before.json()).toMatchObject({ enabled: false, required: false, pending: false });

    const begun = (await call(auth, 'POST', '/api/PersonalInfo/TwoFactor/Begin')).json();
    expect(begun.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect((await call(auth, 'GET', '/api/PersonalInfo/TwoFactor')).json()).toMatchObject({ pending: true });
    // The secret is kept encrypted: not as it was shown.
    const stored = await db()
      .selectFrom('user_two_factor')
      .select('secret_enc')
      .where('user_id', '=', member.id)
      .executeTakeFirstOrThrow();
    expect(stored.secret_enc).not.toContain(begun.secret);

    const wrong = await call(auth, 'POST', '/api/PersonalInfo/TwoFactor/Enable', { code: '12345' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors.code).toEqual(['验证码为6位数字']);
    const step = totpStep();
    const wrongCode = await call(auth, 'POST', '/api/PersonalInfo/TwoFactor/Enable', {
      code: totpCode(begun.secret, step + 5),
    });
    expect(wrongCode.statusCode).toBe(400);

    const enabled = await call(auth, 'POST', '/api/PersonalInfo/TwoFactor/Enable', {
      code: totpCode(begun.secret, step),
    });
    expect(enabled.statusCode, enabled.body).toBe(200);
    const codes = enabled.json().recoveryCodes as string[];
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z0-9]{5}-[a-z0-9]{5}$/);
    expect(enabled.headers['cache-control']).toBe('no-store');

    const after = (await call(auth, 'GET', '/api/PersonalInfo/TwoFactor')).json();
    expect(after).toMatchObject({ enabled: true, pending: false, recoveryCodesLeft: 10 });
    expect((await call(auth, 'GET', '/api/PersonalInfo/GetPersonalInfo')).json().twoFactorEnabled).toBe(true);
    // The session that set it up stays; the one opened with the password alone has ended.
    expect((await call(auth, 'GET', '/api/PersonalInfo/Sessions')).statusCode).toBe(200);
    expect((await call(other.auth, 'GET', '/api/PersonalInfo/Sessions')).statusCode).toBe(401);
    // Beginning again is refused while it is on.
    expect((await call(auth, 'POST', '/api/PersonalInfo/TwoFactor/Begin')).statusCode).toBe(409);
    expect(await auditActions(member.id)).toContain('twoFactor.enabled');
  });

  it('asks for a code after the right password; a code is good once; wrong codes count to the lockout', async () => {
    const member = await createUser(db(), { roles: ['StandardUser'], memberDays: 30, twoFactor: true });
    const first = await passwordStep(member.email);
    // The 0/1/2 codes of the first step stay: 0, with no redirect yet.
    expect(first.body).toMatchObject({ code: 0, twoFactorRequired: true });
    expect(first.body.redirectUrl).toBeUndefined();

    const code = await nextTotpCode(member.email);
    const ok = await secondStep(first.browser, first.body.twoFactorToken, { code });
    expect(ok.json()).toMatchObject({ code: 0 });
    const tokens = await exchangeCode(
      first.browser,
      await followToCallback(first.browser, ok.json().redirectUrl),
      first.verifier,
    );
    expect(tokens.access_token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);

    // The same code in another sign-in: refused (good once), and counted.
    const replay = await passwordStep(member.email);
    expect((await secondStep(replay.browser, replay.body.twoFactorToken, { code })).json()).toEqual({
      code: 2,
    });
    // A token of another sign-in flow does not fit this one.
    const elsewhere = await passwordStep(member.email);
    const moved = await secondStep(elsewhere.browser, replay.body.twoFactorToken, {
      code: await nextTotpCode(member.email),
    });
    expect(moved.statusCode).toBe(409);
    const forged = await secondStep(elsewhere.browser, `${elsewhere.body.twoFactorToken}x`, {
      code: '123456',
    });
    expect(forged.statusCode).toBe(409);

    // Four more wrong codes lock the account for this address, right password or not (5 in all).
    const codes: number[] = [];
    for (let i = 0; i < 4; i++) {
      const attempt = await passwordStep(member.email);
      codes.push(attempt.body.code);
      if (attempt.body.twoFactorRequired)
        codes.push(
          (await secondStep(attempt.browser, attempt.body.twoFactorToken, { code: '000000' })).json().code,
        );
    }
    expect(codes.slice(0, 7)).toEqual([0, 2, 0, 2, 0, 2, 0]);
    expect(codes[7]).toBe(1);
    expect((await passwordStep(member.email)).body).toEqual({ code: 1 });
    const actions = await auditActions(member.id);
    expect(actions).toContain('login.twoFactorFailed');
    expect(actions).toContain('login.lockout');
  });

  it('takes a recovery code once instead of a code', async () => {
    const member = await createUser(db(), { roles: ['StandardUser'], memberDays: 30 });
    const { auth } = await signIn(t.app, member.email, member.password);
    const { recoveryCodes } = await setUp(auth, member.email);
    const [recovery] = recoveryCodes;

    const first = await passwordStep(member.email);
    const used = await secondStep(first.browser, first.body.twoFactorToken, {
      recoveryCode: recovery!.toUpperCase().replace('-', ' '),
    });
    expect(used.json()).toMatchObject({ code: 0 });
    const again = await passwordStep(member.email);
    expect(
      (await secondStep(again.browser, again.body.twoFactorToken, { recoveryCode: recovery! })).json(),
    ).toEqual({ code: 2 });
    expect(
      (await secondStep(again.browser, again.body.twoFactorToken, { recoveryCode: 'short' })).statusCode,
    ).toBe(400);
    expect((await call(auth, 'GET', '/api/PersonalInfo/TwoFactor')).json().recoveryCodesLeft).toBe(9);
    expect(await auditActions(member.id)).toContain('login.recoveryCode');

    // New recovery codes replace the old ones; turning it off takes a code.
    const replaced = await call(auth, 'POST', '/api/PersonalInfo/TwoFactor/RecoveryCodes', {
      code: await nextTotpCode(member.email),
    });
    expect(replaced.json().recoveryCodes).toHaveLength(10);
    const off = await call(auth, 'POST', '/api/PersonalInfo/TwoFactor/Disable', {
      recoveryCode: recoveryCodes[1]!,
    });
    expect(off.statusCode).toBe(400);
    const offNow = await call(auth, 'POST', '/api/PersonalInfo/TwoFactor/Disable', {
      recoveryCode: replaced.json().recoveryCodes[0],
    });
    expect(offNow.statusCode, offNow.body).toBe(200);
    expect((await passwordStep(member.email)).body.twoFactorRequired).toBeUndefined();
  });

  it('keeps the back office closed to an administrator without it, who may still set it up', async () => {
    const admin = await createUser(db(), { roles: ['Admin'], twoFactor: false });
    const { auth } = await signIn(t.app, admin.email, admin.password);
    const refusals = [];
    for (const route of t.app.routeTable.filter((r) => r.url.startsWith('/api/Management/Get'))) {
      const res = await call(auth, 'GET', route.url);
      refusals.push([route.url, res.statusCode, res.json().code]);
    }
    expect(refusals.length).toBeGreaterThan(3);
    for (const refusal of refusals) expect(refusal.slice(1)).toEqual([403, 'twoFactorSetupRequired']);
    expect((await call(auth, 'GET', '/api/PersonalInfo/TwoFactor')).json()).toMatchObject({
      enabled: false,
      required: true,
    });
    await setUp(auth, admin.email);
    expect((await call(auth, 'GET', '/api/Management/GetRoles')).statusCode).toBe(200);
    // Administrators keep it.
    const off = await call(auth, 'POST', '/api/PersonalInfo/TwoFactor/Disable', {
      code: await nextTotpCode(admin.email),
    });
    expect(off.statusCode).toBe(409);
    expect(off.json().errors.twoFactor).toEqual(['管理员不能关闭两步验证']);
  });

  it('asks for a fresh code before a sensitive action when the last one is older than 10 minutes', async () => {
    const admin = await createUser(db(), { roles: ['Admin'] });
    const member = await createUser(db(), { roles: ['StandardUser'], memberDays: 30, twoFactor: true });
    const { auth } = await signIn(t.app, admin.email, admin.password);
    const role = (await call(auth, 'POST', '/api/Management/AddRole', { name: `stepup-${dialect}` })).json();
    // Signed in with a code just now: fresh.
    const fresh = await call(auth, 'POST', '/api/Management/BatchUserOperation', {
      expiryInDays: 0,
      rows: [],
    });
    expect(fresh.statusCode, fresh.body).toBe(200);

    // Eleven minutes later (the session's sign-in moved back).
    const ageSession = async () => {
      const sessions = await db()
        .selectFrom('oidc_payloads')
        .select(['id', 'payload'])
        .where('model', '=', 'Session')
        .where('account_id', '=', admin.id)
        .execute();
      for (const row of sessions) {
        const payload = JSON.parse(row.payload);
        payload.loginTs -= (STEP_UP_MAX_AGE_MS + 60_000) / 1000;
        await db()
          .updateTable('oidc_payloads')
          .set({ payload: JSON.stringify(payload) })
          .where('model', '=', 'Session')
          .where('id', '=', row.id)
          .execute();
      }
      await db()
        .updateTable('session_two_factor')
        .set({ verified_at: Date.now() - STEP_UP_MAX_AGE_MS - 60_000 })
        .where('user_id', '=', admin.id)
        .execute();
    };
    await ageSession();
    const stale = [
      await call(auth, 'POST', '/api/Management/BatchUserOperation', { expiryInDays: 0 }),
      await call(auth, 'POST', '/api/Management/DeleteRole', { id: role.roleId }),
      await call(auth, 'POST', '/api/Management/ResetTwoFactor', { userId: member.id }),
    ];
    for (const res of stale) {
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json().code).toBe('twoFactorStepUpRequired');
    }
    // Not sensitive: the batch on chosen rows.
    const chosen = await call(auth, 'POST', '/api/Management/BatchUserOperation', {
      expiryInDays: 0,
      rows: [member.id],
    });
    expect(chosen.statusCode).toBe(200);

    const wrong = await call(auth, 'POST', '/api/PersonalInfo/TwoFactor/Verify', { code: '000000' });
    expect(wrong.statusCode).toBe(400);
    const verified = await call(auth, 'POST', '/api/PersonalInfo/TwoFactor/Verify', {
      code: await nextTotpCode(admin.email),
    });
    expect(verified.statusCode, verified.body).toBe(200);
    expect((await call(auth, 'POST', '/api/Management/DeleteRole', { id: role.roleId })).statusCode).toBe(
      200,
    );
    const reset = await call(auth, 'POST', '/api/Management/ResetTwoFactor', { userId: member.id });
    expect(reset.statusCode, reset.body).toBe(200);
    expect((await passwordStep(member.email)).body.twoFactorRequired).toBeUndefined();
    const detail = await call(auth, 'GET', `/api/Management/GetUser?userId=${member.id}`);
    expect(detail.json().twoFactorEnabled).toBe(false);
    // One's own goes through the security settings.
    expect(
      (await call(auth, 'POST', '/api/Management/ResetTwoFactor', { userId: admin.id })).statusCode,
    ).toBe(409);
    const resetRow = await db()
      .selectFrom('audit_log')
      .select(['actor_id', 'detail'])
      .where('action', '=', 'twoFactor.reset')
      .where('target_id', '=', member.id)
      .executeTakeFirstOrThrow();
    expect(resetRow.actor_id).toBe(admin.id);
    expect(JSON.parse(resetRow.detail!)).toMatchObject({
      before: { twoFactor: true },
      after: { twoFactor: false },
    });
    expect(await auditActions(admin.id)).toEqual(
      expect.arrayContaining(['twoFactor.stepUpFailed', 'twoFactor.stepUp']),
    );
  });

  it('provisions the first administrator from ADMIN_TOTP_SECRET, and refuses a short one', async () => {
    expect(() =>
      loadConfig({ NODE_ENV: 'test', DATA_DIR: t.testDb.dataDir, ADMIN_TOTP_SECRET: 'GEZDGNBV' }),
    ).toThrow(/ADMIN_TOTP_SECRET must be base32 .* at least 16 characters \(got 8 characters\)/);
    const secret = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
    // A fresh database: no administrator yet.
    const fresh = await buildTestApp(dialect);
    try {
      const log = { info() {}, warn() {} } as unknown as Parameters<typeof ensureFirstAdmin>[1]['log'];
      const email = `first-admin-${dialect}@example.com`;
      await ensureFirstAdmin(fresh.testDb.database.db, {
        email,
        password: 'First-Adm1n-pass',
        totp: { secret, keys: twoFactorKeys(TEST_APP_SECRET) },
        log,
      });
      rememberAuthenticator(email, secret);
      const { auth } = await signIn(fresh.app, email, 'First-Adm1n-pass');
      expect((await fresh.app.inject({ url: '/api/Management/GetRoles', headers: auth })).statusCode).toBe(
        200,
      );
    } finally {
      await fresh.close();
    }
  });
});
