import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUDIT_ACTIONS } from '#shared/audit.ts';
import { AUDIT_COUNT_CAP, type AuditEntry, auditLogFilters, auditLogPage } from '#shared/schemas/audit.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { TEST_DIALECTS } from '../../test/databases.ts';
import { createUser, type TestUser } from '../../test/factories.ts';
import { Browser, postLogin, signIn, startSignIn } from '../../test/sign-in.ts';

// The back office's audit log through HTTP on both databases: what sign-ins, failures and admin changes
// record (address, user agent, before and after), newest first a page at a time, each filter, the checks of
// the query, admins only, and that nothing (no route, not even SQL) can change or remove a row.

type Headers = Record<string, string>;

const ADMIN_AGENT = 'Mozilla/5.0 (X11; Linux x86_64) AuditTest/1.0';
const ADMIN_ADDRESS = '203.0.113.7';
const T0 = Date.UTC(2020, 0, 1);
const MINUTE = 60_000;

describe.each(TEST_DIALECTS)('the audit log on %s', (dialect) => {
  let t: TestApp;
  let admin: Headers;
  let adminUser: TestUser;
  let member: TestUser;
  let memberAuth: Headers;
  const db = () => t.testDb.database.db;
  const get = (url: string, headers: Headers = admin) => t.app.inject({ url, headers });
  const page = async (query: string) => {
    const res = await get(`/api/Management/AuditLog?${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return auditLogPage.parse(res.json());
  };
  const seed = async (
    rows: Array<{ at: number; action: string; actor?: string; target?: [string, string] }>,
  ) => {
    for (let i = 0; i < rows.length; i += 500)
      await db()
        .insertInto('audit_log')
        .values(
          rows.slice(i, i + 500).map((row) => ({
            at: row.at,
            action: row.action,
            actor_id: row.actor ?? null,
            target_type: row.target?.[0] ?? null,
            target_id: row.target?.[1] ?? null,
            ip: '198.51.100.1',
            user_agent: null,
            detail: null,
          })),
        )
        .execute();
  };

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    adminUser = await createUser(db(), { roles: ['Admin'], email: 'Auditor@Example.com' });
    admin = (
      await signIn(t.app, adminUser.email, adminUser.password, {
        remoteAddress: ADMIN_ADDRESS,
        headers: { 'user-agent': ADMIN_AGENT },
      })
    ).auth;
    admin = { ...admin, 'user-agent': ADMIN_AGENT };
    member = await createUser(db(), { roles: ['StandardUser'], memberDays: 30 });
    memberAuth = (await signIn(t.app, member.email, member.password)).auth;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('shows a sign-in with its address and user agent, and a failed one with the e-mail tried', async () => {
    const browser = new Browser(t.app, {
      remoteAddress: '192.0.2.44',
      headers: { 'user-agent': 'Failing/2.0' },
    });
    await startSignIn(browser);
    const failed = await postLogin(browser, member.email, 'wrong-password-1');
    expect(failed.json().code).not.toBe(0);

    const signIns = await page(`action=login&actor=${encodeURIComponent(adminUser.email.toUpperCase())}`);
    expect(signIns.records).toHaveLength(1);
    expect(signIns.records[0]).toMatchObject({
      action: 'login',
      actor: { userId: adminUser.id, email: adminUser.email, name: adminUser.email },
      target: { type: 'user', id: adminUser.id, email: adminUser.email },
      ip: ADMIN_ADDRESS,
      userAgent: ADMIN_AGENT,
      change: null,
    });

    const failures = await page('action=login.failed');
    expect(failures.records[0]).toMatchObject({
      actor: null,
      target: { type: 'user', id: member.id, email: member.email },
      ip: '192.0.2.44',
      userAgent: 'Failing/2.0',
      detail: { email: member.email.toLowerCase() },
    });
  });

  it("shows an admin's change of a member's tags, membership and e-mail as before and after", async () => {
    const premium = (
      await db().selectFrom('roles').select('id').where('name', '=', 'PremiumUser').executeTakeFirstOrThrow()
    ).id;
    const newEmail = `moved-${member.id.slice(0, 6)}@example.com`;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/Management/AssignUserRole',
      headers: admin,
      remoteAddress: ADMIN_ADDRESS,
      payload: { userId: member.id, permissionMap: [premium], memberDays: null, email: newEmail },
    });
    expect(res.statusCode, res.body).toBe(200);

    const { records } = await page(`targetType=user&targetId=${member.id}&action=admin.users.assign`);
    expect(records).toHaveLength(1);
    const entry = records[0]!;
    expect(entry).toMatchObject({
      actor: { userId: adminUser.id, email: adminUser.email },
      target: { type: 'user', id: member.id, email: newEmail },
      ip: ADMIN_ADDRESS,
      userAgent: ADMIN_AGENT,
      detail: { permissionMap: [premium], memberDays: null, emailChanged: true },
    });
    expect(entry.change).toEqual({
      before: { tags: ['StandardUser'], memberExpiryDate: expect.any(String), email: member.email },
      after: { tags: ['PremiumUser'], memberExpiryDate: null, email: newEmail },
    });
    member = { ...member, email: newEmail };
  });

  it('pages newest first, 50 by default, in pages of the size asked', async () => {
    const actor = await createUser(db(), { email: 'pager@example.com' });
    // 120 rows a minute apart; two share the last minute, where the later id comes first.
    await seed([
      ...Array.from({ length: 119 }, (_, i) => ({
        at: T0 + i * MINUTE,
        action: 'admin.market.add',
        actor: actor.id,
      })),
      { at: T0 + 118 * MINUTE, action: 'admin.market.delete', actor: actor.id },
    ]);
    const first = await page(`actor=${actor.id}`);
    expect(first.total).toBe(120);
    expect(first.capped).toBe(false);
    expect(first.records).toHaveLength(50);
    expect(first.records[0]!.action).toBe('admin.market.delete');
    expect(first.records.map((r) => Date.parse(r.at))).toEqual(
      [...first.records.map((r) => Date.parse(r.at))].sort((a, b) => b - a),
    );
    const ids = first.records.map((r) => r.id);
    expect(ids[0]).toBeGreaterThan(ids[1]!);

    const third = await page(`actor=${actor.id}&current=3`);
    expect(third.records).toHaveLength(20);
    expect(Date.parse(third.records.at(-1)!.at)).toBe(T0);

    const small = await page(`actor=${actor.id}&pageSize=10&current=2`);
    expect(small.records.map((r) => r.id)).toEqual(ids.slice(10, 20));
    const all = await page(`actor=${actor.id}&pageSize=200`);
    expect(new Set(all.records.map((r) => r.id)).size).toBe(120);
  });

  it('filters by actor, action, target and date range, together', async () => {
    const alice = await createUser(db(), { email: 'alice.filter@example.com' });
    const bob = await createUser(db(), { email: 'bob.filter@example.com' });
    const base = T0 + 10 * 24 * 60 * MINUTE;
    await seed([
      { at: base, action: 'admin.quant.add', actor: alice.id, target: ['quantStrategy', '7'] },
      { at: base + MINUTE, action: 'admin.quant.update', actor: alice.id, target: ['quantStrategy', '7'] },
      { at: base + 2 * MINUTE, action: 'admin.quant.update', actor: bob.id, target: ['quantStrategy', '8'] },
      { at: base + 3 * MINUTE, action: 'admin.quant.delete', actor: bob.id, target: ['quantStrategy', '7'] },
    ]);
    const actions = (p: { records: AuditEntry[] }) => p.records.map((r) => r.action);

    expect(actions(await page(`actor=${alice.id}`))).toEqual(['admin.quant.update', 'admin.quant.add']);
    expect(actions(await page('actor=BOB.filter@example.com'))).toEqual([
      'admin.quant.delete',
      'admin.quant.update',
    ]);
    expect(await page('actor=nobody@example.com')).toEqual({ records: [], total: 0, capped: false });
    expect((await page('action=admin.quant.update')).records.map((r) => r.actor?.email)).toEqual([
      bob.email,
      alice.email,
    ]);
    expect(actions(await page('targetType=quantStrategy&targetId=7'))).toEqual([
      'admin.quant.delete',
      'admin.quant.update',
      'admin.quant.add',
    ]);
    expect((await page('targetType=quantStrategy')).total).toBe(4);
    // From included, to excluded; any time zone.
    const from = new Date(base + MINUTE).toISOString();
    const to = new Date(base + 3 * MINUTE).toISOString().replace('Z', '+00:00');
    expect(actions(await page(`from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`))).toEqual([
      'admin.quant.update',
      'admin.quant.update',
    ]);
    const eightHoursEast = new Date(base + 8 * 60 * MINUTE + 2 * MINUTE).toISOString().replace('Z', '+08:00');
    expect(actions(await page(`actor=${bob.id}&from=${encodeURIComponent(eightHoursEast)}`))).toEqual([
      'admin.quant.delete',
      'admin.quant.update',
    ]);
    expect(
      actions(await page(`actor=${alice.id}&action=admin.quant.update&targetType=quantStrategy&targetId=7`)),
    ).toEqual(['admin.quant.update']);
  });

  it('counts up to the cap and says when there are more', async () => {
    await seed(
      Array.from({ length: AUDIT_COUNT_CAP + 5 }, (_, i) => ({ at: T0 - i, action: 'legacy.bulk' })),
    );
    const capped = await page('action=legacy.bulk');
    expect(capped.total).toBe(AUDIT_COUNT_CAP);
    expect(capped.capped).toBe(true);
    expect(capped.records).toHaveLength(50);
    const last = await page(`action=legacy.bulk&pageSize=200&current=${AUDIT_COUNT_CAP / 200}`);
    expect(last.records).toHaveLength(200);
    // A name the server no longer writes is still offered by the filters, beside every known one.
    const filters = auditLogFilters.parse((await get('/api/Management/AuditLogFilters')).json());
    expect(filters.actions).toEqual(expect.arrayContaining([...AUDIT_ACTIONS, 'legacy.bulk']));
    expect(filters.actions).toEqual([...filters.actions].sort());
    expect(filters.targetTypes).toEqual(expect.arrayContaining(['user', 'quantStrategy', 'trader']));
  });

  it('shows rows written before user agents were recorded as having none', async () => {
    await seed([{ at: T0 - 365 * 24 * 60 * MINUTE, action: 'admin.roles.add', target: ['role', '99'] }]);
    const { records } = await page('targetType=role&targetId=99');
    expect(records[0]).toMatchObject({ ip: '198.51.100.1', userAgent: null, actor: null, detail: null });
  });

  it('refuses a bad query with problem details naming the field', async () => {
    const cases: Array<[string, string, string]> = [
      ['pageSize=201', 'pageSize', 'The page size must be a whole number from 1 to 200'],
      ['pageSize=0', 'pageSize', 'The page size must be a whole number from 1 to 200'],
      ['current=0', 'current', 'The page must be a whole number from 1'],
      ['current=x', 'current', 'The page must be a whole number from 1'],
      [
        'from=yesterday',
        'from',
        'A date must be an ISO 8601 date-time with its time zone, e.g. 2025-03-01T00:00:00+08:00',
      ],
      [
        'to=2025-03-01',
        'to',
        'A date must be an ISO 8601 date-time with its time zone, e.g. 2025-03-01T00:00:00+08:00',
      ],
      [
        'from=2025-03-02T00:00:00Z&to=2025-03-01T00:00:00Z',
        'to',
        'The end of the range must come after its start',
      ],
      ['targetId=7', 'targetType', 'Choose the target type to filter by a target id'],
      [
        `current=${AUDIT_COUNT_CAP / 50 + 1}`,
        'current',
        'Only the first 10,000 rows can be paged through: narrow them with a date range or another filter',
      ],
      [`action=${'a'.repeat(101)}`, 'action', 'The value is too long'],
    ];
    for (const [query, field, message] of cases) {
      const res = await get(`/api/Management/AuditLog?${query}`, { ...admin, 'accept-language': 'en' });
      expect(res.statusCode, query).toBe(400);
      expect(res.headers['content-type']).toContain('application/problem+json');
      expect(res.json().errors, query).toEqual({ [field]: [message] });
    }
    const zh = await get('/api/Management/AuditLog?pageSize=500', { ...admin, 'accept-language': 'zh-CN' });
    expect(zh.json().errors).toEqual({ pageSize: ['每页条数须为1到200之间的整数'] });
  });

  it('answers administrators only', async () => {
    for (const url of ['/api/Management/AuditLog', '/api/Management/AuditLogFilters']) {
      expect((await get(url, memberAuth)).statusCode).toBe(403);
      expect((await get(url, {})).statusCode).toBe(401);
      expect((await get(url)).statusCode).toBe(200);
    }
  });

  it('has no way to change or remove a row: no route, and the database refuses it', async () => {
    await t.app.ready();
    const auditRoutes = t.app.routeTable
      .filter((route) => /audit/i.test(route.url))
      .map((route) => `${route.method} ${route.url}`)
      .sort();
    expect(auditRoutes).toEqual(['GET /api/Management/AuditLog', 'GET /api/Management/AuditLogFilters']);
    const before = await db()
      .selectFrom('audit_log')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const { records } = await page('pageSize=1');
    const id = records[0]!.id;
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE'] as const) {
      for (const url of [
        '/api/Management/AuditLog',
        `/api/Management/AuditLog/${id}`,
        `/api/Management/AuditLog?id=${id}`,
      ]) {
        const res = await t.app.inject({ method, url, headers: admin, payload: { id, action: 'x' } });
        expect(res.statusCode, `${method} ${url}`).toBe(404);
      }
    }
    // Not even SQL: the table is append-only in the database (migration 0025).
    await expect(
      db().updateTable('audit_log').set({ action: 'edited' }).where('id', '=', id).execute(),
    ).rejects.toThrow(/append-only/);
    await expect(db().deleteFrom('audit_log').where('id', '=', id).execute()).rejects.toThrow(/append-only/);
    const after = await db()
      .selectFrom('audit_log')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBeGreaterThanOrEqual(Number(before.n));
    expect((await page('pageSize=1&current=1')).records.length).toBe(1);
    expect(
      (await db().selectFrom('audit_log').select('action').where('id', '=', id).executeTakeFirstOrThrow())
        .action,
    ).toBe(records[0]!.action);
  });
});

describe('the server code', () => {
  it('never updates or deletes audit rows', () => {
    const root = path.resolve(import.meta.dirname, '../..');
    const offenders = readdirSync(root, { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.ts') && !file.includes('.test.') && !file.includes('migrations'))
      .filter((file) =>
        /(updateTable|deleteFrom)\(\s*['"]audit_log['"]|(update|delete\s+from|truncate)\s+audit_log/i.test(
          readFileSync(path.join(root, file), 'utf8'),
        ),
      );
    expect(offenders).toEqual([]);
  });
});
