import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { TEST_DIALECTS } from '../../test/databases.ts';
import { createUser } from '../../test/factories.ts';
import {
  Browser,
  exchangeCode,
  followToCallback,
  postLogin,
  postLoginTwoFactor,
  startSignIn,
} from '../../test/sign-in.ts';

// Wrong passwords lock the account for the address they came from (5 in a row: 5 minutes); only many
// failures from anywhere (50) lock the account everywhere (15 minutes). Unknown e-mails are counted alike.

const MINUTE = 60 * 1000;

describe.each(TEST_DIALECTS)('sign-in lockout on %s', (dialect) => {
  let t: TestApp;
  const db = () => t.testDb.database.db;

  beforeAll(async () => {
    t = await buildTestApp(dialect);
  });
  afterAll(async () => {
    await t.close();
  });

  /** A browser at a client address, on the login page of a fresh sign-in flow. */
  async function at(remoteAddress: string, app = t.app, headers: Record<string, string> = {}) {
    const browser = new Browser(app, { remoteAddress, headers });
    const { verifier } = await startSignIn(browser);
    return {
      async attempt(email: string, password: string): Promise<number> {
        const res = await postLogin(browser, email, password);
        expect(res.statusCode, res.body).toBe(200);
        return res.json().code;
      },
      /** Signs in to the end: the right password gives tokens. */
      async signIn(email: string, password: string) {
        let res = await postLogin(browser, email, password);
        // Administrators go on with their authenticator's code.
        if (res.json().twoFactorRequired)
          res = await postLoginTwoFactor(browser, email, res.json().twoFactorToken);
        expect(res.json().code, res.body).toBe(0);
        const code = await followToCallback(browser, res.json().redirectUrl);
        return exchangeCode(browser, code, verifier);
      },
    };
  }

  const fails = async (client: Awaited<ReturnType<typeof at>>, email: string, times: number) => {
    const codes: number[] = [];
    for (let i = 0; i < times; i++) codes.push(await client.attempt(email, `Wrong-pass-${i}`));
    return codes;
  };

  it('locks an account for the address that failed; an administrator still signs in from another', async () => {
    const admin = await createUser(db(), { roles: ['Admin'] });
    const attacker = await at('203.0.113.7');
    expect(await fails(attacker, admin.email, 5)).toEqual([2, 2, 2, 2, 1]);
    expect(await attacker.attempt(admin.email, admin.password)).toBe(1);

    const tokens = await (await at('198.51.100.20')).signIn(admin.email, admin.password);
    expect(tokens.access_token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    // The attacker's address is still locked: the administrator's success does not open it.
    expect(await attacker.attempt(admin.email, admin.password)).toBe(1);
  });

  it('counts unknown e-mails the same way, per address', async () => {
    const email = `nobody-${Date.now()}@example.com`;
    expect(await fails(await at('203.0.113.8'), email, 6)).toEqual([2, 2, 2, 2, 1, 1]);
    expect(await fails(await at('198.51.100.21'), email, 1)).toEqual([2]);
  });

  // A hundred sign-in attempts, each checking a password hash: on a slow 2-core machine running the other
  // suites beside it, the PostgreSQL run took over 30 s (16 s on SQLite in the same run).
  it('locks the whole account for 15 minutes after 50 failures from any addresses, known or not', {
    timeout: 120_000,
  }, async () => {
    const user = await createUser(db(), { roles: ['Admin'] });
    const unknown = `nobody-wide-${Date.now()}@example.com`;
    for (const email of [user.email, unknown]) {
      for (let n = 1; n <= 10; n++) {
        const codes = await fails(await at(`192.0.2.${n}`), email, 5);
        expect(codes).toEqual([2, 2, 2, 2, 1]);
      }
    }
    const fresh = await at('198.51.100.22');
    expect(await fresh.attempt(user.email, user.password)).toBe(1);
    expect(await fresh.attempt(unknown, 'Wrong-pass-x')).toBe(1);

    const wide = await db()
      .selectFrom('login_throttle')
      .select('lockout_end')
      .where('email_normalized', '=', user.email)
      .where('client', '=', '*')
      .executeTakeFirstOrThrow();
    expect(wide.lockout_end! - Date.now()).toBeGreaterThan(14 * MINUTE);
    expect(wide.lockout_end! - Date.now()).toBeLessThanOrEqual(15 * MINUTE);

    // Once the account-wide lock has run out, the right password works from an address that did not fail.
    await db()
      .updateTable('login_throttle')
      .set({ lockout_end: Date.now() - 1 })
      .where('email_normalized', '=', user.email)
      .where('client', '=', '*')
      .execute();
    expect((await fresh.signIn(user.email, user.password)).access_token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
  });

  it('treats an IPv6 /64 as one address', async () => {
    const user = await createUser(db());
    expect(await fails(await at('2001:db8:1:2::a'), user.email, 4)).toEqual([2, 2, 2, 2]);
    expect(await fails(await at('2001:db8:1:2:ffff::b'), user.email, 1)).toEqual([1]);
    expect(await (await at('2001:db8:1:3::1')).attempt(user.email, user.password)).toBe(0);
  });

  it('ignores X-Forwarded-For unless TRUST_PROXY is set', async () => {
    const user = await createUser(db());
    for (let i = 0; i < 5; i++) {
      const spoofed = await at('203.0.113.50', t.app, { 'x-forwarded-for': `198.51.100.${100 + i}` });
      expect(await spoofed.attempt(user.email, 'Wrong-pass')).toBe(i < 4 ? 2 : 1);
    }

    const proxied = await buildTestApp(dialect, { env: { TRUST_PROXY: 'true' } });
    try {
      const other = await createUser(proxied.testDb.database.db);
      const viaProxy = (client: string) =>
        at('10.0.0.1', proxied.app, { 'x-forwarded-for': `${client}, 10.0.0.1` });
      expect(await fails(await viaProxy('203.0.113.60'), other.email, 5)).toEqual([2, 2, 2, 2, 1]);
      expect(await (await viaProxy('198.51.100.61')).attempt(other.email, other.password)).toBe(0);
    } finally {
      await proxied.close();
    }
  });
});
