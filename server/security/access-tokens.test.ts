import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type Database, openDatabase } from '../db/database.ts';
import { buildTestApp, type TestApp } from '../test/build-test-app.ts';
import { TEST_DIALECTS } from '../test/databases.ts';
import { createUser } from '../test/factories.ts';
import { signIn } from '../test/sign-in.ts';
import { PRINCIPAL_TTL_MS } from './access-tokens.ts';

// Who a caller is (roles, membership, open session) is remembered for a moment, so that many calls of one
// person at once read it once. Changes must still apply: at once when this process writes them, within
// PRINCIPAL_TTL_MS when another process does.

const ADMIN_ROUTE = '/api/Management/GetRoles';
const MEMBER_ROUTE = '/api/Market/Symbols';

describe.each(TEST_DIALECTS)('the caller as the database says, on %s', (dialect) => {
  let t: TestApp;
  /** A second connection to the same data, as another process of the portal has. */
  let other: Database;
  const db = () => t.testDb.database.db;
  const roleId = async (name: string) =>
    (await db().selectFrom('roles').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;
  const burst = (url: string, headers: Record<string, string>) =>
    Promise.all(Array.from({ length: 50 }, () => t.app.inject({ url, headers }))).then((answers) =>
      answers.map((answer) => answer.statusCode),
    );

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    other = await openDatabase({ ...t.testDb.database.openOptions, sibling: true });
  });
  afterAll(async () => {
    await other?.close();
    await t?.close();
  });

  it('applies a role taken away in this process to the very next call, right after many at once', async () => {
    const admin = await createUser(db(), { roles: ['Admin'] });
    const { auth } = await signIn(t.app, admin.email, admin.password);
    expect(new Set(await burst(ADMIN_ROUTE, auth))).toEqual(new Set([200]));

    await db()
      .deleteFrom('user_roles')
      .where('user_id', '=', admin.id)
      .where('role_id', '=', await roleId('Admin'))
      .execute();
    expect((await t.app.inject({ url: ADMIN_ROUTE, headers: auth })).statusCode).toBe(403);
  });

  it('applies an ended membership and a deleted account to the very next call', async () => {
    const member = await createUser(db(), { roles: ['StandardUser'], memberDays: 30 });
    const { auth } = await signIn(t.app, member.email, member.password);
    expect(new Set(await burst(MEMBER_ROUTE, auth))).toEqual(new Set([200]));

    await db()
      .updateTable('users')
      .set({ member_expiry_date: Date.now() - 1000 })
      .where('id', '=', member.id)
      .execute();
    expect((await t.app.inject({ url: MEMBER_ROUTE, headers: auth })).statusCode).toBe(403);

    await db().deleteFrom('user_roles').where('user_id', '=', member.id).execute();
    await db().deleteFrom('users').where('id', '=', member.id).execute();
    expect((await t.app.inject({ url: '/api/PersonalInfo/UserVo', headers: auth })).statusCode).toBe(401);
  });

  it('refuses a remembered token whose claims were changed, its signature kept', async () => {
    const member = await createUser(db(), { roles: ['StandardUser'], memberDays: 30 });
    const admin = await createUser(db(), { roles: ['Admin'] });
    const { auth } = await signIn(t.app, member.email, member.password);
    expect(new Set(await burst(MEMBER_ROUTE, auth))).toEqual(new Set([200]));

    // The member's token, remembered now, re-addressed to the administrator: same signature, other claims.
    const [header, payload, signature] = auth.authorization.replace(/^Bearer /, '').split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString('utf8'));
    const forged = [
      header,
      Buffer.from(JSON.stringify({ ...claims, sub: admin.id })).toString('base64url'),
      signature,
    ];
    const answer = await t.app.inject({
      url: ADMIN_ROUTE,
      headers: { authorization: `Bearer ${forged.join('.')}` },
    });
    expect(answer.statusCode).toBe(401);
    // The member's own token still works.
    expect((await t.app.inject({ url: MEMBER_ROUTE, headers: auth })).statusCode).toBe(200);
  });

  it('applies a role taken away by another process within a moment', async () => {
    const admin = await createUser(db(), { roles: ['Admin'] });
    const { auth } = await signIn(t.app, admin.email, admin.password);
    expect(new Set(await burst(ADMIN_ROUTE, auth))).toEqual(new Set([200]));

    await other.db
      .deleteFrom('user_roles')
      .where('user_id', '=', admin.id)
      .where('role_id', '=', await roleId('Admin'))
      .execute();
    await vi.waitFor(
      async () => expect((await t.app.inject({ url: ADMIN_ROUTE, headers: auth })).statusCode).toBe(403),
      { timeout: PRINCIPAL_TTL_MS + 10_000, interval: 50 },
    );
  });
});
