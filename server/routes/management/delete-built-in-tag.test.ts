import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { TEST_DIALECTS } from '../../test/databases.ts';
import { createUser } from '../../test/factories.ts';
import { signIn } from '../../test/sign-in.ts';

// Only the Admin tag is protected (spec §5): StandardUser and PremiumUser may be deleted like any tag,
// untagging their members in the same step.
describe.each(TEST_DIALECTS)('deleting the StandardUser and PremiumUser tags on %s', (dialect) => {
  let t: TestApp;
  let admin: { authorization: string };
  const db = () => t.testDb.database.db;
  const roleId = async (name: string) =>
    (await db().selectFrom('roles').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    const a = await createUser(db(), { roles: ['Admin'] });
    admin = (await signIn(t.app, a.email, a.password)).auth;
  });
  afterAll(async () => {
    await t.close();
  });

  it('deletes them with their members untagged, and still refuses the Admin tag', async () => {
    const standard = await createUser(db(), { roles: ['StandardUser'], memberDays: 5 });
    const premium = await createUser(db(), { roles: ['PremiumUser', 'StandardUser'], memberDays: 5 });
    const withCount = async () =>
      (await t.app.inject({ url: '/api/Management/GetRolesWithUserCount', headers: admin })).json() as {
        roleName: string;
        userCount: number;
      }[];
    expect((await withCount()).find((r) => r.roleName === 'StandardUser')?.userCount).toBe(2);

    for (const name of ['StandardUser', 'PremiumUser']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/Management/DeleteRole',
        payload: { id: await roleId(name) },
        headers: admin,
      });
      expect(res.statusCode).toBe(200);
    }
    expect((await withCount()).map((r) => r.roleName)).toEqual(['Admin']);
    const left = await db()
      .selectFrom('user_roles')
      .select('user_id')
      .where('user_id', 'in', [standard.id, premium.id])
      .execute();
    expect(left).toEqual([]);

    const adminTag = await t.app.inject({
      method: 'POST',
      url: '/api/Management/DeleteRole',
      payload: { id: await roleId('Admin') },
      headers: admin,
    });
    expect(adminTag.statusCode).toBe(400);
  });
});
