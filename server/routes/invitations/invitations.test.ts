import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { INVITE_CODE_ALPHABET, INVITE_CODE_LENGTH } from '#shared/invitations.ts';
import { creditLedgerPage } from '#shared/schemas/credit.ts';
import { adminRewardPage, invitationSummary, inviteePage } from '#shared/schemas/invitations.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { TEST_DIALECTS } from '../../test/databases.ts';
import { createUser, linkIn, TEST_PASSWORD, type TestUser } from '../../test/factories.ts';
import { signIn } from '../../test/sign-in.ts';

// Invitation rebate through HTTP on both databases: codes, registration through a code (kept, never
// changed, never oneself), the invitees an inviter sees, and the reward of an invitee's first membership:
// granted once per invitee however the grant is repeated or raced, reversible with a reason.

type Headers = { authorization: string };
const DAY = 86_400_000;

describe.each(TEST_DIALECTS)('invitation rebate on %s', (dialect) => {
  let t: TestApp;
  let admin: Headers;
  let premiumRoleId: number;
  const db = () => t.testDb.database.db;
  const get = (url: string, headers: Headers) => t.app.inject({ url, headers });
  const post = (url: string, payload: object, headers?: Headers) =>
    t.app.inject({ method: 'POST', url, payload, ...(headers ? { headers } : {}) });

  /** A confirmed, signed-in person with their invite code. */
  async function inviter(options: Parameters<typeof createUser>[1] = {}) {
    const user = await createUser(db(), options);
    const auth = (await signIn(t.app, user.email, user.password)).auth as Headers;
    const mine = invitationSummary.parse((await get('/api/Invitation/Mine', auth)).json());
    return { user, auth, code: mine.code };
  }

  /** Registers through the API (as the register page does) and confirms by the mailed link. */
  async function register(email: string, inviteCode?: string, confirm = true): Promise<string> {
    const res = await post('/Auth/PostRegister', {
      email,
      password: TEST_PASSWORD,
      confirm: TEST_PASSWORD,
      agreeTerms: true,
      notRestrictedResident: true,
      ...(inviteCode === undefined ? {} : { inviteCode }),
    });
    expect(res.statusCode, res.body).toBe(200);
    const link = linkIn((await t.mail.mailTo(email)).text);
    const userId = link.searchParams.get('userId')!;
    if (confirm) {
      const confirmed = await post('/Auth/ConfirmEmail', { userId, code: link.searchParams.get('code') });
      expect(confirmed.statusCode).toBe(200);
    }
    return userId;
  }

  const invitedBy = async (userId: string) =>
    (await db().selectFrom('users').select('invited_by').where('id', '=', userId).executeTakeFirstOrThrow())
      .invited_by;
  const rewardsOf = (inviteeId: string) =>
    db().selectFrom('invitation_rewards').selectAll().where('invitee_id', '=', inviteeId).execute();
  const userRow = (id: string) =>
    db().selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const grantPremium = (userId: string, memberDays = 30) =>
    post('/api/Management/AssignUserRole', { userId, permissionMap: [premiumRoleId], memberDays }, admin);
  const setRewards = (credit: number | null, days: number | null) =>
    post(
      '/api/Invitation/UpdateSettings',
      {
        creditEnabled: credit !== null,
        creditAmount: credit ?? 100,
        daysEnabled: days !== null,
        daysAmount: days ?? 7,
      },
      admin,
    );
  /** Each user's ledger sums to their balance. */
  async function expectLedgersMatchBalances() {
    const users = await db().selectFrom('users').select(['id', 'member_credit']).execute();
    const sums = await db()
      .selectFrom('credit_ledger')
      .select(['user_id', (eb) => eb.fn.sum<number>('amount').as('sum')])
      .groupBy('user_id')
      .execute();
    const byUser = new Map(sums.map((s) => [s.user_id, Number(s.sum)]));
    for (const user of users) expect(byUser.get(user.id) ?? 0, user.id).toBe(user.member_credit);
  }

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    const a = await createUser(db(), { roles: ['Admin'] });
    admin = (await signIn(t.app, a.email, a.password)).auth as Headers;
    premiumRoleId = (
      await db().selectFrom('roles').select('id').where('name', '=', 'PremiumUser').executeTakeFirstOrThrow()
    ).id;
  });
  afterAll(async () => {
    await t?.close();
  });
  beforeEach(async () => {
    expect((await setRewards(50, 10)).statusCode).toBe(200);
  });

  it('gives every signed-in person one short code of unambiguous characters, the same each time', async () => {
    const { auth, code } = await inviter();
    expect(code).toHaveLength(INVITE_CODE_LENGTH);
    for (const c of code) expect(INVITE_CODE_ALPHABET).toContain(c);
    const again = invitationSummary.parse((await get('/api/Invitation/Mine', auth)).json());
    expect(again).toEqual({
      code,
      invitedCount: 0,
      memberCount: 0,
      creditEarned: 0,
      daysEarned: 0,
      offer: { credit: 50, days: 10 },
    });
    // Two first requests at once still leave one code.
    const other = await createUser(db());
    const otherAuth = (await signIn(t.app, other.email, other.password)).auth as Headers;
    const [x, y] = await Promise.all([
      get('/api/Invitation/Mine', otherAuth),
      get('/api/Invitation/Mine', otherAuth),
    ]);
    expect(x.json().code).toBe(y.json().code);
    expect(
      await db().selectFrom('invite_codes').select('code').where('user_id', '=', other.id).execute(),
    ).toHaveLength(1);
  });

  it('stores the inviter of an account registered with a code (any case), and shows it to the inviter masked', async () => {
    const a = await inviter();
    const id = await register(`alice-${dialect}@example.com`, ` ${a.code.toLowerCase()} `);
    expect(await invitedBy(id)).toBe(a.user.id);
    const unconfirmed = await register(`bob-${dialect}@example.com`, a.code, false);
    expect(await invitedBy(unconfirmed)).toBe(a.user.id);

    const page = inviteePage.parse((await get('/api/Invitation/Invitees', a.auth)).json());
    expect(page.total).toBe(2);
    expect(page.records.map((r) => r.email)).toEqual(['b***@example.com', 'a***@example.com']);
    expect(page.records.map((r) => r.confirmed)).toEqual([false, true]);
    expect(page.records[1]).toMatchObject({ isMember: false, becameMemberAt: null, reward: null });
    // Nothing in the answer names the invitee's account.
    expect(JSON.stringify(page)).not.toContain(id);
    const audit = await db()
      .selectFrom('audit_log')
      .select('detail')
      .where('action', '=', 'register')
      .where('target_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(audit.detail!)).toEqual({ invite: 'accepted', inviterId: a.user.id });
  });

  it('registers with an unknown code as without one, and says so in the audit row', async () => {
    const id = await register(`nobody-knows-${dialect}@example.com`, 'ZZZZZZZZ');
    expect(await invitedBy(id)).toBeNull();
    const malformed = await register(`malformed-${dialect}@example.com`, 'not a code!');
    expect(await invitedBy(malformed)).toBeNull();
    const audit = await db()
      .selectFrom('audit_log')
      .select('detail')
      .where('action', '=', 'register')
      .where('target_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(audit.detail!)).toEqual({ invite: 'unknown' });
  });

  it('refuses a self-invite: the inviter’s own mailbox under another address gets no inviter', async () => {
    const a = await inviter({ email: `first.last-${dialect}@gmail.com` });
    const plus = await register(`first.last-${dialect}+second@gmail.com`, a.code);
    const dots = await register(`firstlast-${dialect}@googlemail.com`, a.code);
    expect(await invitedBy(plus)).toBeNull();
    expect(await invitedBy(dots)).toBeNull();
    const details = await db()
      .selectFrom('audit_log')
      .select('detail')
      .where('action', '=', 'register')
      .where('target_id', 'in', [plus, dots])
      .execute();
    expect(details.map((d) => JSON.parse(d.detail!))).toEqual([
      { invite: 'self', inviterId: a.user.id },
      { invite: 'self', inviterId: a.user.id },
    ]);
    // Registering the inviter's own address with its code changes nothing either.
    const again = await post('/Auth/PostRegister', {
      email: a.user.email,
      password: TEST_PASSWORD,
      confirm: TEST_PASSWORD,
      agreeTerms: true,
      notRestrictedResident: true,
      inviteCode: a.code,
    });
    expect(again.statusCode).toBe(200);
    expect(await invitedBy(a.user.id)).toBeNull();
  });

  it('never changes an account’s inviter after registration', async () => {
    const a = await inviter();
    const b = await inviter();
    const id = await register(`kept-${dialect}@example.com`, a.code, false);
    // Registering the same (unconfirmed) address again with another code: same answer, inviter kept.
    const res = await post('/Auth/PostRegister', {
      email: `kept-${dialect}@example.com`,
      password: TEST_PASSWORD,
      confirm: TEST_PASSWORD,
      agreeTerms: true,
      notRestrictedResident: true,
      inviteCode: b.code,
    });
    expect(res.json()).toEqual({ ok: true });
    expect(await invitedBy(id)).toBe(a.user.id);
    // An account without an inviter cannot get one later, and the profile update ignores the field.
    const plain = await inviter();
    const update = await post(
      '/api/PersonalInfo/UpdatePersonalInfo',
      { nickName: 'x', invitedBy: a.user.id, inviteCode: a.code },
      plain.auth,
    );
    expect(update.statusCode).toBe(200);
    expect(await invitedBy(plain.user.id)).toBeNull();
  });

  it('rewards the inviter once when the invitee first becomes a member, whatever grants follow', async () => {
    const a = await inviter({ roles: ['StandardUser'], memberDays: 5 });
    const before = await userRow(a.user.id);
    const id = await register(`first-member-${dialect}@example.com`, a.code);

    expect((await grantPremium(id)).statusCode).toBe(200);
    const [reward] = await rewardsOf(id);
    expect(reward).toMatchObject({ inviter_id: a.user.id, credit: 50, days: 10, reversed_at: null });
    const after = await userRow(a.user.id);
    expect(after.member_credit).toBe(before.member_credit + 50);
    expect(after.member_expiry_date! - before.member_expiry_date!).toBeGreaterThanOrEqual(10 * DAY);
    expect(after.member_expiry_date! - before.member_expiry_date!).toBeLessThan(10 * DAY + 60_000);

    // The same grant again, tags taken away and given back, a batch: nothing more.
    expect((await grantPremium(id)).statusCode).toBe(200);
    expect(
      (await post('/api/Management/AssignUserRole', { userId: id, permissionMap: [] }, admin)).statusCode,
    ).toBe(200);
    expect((await grantPremium(id)).statusCode).toBe(200);
    const batch = await post(
      '/api/Management/BatchUserOperation',
      { permissionMap: [premiumRoleId], expiryInDays: 30, rows: [id] },
      admin,
    );
    expect(batch.statusCode).toBe(200);
    expect(await rewardsOf(id)).toHaveLength(1);
    expect((await userRow(a.user.id)).member_credit).toBe(before.member_credit + 50);

    // The inviter sees the invitee as a member and the reward, in the list and in the ledger.
    const page = inviteePage.parse((await get('/api/Invitation/Invitees', a.auth)).json());
    expect(page.records[0]).toMatchObject({
      email: 'f***@example.com',
      isMember: true,
      reward: { id: reward!.id, credit: 50, days: 10, reversedAt: null },
    });
    expect(page.records[0]!.becameMemberAt).not.toBeNull();
    const ledger = creditLedgerPage.parse((await get('/api/Credit/Mine', a.auth)).json());
    expect(ledger.balance).toBe(before.member_credit + 50);
    expect(ledger.records[0]).toMatchObject({
      amount: 50,
      balance: before.member_credit + 50,
      kind: 'invitation-reward',
      reference: { type: 'invitation-reward', id: String(reward!.id) },
      actor: null,
    });
    const summary = invitationSummary.parse((await get('/api/Invitation/Mine', a.auth)).json());
    expect(summary).toMatchObject({ invitedCount: 1, memberCount: 1, creditEarned: 50, daysEarned: 10 });
    const audits = await db()
      .selectFrom('audit_log')
      .select(['action', 'detail'])
      .where('action', '=', 'invitation.reward')
      .where('target_id', '=', a.user.id)
      .execute();
    expect(audits).toHaveLength(1);
    expect(JSON.parse(audits[0]!.detail!)).toEqual({
      rewardId: reward!.id,
      inviteeId: id,
      credit: 50,
      days: 10,
    });
    await expectLedgersMatchBalances();
  });

  it('rewards through the batch operation, and records a first membership with rewards off as rewarding nothing', async () => {
    const a = await inviter();
    const viaBatch = await register(`batch-${dialect}@example.com`, a.code);
    const batch = await post(
      '/api/Management/BatchUserOperation',
      { permissionMap: [premiumRoleId], expiryInDays: 30, rows: [viaBatch] },
      admin,
    );
    expect(batch.statusCode).toBe(200);
    expect(await rewardsOf(viaBatch)).toMatchObject([{ credit: 50, days: 10 }]);

    expect((await setRewards(null, null)).statusCode).toBe(200);
    const whileOff = await register(`off-${dialect}@example.com`, a.code);
    expect((await grantPremium(whileOff)).statusCode).toBe(200);
    expect(await rewardsOf(whileOff)).toMatchObject([{ credit: 0, days: 0 }]);
    expect((await userRow(a.user.id)).member_credit).toBe(50);
    // Switching rewards on later does not pay for a membership that was already the first.
    expect((await setRewards(50, 10)).statusCode).toBe(200);
    expect((await grantPremium(whileOff)).statusCode).toBe(200);
    expect(await rewardsOf(whileOff)).toMatchObject([{ credit: 0, days: 0 }]);
    expect((await userRow(a.user.id)).member_credit).toBe(50);
  });

  it('pays nothing for a grant that does not make the invitee a member (expired days)', async () => {
    const a = await inviter();
    const id = await register(`expired-${dialect}@example.com`, a.code);
    expect((await grantPremium(id, -1)).statusCode).toBe(200);
    expect(await rewardsOf(id)).toEqual([]);
    expect((await grantPremium(id, 3)).statusCode).toBe(200);
    expect(await rewardsOf(id)).toHaveLength(1);
  });

  it('grants exactly once when two grants for the same invitee run at the same time', async () => {
    const a = await inviter();
    const invitees = await Promise.all(
      [1, 2, 3, 4].map((n) => register(`race-${n}-${dialect}@example.com`, a.code)),
    );
    for (const id of invitees) {
      const answers = await Promise.all([
        grantPremium(id),
        grantPremium(id),
        post(
          '/api/Management/BatchUserOperation',
          { permissionMap: [premiumRoleId], expiryInDays: 30, rows: [id] },
          admin,
        ),
      ]);
      expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    }
    for (const id of invitees) expect(await rewardsOf(id)).toHaveLength(1);
    expect((await userRow(a.user.id)).member_credit).toBe(4 * 50);
    const entries = await db()
      .selectFrom('credit_ledger')
      .select('ref_id')
      .where('user_id', '=', a.user.id)
      .where('kind', '=', 'invitation-reward')
      .execute();
    expect(entries).toHaveLength(4);
    await expectLedgersMatchBalances();
  });

  it('lets an admin reverse a reward with a reason: the credit by a ledger entry and the days, once', async () => {
    const a = await inviter({ roles: ['StandardUser'], memberDays: 20 });
    const id = await register(`reverse-${dialect}@example.com`, a.code);
    expect((await grantPremium(id)).statusCode).toBe(200);
    const [reward] = await rewardsOf(id);
    const granted = await userRow(a.user.id);

    const missingReason = await post('/api/Invitation/ReverseReward', { id: reward!.id, reason: ' ' }, admin);
    expect(missingReason.statusCode).toBe(400);
    const res = await post(
      '/api/Invitation/ReverseReward',
      { id: reward!.id, reason: 'fake account' },
      admin,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      id: reward!.id,
      inviter: { userId: a.user.id, email: a.user.email },
      invitee: { userId: id },
      credit: 50,
      days: 10,
      reverseReason: 'fake account',
    });
    expect(res.json().reversedAt).not.toBeNull();
    const reversed = await userRow(a.user.id);
    expect(reversed.member_credit).toBe(granted.member_credit - 50);
    expect(granted.member_expiry_date! - reversed.member_expiry_date!).toBe(10 * DAY);
    const ledger = creditLedgerPage.parse((await get('/api/Credit/Mine', a.auth)).json());
    expect(ledger.records[0]).toMatchObject({
      amount: -50,
      kind: 'invitation-reversal',
      reason: 'fake account',
      reference: { type: 'invitation-reward', id: String(reward!.id) },
    });
    const again = await post('/api/Invitation/ReverseReward', { id: reward!.id, reason: 'twice' }, admin);
    expect(again.statusCode).toBe(409);
    expect((await userRow(a.user.id)).member_credit).toBe(reversed.member_credit);
    expect(
      await db()
        .selectFrom('audit_log')
        .select('target_id')
        .where('action', '=', 'admin.invitation.reverse')
        .where('target_id', '=', String(reward!.id))
        .execute(),
    ).toHaveLength(1);
    // The inviter sees the reward as reversed; it still counts as a member gained, not as credit earned.
    const summary = invitationSummary.parse((await get('/api/Invitation/Mine', a.auth)).json());
    expect(summary).toMatchObject({ memberCount: 1, creditEarned: 0, daysEarned: 0 });
    await expectLedgersMatchBalances();
  });

  it('asks before a reversal takes the inviter’s credit below 0', async () => {
    const a = await inviter();
    const id = await register(`spent-${dialect}@example.com`, a.code);
    expect((await grantPremium(id)).statusCode).toBe(200);
    const [reward] = await rewardsOf(id);
    expect((await userRow(a.user.id)).member_expiry_date).toBe(reward!.expiry_after);
    // An admin took 30 of the 50 away in the meantime.
    expect(
      (await post('/api/Credit/Adjust', { userId: a.user.id, amount: -30, reason: 'correction' }, admin))
        .statusCode,
    ).toBe(200);
    const refused = await post('/api/Invitation/ReverseReward', { id: reward!.id, reason: 'fraud' }, admin);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'creditWouldGoNegative', balance: 20, balanceAfter: -30 });
    expect((await rewardsOf(id))[0]!.reversed_at).toBeNull();
    const confirmed = await post(
      '/api/Invitation/ReverseReward',
      { id: reward!.id, reason: 'fraud', allowNegative: true },
      admin,
    );
    expect(confirmed.statusCode).toBe(200);
    expect((await userRow(a.user.id)).member_credit).toBe(-30);
    // The inviter had no membership before the reward's days: none again, not an expiry in the past.
    expect((await userRow(a.user.id)).member_expiry_date).toBeNull();
    await expectLedgersMatchBalances();
  });

  it('keeps the settings, audited, and lists the rewards for admins with search and status', async () => {
    const bad = await post(
      '/api/Invitation/UpdateSettings',
      { creditEnabled: true, creditAmount: 0, daysEnabled: true, daysAmount: 400 },
      { ...admin, 'accept-language': 'en' } as Headers,
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({
      creditAmount: ['The reward credit is a whole number from 1 to 1,000,000'],
      daysAmount: ['The reward days are a whole number from 1 to 365'],
    });
    const saved = await setRewards(80, null);
    expect(saved.json()).toMatchObject({
      creditEnabled: true,
      creditAmount: 80,
      daysEnabled: false,
      daysAmount: 7,
    });
    expect((await get('/api/Invitation/Settings', admin)).json()).toEqual(saved.json());
    const audit = await db()
      .selectFrom('audit_log')
      .select('detail')
      .where('action', '=', 'admin.invitation.settings')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(audit.detail!).after).toEqual({
      credit_enabled: 1,
      credit_amount: 80,
      days_enabled: 0,
      days_amount: 7,
    });

    const a = await inviter({ email: `listed-inviter-${dialect}@example.com` });
    const id = await register(`listed-invitee-${dialect}@example.com`, a.code);
    expect((await grantPremium(id)).statusCode).toBe(200);
    const page = adminRewardPage.parse(
      (await get(`/api/Invitation/Rewards?search=listed-invitee-${dialect}`, admin)).json(),
    );
    expect(page.total).toBe(1);
    expect(page.records[0]).toMatchObject({
      inviter: { userId: a.user.id, email: a.user.email },
      invitee: { userId: id, email: `listed-invitee-${dialect}@example.com` },
      credit: 80,
      days: 0,
      reversedAt: null,
    });
    expect(page.records[0]!.grantedBy).toMatch(/@example\.com$/);
    const reversedOnly = adminRewardPage.parse(
      (await get(`/api/Invitation/Rewards?search=listed-invitee-${dialect}&status=reversed`, admin)).json(),
    );
    expect(reversedOnly.total).toBe(0);
  });

  it('keeps a member’s view to their own invitees', async () => {
    const a = await inviter();
    const b: { user: TestUser; auth: Headers } = await inviter();
    await register(`only-a-${dialect}@example.com`, a.code);
    expect(inviteePage.parse((await get('/api/Invitation/Invitees', b.auth)).json()).total).toBe(0);
    expect(inviteePage.parse((await get('/api/Invitation/Invitees', a.auth)).json()).total).toBe(1);
  });
});
