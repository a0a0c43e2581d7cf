import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIGN_IN_HISTORY_SIZE, type SignInRecord } from '#shared/schemas/sign-ins.ts';
import { NO_GEOIP } from '../../geoip/geoip.ts';
import { recordSignIn } from '../../services/sign-ins.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { TEST_DIALECTS, tempDir } from '../../test/databases.ts';
import { createUser, type TestUser } from '../../test/factories.ts';
import { cityRecord, writeMmdb } from '../../test/mmdb-writer.ts';
import {
  Browser,
  CLIENT_ID,
  exchangeCode,
  followToCallback,
  postLogin,
  signIn,
  startSignIn,
} from '../../test/sign-in.ts';

// The sign-in history of the security settings: a password typed at the sign-in page and a silent renewal
// (prompt=none answered from the provider's session) are recorded with the address and its region from the
// operator's GeoIP database; a refresh-token grant is not a sign-in; the newest 50 are kept.

const LONDON = { en: 'London, England, United Kingdom', zh: '英国 英格兰 伦敦' };

describe.each(TEST_DIALECTS)('sign-in history on %s', (dialect) => {
  let t: TestApp;
  let silentRedirectUri: string;

  beforeAll(async () => {
    const file = path.join(tempDir('geoip-'), 'GeoLite2-City.mmdb');
    writeFileSync(
      file,
      writeMmdb({
        ipVersion: 6,
        recordSize: 28,
        networks: [
          {
            network: '81.2.69.0/24',
            data: cityRecord({
              country: { iso: 'GB', en: 'United Kingdom', zh: '英国' },
              subdivision: { en: 'England', zh: '英格兰' },
              city: { en: 'London', zh: '伦敦' },
            }),
          },
        ],
      }),
    );
    t = await buildTestApp(dialect, { env: { GEOIP_DATABASE: file } });
    silentRedirectUri = (await t.app.inject({ url: `/_configuration/${CLIENT_ID}` })).json()
      .silent_redirect_uri;
  });
  afterAll(() => t?.close());

  const db = () => t.testDb.database.db;

  /** A password sign-in from `address`, as the web app and the login page do it. */
  async function signInFrom(user: TestUser, address: string) {
    const browser = new Browser(t.app, { remoteAddress: address });
    const { verifier } = await startSignIn(browser);
    const login = await postLogin(browser, user.email, user.password);
    expect(login.json().code, login.body).toBe(0);
    const code = await followToCallback(browser, login.json().redirectUrl);
    const tokens = await exchangeCode(browser, code, verifier);
    return { browser, tokens, auth: { authorization: `Bearer ${tokens.access_token}` } };
  }

  const history = async (auth: { authorization: string }) => {
    const res = await t.app.inject({ url: '/api/PersonalInfo/SignIns', headers: auth });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as SignInRecord[];
  };

  it('records password sign-ins and silent renewals with address and region, not refresh grants', async () => {
    const user = await createUser(db(), { roles: ['StandardUser'], memberDays: 30 });
    const { browser, tokens, auth } = await signInFrom(user, '81.2.69.160');
    const [first, ...none] = await history(auth);
    expect(none).toEqual([]);
    expect(first).toEqual({
      id: expect.any(Number),
      at: expect.any(String),
      ip: '81.2.69.160',
      region: LONDON,
      method: 'password',
    });
    expect(Date.now() - Date.parse(first!.at)).toBeLessThan(60_000);
    // The audit log still has its own row.
    const audited = await db()
      .selectFrom('audit_log')
      .select('action')
      .where('actor_id', '=', user.id)
      .where('action', '=', 'login')
      .execute();
    expect(audited).toHaveLength(1);

    // A refresh-token grant only extends that sign-in.
    const refreshed = await browser.request({
      method: 'POST',
      url: '/oidc/token',
      form: { grant_type: 'refresh_token', refresh_token: tokens.refresh_token!, client_id: CLIENT_ID },
    });
    expect(refreshed.statusCode, refreshed.body).toBe(200);
    expect(await history(auth)).toHaveLength(1);

    // The hidden frame's prompt=none request, answered from the provider's session.
    const silent = await startSignIn(browser, { prompt: 'none', redirect_uri: silentRedirectUri });
    const answered = new URL(silent.location);
    expect(`${answered.origin}${answered.pathname}`).toBe(silentRedirectUri);
    // An authorization code (the provider's opaque base64url text), not an error.
    expect(answered.searchParams.get('error')).toBeNull();
    expect(answered.searchParams.get('code')).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    const [renewal, password] = await history(auth);
    expect(renewal).toMatchObject({ method: 'silent', ip: '81.2.69.160', region: LONDON });
    expect(password).toMatchObject({ method: 'password' });
    expect(Date.parse(renewal!.at)).toBeGreaterThanOrEqual(Date.parse(password!.at));

    // A sign-in from an address the database does not know has no region.
    const other = await signInFrom(user, '10.1.2.3');
    expect((await history(other.auth))[0]).toMatchObject({
      method: 'password',
      ip: '10.1.2.3',
      region: null,
    });
    expect(NO_GEOIP.regionOf('81.2.69.160')).toBeNull();
  });

  it('records a sign-in that took a code after the password as two-factor, and keeps the audit detail', async () => {
    const user = await createUser(db(), { roles: ['StandardUser'], memberDays: 30, twoFactor: true });
    const { auth } = await signIn(t.app, user.email, user.password, { remoteAddress: '81.2.69.160' });
    expect(await history(auth)).toEqual([
      {
        id: expect.any(Number),
        at: expect.any(String),
        ip: '81.2.69.160',
        region: LONDON,
        method: 'twoFactor',
      },
    ]);
    const audited = await db()
      .selectFrom('audit_log')
      .select('detail')
      .where('actor_id', '=', user.id)
      .where('action', '=', 'login')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(String(audited.detail))).toEqual({ twoFactor: 'totp' });
  });

  it('records nothing for a prompt=none request without a session, nor for a wrong password', async () => {
    const user = await createUser(db(), { roles: ['StandardUser'], memberDays: 30 });
    const stranger = new Browser(t.app, { remoteAddress: '81.2.69.161' });
    const refused = await startSignIn(stranger, { prompt: 'none', redirect_uri: silentRedirectUri });
    expect(new URL(refused.location).searchParams.get('error')).toBe('login_required');
    await startSignIn(stranger);
    expect((await postLogin(stranger, user.email, 'Wrong-password-1')).json().code).toBe(2);
    const rows = await db().selectFrom('sign_ins').select('id').where('user_id', '=', user.id).execute();
    expect(rows).toEqual([]);
  });

  it("keeps the newest 50 of each person and shows only the caller's", async () => {
    const user = await createUser(db(), { roles: ['StandardUser'], memberDays: 30 });
    const neighbour = await createUser(db(), { roles: ['StandardUser'], memberDays: 30 });
    const start = Date.now() - 1_000_000;
    await recordSignIn(db(), {
      userId: neighbour.id,
      method: 'password',
      ip: '198.51.100.1',
      region: null,
      at: start,
    });
    for (let i = 0; i < SIGN_IN_HISTORY_SIZE + 5; i++)
      await db()
        .transaction()
        .execute((trx) =>
          recordSignIn(trx, {
            userId: user.id,
            method: i % 2 ? 'silent' : 'password',
            ip: `192.0.2.${i}`,
            region: null,
            at: start + i * 1000,
          }),
        );
    const stored = await db().selectFrom('sign_ins').select('ip').where('user_id', '=', user.id).execute();
    expect(stored).toHaveLength(SIGN_IN_HISTORY_SIZE);

    const { auth } = await signInFrom(user, '81.2.69.160');
    const list = await history(auth);
    expect(list).toHaveLength(SIGN_IN_HISTORY_SIZE);
    expect(list[0]).toMatchObject({ method: 'password', ip: '81.2.69.160', region: LONDON });
    expect(list.slice(1, 3).map((row) => row.ip)).toEqual(['192.0.2.54', '192.0.2.53']);
    // The oldest kept is the 7th recorded (55 + 1 recorded, 50 kept).
    expect(list.at(-1)!.ip).toBe('192.0.2.6');
    expect(list.map((row) => row.ip)).not.toContain('198.51.100.1');
    const neighbours = await db()
      .selectFrom('sign_ins')
      .select('ip')
      .where('user_id', '=', neighbour.id)
      .execute();
    expect(neighbours).toEqual([{ ip: '198.51.100.1' }]);
  });
});
