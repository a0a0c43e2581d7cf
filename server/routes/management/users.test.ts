import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { TEST_DIALECTS } from '../../test/databases.ts';
import { createUser, type TestUser } from '../../test/factories.ts';
import { signIn } from '../../test/sign-in.ts';

const DAY = 24 * 60 * 60 * 1000;

describe.each(TEST_DIALECTS)('user management on %s', (dialect) => {
  let t: TestApp;
  let admin: { authorization: string };
  let adminUser: TestUser;
  const db = () => t.testDb.database.db;
  const roleId = async (name: string) =>
    (await db().selectFrom('roles').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;
  const tagsOf = async (userId: string) =>
    (
      await db()
        .selectFrom('user_roles')
        .select('role_id')
        .where('user_id', '=', userId)
        .orderBy('role_id')
        .execute()
    ).map((r) => r.role_id);
  const expiryOf = async (userId: string) =>
    (
      await db()
        .selectFrom('users')
        .select('member_expiry_date')
        .where('id', '=', userId)
        .executeTakeFirstOrThrow()
    ).member_expiry_date;
  const post = (url: string, payload: unknown, headers = admin) =>
    t.app.inject({ method: 'POST', url, payload: payload as object, headers });
  const get = (url: string, headers = admin) => t.app.inject({ url, headers });

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    adminUser = await createUser(db(), { roles: ['Admin'], email: 'root@example.com' });
    admin = (await signIn(t.app, adminUser.email, adminUser.password)).auth;
  });
  afterAll(async () => {
    await t.close();
  });

  it('lists users in the spec shape without parameters and pages, searches and filters with them', async () => {
    const premium = await createUser(db(), {
      email: 'findme.premium@example.com',
      roles: ['PremiumUser'],
      memberDays: 10,
    });
    await createUser(db(), { email: 'other@example.com' });
    const plain = (await get('/api/Management/GetUsers')).json();
    expect(Array.isArray(plain)).toBe(true);
    expect(plain.find((u: { userId: string }) => u.userId === premium.id)).toEqual({
      userId: premium.id,
      userName: premium.email,
      memberExpiryDate: expect.any(String),
      memberCredit: 0,
    });
    const found = (await get('/api/Management/GetUsers?current=1&pageSize=50&search=FINDME')).json();
    expect(found.total).toBe(1);
    expect(found.records[0]).toMatchObject({
      userId: premium.id,
      email: premium.email,
      tags: [await roleId('PremiumUser')],
    });
    const byTag = (
      await get(`/api/Management/GetUsers?current=1&pageSize=50&roleId=${await roleId('PremiumUser')}`)
    ).json();
    expect(byTag.records.map((r: { userId: string }) => r.userId)).toEqual([premium.id]);
    const paged = (await get('/api/Management/GetUsers?current=2&pageSize=1')).json();
    expect(paged.records).toHaveLength(1);
    expect(paged.total).toBeGreaterThanOrEqual(3);
    // Wildcards in the search are taken literally.
    expect((await get('/api/Management/GetUsers?search=%25')).json().total).toBe(0);
  });

  it('answers roles, the user-to-roles map and counts', async () => {
    const roles = (await get('/api/Management/GetRoles')).json();
    expect(roles.slice(0, 3)).toEqual([
      { roleId: await roleId('StandardUser'), roleName: 'StandardUser' },
      { roleId: await roleId('PremiumUser'), roleName: 'PremiumUser' },
      { roleId: await roleId('Admin'), roleName: 'Admin' },
    ]);
    const map = (await get(`/api/Management/GetUserRoles?userIds=${adminUser.id}`)).json();
    expect(map).toEqual({ [adminUser.id]: [await roleId('Admin')] });
    const counts = (await get('/api/Management/GetRolesWithUserCount')).json();
    expect(counts.find((r: { roleName: string }) => r.roleName === 'Admin')).toMatchObject({
      userCount: 1,
      builtIn: true,
    });
  });

  it('applies tags and days to the selected users in one operation, never touching Admin', async () => {
    const a = await createUser(db(), { roles: ['StandardUser'], memberDays: 5 });
    const b = await createUser(db(), { roles: ['Admin'] });
    const c = await createUser(db(), { roles: ['StandardUser'] });
    const premium = await roleId('PremiumUser');
    const before = Date.now();
    const res = await post('/api/Management/BatchUserOperation', {
      permissionMap: [premium],
      expiryInDays: 30,
      rows: [a.id, b.id],
    });
    expect(res.json()).toEqual({ affected: 2 });
    expect(await tagsOf(a.id)).toEqual([premium]);
    expect(await tagsOf(b.id)).toEqual([premium, await roleId('Admin')].sort((x, y) => x - y));
    expect(await tagsOf(c.id)).toEqual([await roleId('StandardUser')]);
    // a had 5 days left: 5 + 30 from the current expiry; b had none: 30 from now.
    expect((await expiryOf(a.id))! - before).toBeGreaterThan(34.9 * DAY);
    expect((await expiryOf(a.id))! - before).toBeLessThan(35.1 * DAY);
    expect((await expiryOf(b.id))! - before).toBeGreaterThan(29.9 * DAY);
    expect(await expiryOf(c.id)).toBeNull();
    // Negative days move it back; null leaves things unchanged.
    await post('/api/Management/BatchUserOperation', {
      permissionMap: null,
      expiryInDays: -10,
      rows: [a.id],
    });
    expect((await expiryOf(a.id))! - before).toBeLessThan(25.1 * DAY);
    expect(await tagsOf(a.id)).toEqual([premium]);
    const actions = await db()
      .selectFrom('audit_log')
      .select(['action', 'detail'])
      .where('action', '=', 'admin.users.batch')
      .execute();
    expect(actions.length).toBeGreaterThanOrEqual(2);
    expect(JSON.parse(actions[0]!.detail!)).toMatchObject({ affected: 2, everyone: false });
  });

  it('treats no selected rows as every user', async () => {
    const total = (await get('/api/Management/GetUsers?current=1&pageSize=1')).json().total;
    const res = await post('/api/Management/BatchUserOperation', {
      permissionMap: null,
      expiryInDays: 1,
      rows: [],
    });
    expect(res.json()).toEqual({ affected: total });
    const withoutExpiry = await db()
      .selectFrom('users')
      .select('id')
      .where('member_expiry_date', 'is', null)
      .execute();
    expect(withoutExpiry).toEqual([]);
  });

  it.each([
    ['days out of range', { expiryInDays: 1001 }, 'expiryInDays', '天数须为-1000到1000之间的整数'],
    ['fractional days', { expiryInDays: 1.5 }, 'expiryInDays', '天数须为-1000到1000之间的整数'],
    ['an unknown role', { permissionMap: [99999] }, 'permissionMap', '包含不存在的标签'],
    ['the Admin tag', { permissionMap: ['ADMIN'] }, 'permissionMap', null],
    ['an unknown user', { rows: ['no-such-user'], expiryInDays: 3 }, 'rows', '包含不存在的用户'],
  ])('refuses %s with a field message and changes nothing', async (_name, body, field, message) => {
    const resolved = JSON.parse(JSON.stringify(body).replace('"ADMIN"', String(await roleId('Admin'))));
    const snapshot = await db()
      .selectFrom('users')
      .select(['id', 'member_expiry_date'])
      .orderBy('id')
      .execute();
    const links = await db()
      .selectFrom('user_roles')
      .selectAll()
      .orderBy('user_id')
      .orderBy('role_id')
      .execute();
    const res = await post('/api/Management/BatchUserOperation', resolved);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[field]).toHaveLength(1);
    if (message) expect(res.json().errors[field]).toEqual([message]);
    expect(
      await db().selectFrom('users').select(['id', 'member_expiry_date']).orderBy('id').execute(),
    ).toEqual(snapshot);
    expect(
      await db().selectFrom('user_roles').selectAll().orderBy('user_id').orderBy('role_id').execute(),
    ).toEqual(links);
  });

  it('ends up as one of the serial orders when two batches overlap', async () => {
    const users = await Promise.all(
      [1, 2, 3].map(() => createUser(db(), { roles: ['StandardUser'], memberDays: 1 })),
    );
    const rows = users.map((u) => u.id);
    const [premium, standard] = [await roleId('PremiumUser'), await roleId('StandardUser')];
    const before = await Promise.all(rows.map(expiryOf));
    const [r1, r2] = await Promise.all([
      post('/api/Management/BatchUserOperation', { permissionMap: [premium], expiryInDays: 30, rows }),
      post('/api/Management/BatchUserOperation', {
        permissionMap: [standard, premium],
        expiryInDays: 60,
        rows,
      }),
    ]);
    expect([r1.statusCode, r2.statusCode]).toEqual([200, 200]);
    const tagSets = await Promise.all(rows.map(tagsOf));
    // All users got the same final tags: those of whichever batch ran second, never a mixture.
    expect(new Set(tagSets.map((t) => t.join(','))).size).toBe(1);
    expect([[premium].join(','), [standard, premium].sort((a, b) => a - b).join(',')]).toContain(
      tagSets[0]!.join(','),
    );
    // Both expiry moves applied: +90 days whatever the order.
    for (const [i, id] of rows.entries()) {
      expect((await expiryOf(id))! - before[i]!).toBeGreaterThan(89.9 * DAY);
      expect((await expiryOf(id))! - before[i]!).toBeLessThan(90.1 * DAY);
    }
  });

  it('adds tags (trimmed, unique) and deletes custom tags with their links, refusing the Admin tag', async () => {
    const empty = await post('/api/Management/AddRole', { name: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors.name).toEqual(['标签名称为必填项']);
    const english = await t.app.inject({
      method: 'POST',
      url: '/api/Management/AddRole',
      payload: { name: '' },
      headers: { ...admin, 'accept-language': 'en' },
    });
    expect(english.json().errors.name).toEqual(['tag name is required']);
    const added = (await post('/api/Management/AddRole', { name: '  VIP Club ' })).json();
    expect(added).toEqual({ roleId: expect.any(Number), roleName: 'VIP Club' });
    expect((await post('/api/Management/AddRole', { name: 'vip club' })).json().errors.name).toEqual([
      '已有同名标签',
    ]);
    const member = await createUser(db(), { roles: ['VIP Club'], memberDays: 3 });
    expect(await tagsOf(member.id)).toEqual([added.roleId]);
    const adminTag = await post('/api/Management/DeleteRole', { id: await roleId('Admin') });
    expect(adminTag.statusCode).toBe(400);
    expect(adminTag.json().errors.id).toEqual(['ADMIN标签不能选择、编辑或删除']);
    expect((await post('/api/Management/DeleteRole', { id: added.roleId })).json()).toEqual({ ok: true });
    expect(await tagsOf(member.id)).toEqual([]);
    expect((await post('/api/Management/DeleteRole', { id: added.roleId })).statusCode).toBe(404);
  });

  it('edits one user from the detail page: tags, member days, e-mail (max 100)', async () => {
    const user = await createUser(db(), { roles: ['StandardUser'] });
    const detail = (await get(`/api/Management/GetUser?userId=${user.id}`)).json();
    expect(detail).toMatchObject({
      userId: user.id,
      email: user.email,
      level: 'StandardUser',
      memberDaysRemaining: null,
    });
    const long = await post('/api/Management/AssignUserRole', {
      userId: user.id,
      permissionMap: [],
      email: `${'a'.repeat(95)}@example.com`,
    });
    expect(long.json().errors.email).toEqual(['邮箱长度不能超过100个字符']);
    const fraction = await post('/api/Management/AssignUserRole', {
      userId: user.id,
      permissionMap: [],
      memberDays: 2.5,
    });
    expect(fraction.json().errors.memberDays).toEqual(['会员天数须为整数']);
    const ok = await post('/api/Management/AssignUserRole', {
      userId: user.id,
      permissionMap: [await roleId('PremiumUser')],
      memberDays: 45,
      email: 'renamed@example.com',
    });
    expect(ok.statusCode).toBe(200);
    const after = (await get(`/api/Management/GetUser?userId=${user.id}`)).json();
    expect(after).toMatchObject({
      email: 'renamed@example.com',
      level: 'PremiumUser',
      memberDaysRemaining: 45,
    });
    expect((await get('/api/Management/GetUser?userId=nope')).statusCode).toBe(404);
  });

  it("takes a member's access away on their next request once the last tag goes", async () => {
    const member = await createUser(db(), { roles: ['StandardUser'], memberDays: 10 });
    const { auth } = await signIn(t.app, member.email, member.password);
    const me = async () =>
      (await t.app.inject({ url: '/api/PersonalInfo/GetPersonalInfo', headers: auth })).json().isMember;
    expect(await me()).toBe(true);
    await post('/api/Management/AssignUserRole', { userId: member.id, permissionMap: [] });
    expect(await me()).toBe(false);
  });

  it('refuses every management call to a non-admin with 403', async () => {
    const member = await createUser(db(), { roles: ['PremiumUser'], memberDays: 10 });
    const { auth } = await signIn(t.app, member.email, member.password);
    expect((await get('/api/Management/GetUsers', auth)).statusCode).toBe(403);
    expect((await post('/api/Management/BatchUserOperation', { expiryInDays: 1 }, auth)).statusCode).toBe(
      403,
    );
    expect(await expiryOf(member.id)).toBeLessThan(Date.now() + 10.1 * DAY);
  });
});
