import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creditLedgerPage } from '#shared/schemas/credit.ts';
import { managedUser, usersPage } from '#shared/schemas/management.ts';
import { personalInfo } from '#shared/schemas/personal.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { TEST_DIALECTS } from '../../test/databases.ts';
import { createUser, type TestUser } from '../../test/factories.ts';
import { signIn } from '../../test/sign-in.ts';

// Member credit through HTTP on both databases: admins' adjustments with a reason and an audit row, the
// refusal to go below 0 unless confirmed, the ledger (every entry with the balance after it) summing to
// the balance shown in the admin list and detail and on the profile as points.

type Headers = { authorization: string };

describe.each(TEST_DIALECTS)('member credit on %s', (dialect) => {
  let t: TestApp;
  let admin: Headers;
  let adminUser: TestUser;
  let member: TestUser;
  let memberAuth: Headers;
  const db = () => t.testDb.database.db;
  const get = (url: string, headers: Headers) => t.app.inject({ url, headers });
  const adjust = (payload: object, language = 'zh') =>
    t.app.inject({
      method: 'POST',
      url: '/api/Credit/Adjust',
      payload,
      headers: { ...admin, 'accept-language': language },
    });
  const balanceOf = async (id: string) =>
    (await db().selectFrom('users').select('member_credit').where('id', '=', id).executeTakeFirstOrThrow())
      .member_credit;
  const ledgerSum = async (id: string) =>
    Number(
      (
        await db()
          .selectFrom('credit_ledger')
          .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount'), eb.lit(0)).as('sum'))
          .where('user_id', '=', id)
          .executeTakeFirstOrThrow()
      ).sum,
    );

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    adminUser = await createUser(db(), { roles: ['Admin'] });
    admin = (await signIn(t.app, adminUser.email, adminUser.password)).auth as Headers;
    member = await createUser(db(), { roles: ['StandardUser'], memberDays: 30 });
    memberAuth = (await signIn(t.app, member.email, member.password)).auth as Headers;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('adjusts a balance with a reason, writes the entry and an audit row', async () => {
    const res = await adjust({ userId: member.id, amount: 120, reason: ' welcome bonus ' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ balance: 120, entryId: expect.any(Number) });
    const less = await adjust({ userId: member.id, amount: -20, reason: 'correction' });
    expect(less.json().balance).toBe(100);

    const ledger = creditLedgerPage.parse(
      (await get(`/api/Credit/Ledger?userId=${member.id}`, admin)).json(),
    );
    expect(ledger.balance).toBe(100);
    expect(ledger.total).toBe(2);
    expect(ledger.records.map((e) => [e.amount, e.balance, e.kind, e.reason, e.actor])).toEqual([
      [-20, 100, 'adjustment', 'correction', adminUser.email],
      [120, 120, 'adjustment', 'welcome bonus', adminUser.email],
    ]);
    // The member reads the same ledger without the admin's address.
    const mine = creditLedgerPage.parse((await get('/api/Credit/Mine', memberAuth)).json());
    expect(mine.records.map((e) => [e.amount, e.reason, e.actor])).toEqual([
      [-20, 'correction', null],
      [120, 'welcome bonus', null],
    ]);
    const audits = await db()
      .selectFrom('audit_log')
      .select(['actor_id', 'detail'])
      .where('action', '=', 'admin.credit.adjust')
      .where('target_id', '=', member.id)
      .orderBy('id')
      .execute();
    expect(
      audits.map((a) => [a.actor_id, JSON.parse(a.detail!).amount, JSON.parse(a.detail!).reason]),
    ).toEqual([
      [adminUser.id, 120, 'welcome bonus'],
      [adminUser.id, -20, 'correction'],
    ]);
  });

  it('refuses to take a balance below 0 until the admin confirms', async () => {
    const user = await createUser(db());
    await adjust({ userId: user.id, amount: 30, reason: 'start' });
    const refused = await adjust({ userId: user.id, amount: -50, reason: 'chargeback' }, 'en');
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'creditWouldGoNegative',
      balance: 30,
      balanceAfter: -20,
      errors: { allowNegative: ['This would take the credit balance below 0: it needs your confirmation'] },
    });
    expect(await balanceOf(user.id)).toBe(30);
    expect(await ledgerSum(user.id)).toBe(30);
    // Saying "no" explicitly is the same as not saying.
    expect(
      (await adjust({ userId: user.id, amount: -50, reason: 'x', allowNegative: false })).statusCode,
    ).toBe(409);

    const confirmed = await adjust({
      userId: user.id,
      amount: -50,
      reason: 'chargeback',
      allowNegative: true,
    });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json().balance).toBe(-20);
    const audit = await db()
      .selectFrom('audit_log')
      .select('detail')
      .where('action', '=', 'admin.credit.adjust')
      .where('target_id', '=', user.id)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(audit.detail!)).toMatchObject({ amount: -50, balance: -20, belowZeroConfirmed: true });
    // Adding to a negative balance needs nothing.
    expect((await adjust({ userId: user.id, amount: 5, reason: 'top up' })).json().balance).toBe(-15);
  });

  it('refuses amounts, reasons and users that are not right, with messages', async () => {
    const bad = await adjust({ userId: member.id, amount: 0, reason: '' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({
      amount: ['调整数额须为非零整数，绝对值不超过1000000'],
      reason: ['请填写原因'],
    });
    expect((await adjust({ userId: member.id, amount: 1.5, reason: 'x' })).statusCode).toBe(400);
    expect((await adjust({ userId: member.id, amount: 2_000_000, reason: 'x' })).statusCode).toBe(400);
    expect((await adjust({ userId: member.id, amount: 1, reason: 'x'.repeat(201) })).statusCode).toBe(400);
    expect((await adjust({ userId: 'nobody', amount: 1, reason: 'x' })).statusCode).toBe(404);
    expect((await get('/api/Credit/Ledger?userId=nobody', admin)).statusCode).toBe(404);
  });

  it('shows the balance in the admin list and detail, and as the profile’s points', async () => {
    const user = await createUser(db());
    await adjust({ userId: user.id, amount: 75, reason: 'gift' });
    const list = usersPage.parse(
      (await get(`/api/Management/GetUsers?search=${encodeURIComponent(user.email)}`, admin)).json(),
    );
    expect(list.records[0]!.memberCredit).toBe(75);
    const plain = (await get('/api/Management/GetUsers', admin)).json() as unknown[];
    expect(plain.map((u) => managedUser.parse(u)).find((u) => u.userId === user.id)?.memberCredit).toBe(75);
    expect((await get(`/api/Management/GetUser?userId=${user.id}`, admin)).json().memberCredit).toBe(75);
    const auth = (await signIn(t.app, user.email, user.password)).auth as Headers;
    const info = personalInfo.parse((await get('/api/PersonalInfo/GetPersonalInfo', auth)).json());
    expect(info).toMatchObject({ memberCredit: 75, points: 75 });
  });

  it('keeps every ledger summing to its balance when adjustments race', async () => {
    const user = await createUser(db());
    await adjust({ userId: user.id, amount: 100, reason: 'start' });
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        adjust({ userId: user.id, amount: i % 2 ? -15 : 10, reason: `r${i}` }),
      ),
    );
    // Some decreases may be refused (below 0); whatever went through is in the ledger, and only that.
    const done = answers.filter((r) => r.statusCode === 200).length;
    expect(done + answers.filter((r) => r.statusCode === 409).length).toBe(12);
    expect(await ledgerSum(user.id)).toBe(await balanceOf(user.id));
    const entries = await db()
      .selectFrom('credit_ledger')
      .select(['amount', 'balance'])
      .where('user_id', '=', user.id)
      .orderBy('id')
      .execute();
    let running = 0;
    for (const entry of entries) {
      running += entry.amount;
      expect(entry.balance).toBe(running);
    }
    const all = await db().selectFrom('users').select(['id', 'member_credit']).execute();
    for (const u of all) expect(await ledgerSum(u.id), u.id).toBe(u.member_credit);
  });
});
