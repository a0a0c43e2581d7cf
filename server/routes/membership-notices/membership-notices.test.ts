import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE } from '#shared/roles.ts';
import type { MembershipReminder, PendingMembershipNotice } from '#shared/schemas/membership.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { TEST_DIALECTS } from '../../test/databases.ts';
import { createUser, type TestUser } from '../../test/factories.ts';
import { Browser, postLogin, signIn, startSignIn } from '../../test/sign-in.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

// The signed-in person's membership notice over HTTP: the reminder the sweep recorded, the notice that a
// membership has ended, their dismissal on every device; the admins' list; and that no request waits
// for a mail.
describe.each(TEST_DIALECTS)('membership notices API on %s', (dialect) => {
  let t: TestApp;
  let admin: Record<string, string>;

  beforeAll(async () => {
    // A slow mail relay: a request that waited for a mail would take seconds.
    t = await buildTestApp(dialect, {
      env: { MEMBERSHIP_REMINDERS: 'true', MEMBERSHIP_CONTACT: 'https://portal.example/renew' },
      smtp: { delayMs: 2_500 },
    });
    await t.app.ready();
    const adminUser = await createUser(t.testDb.database.db, { roles: [ROLE.admin] });
    admin = (await signIn(t.app, adminUser.email, adminUser.password)).auth;
  });
  afterAll(async () => t?.close());

  const db = () => t.testDb.database.db;

  async function person(roles: string[], endsIn: number | null): Promise<TestUser> {
    const user = await createUser(db(), { roles });
    await db()
      .updateTable('users')
      .set({ member_expiry_date: endsIn === null ? null : Date.now() + endsIn })
      .where('id', '=', user.id)
      .execute();
    return user;
  }
  const expiryOf = async (userId: string) =>
    Number(
      (
        await db()
          .selectFrom('users')
          .select('member_expiry_date')
          .where('id', '=', userId)
          .executeTakeFirstOrThrow()
      ).member_expiry_date,
    );

  async function pending(auth: Record<string, string>): Promise<PendingMembershipNotice> {
    const res = await t.app.inject({ url: '/api/MembershipNotice/Pending', headers: auth });
    expect(res.statusCode).toBe(200);
    return res.json();
  }
  async function dismiss(auth: Record<string, string>, kind: 'reminder' | 'ended', expiryDate: string) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/MembershipNotice/Dismiss',
      headers: auth,
      payload: { kind, expiryDate },
    });
    expect(res.statusCode).toBe(200);
  }
  async function reminders(userId: string): Promise<MembershipReminder[]> {
    const res = await t.app.inject({
      url: `/api/Management/GetMembershipReminders?userId=${userId}`,
      headers: admin,
    });
    expect(res.statusCode).toBe(200);
    return res.json();
  }

  it('shows the reminder until it is dismissed, on every device, and the 1-day one after that', async () => {
    const member = await person([ROLE.standardUser], 5 * DAY);
    const laptop = (await signIn(t.app, member.email, member.password)).auth;
    // Nothing before the sweep has reminded them.
    expect(await pending(laptop)).toEqual({
      notice: null,
      contact: { text: 'https://portal.example/renew', href: 'https://portal.example/renew' },
    });
    await t.app.membershipReminders.sweep();
    const expiry = new Date(await expiryOf(member.id)).toISOString();
    expect((await pending(laptop)).notice).toEqual({
      kind: 'reminder',
      thresholdDays: 7,
      expiryDate: expiry,
    });

    await dismiss(laptop, 'reminder', expiry);
    expect((await pending(laptop)).notice).toBeNull();
    const phone = (await signIn(t.app, member.email, member.password)).auth;
    expect((await pending(phone)).notice).toBeNull();

    // The last day: the 1-day reminder is a new notice (recorded by the sweep for the same date).
    await db()
      .updateTable('users')
      .set({ member_expiry_date: Date.now() + 10 * HOUR })
      .where('id', '=', member.id)
      .execute();
    await t.app.membershipReminders.sweep();
    const lastDay = new Date(await expiryOf(member.id)).toISOString();
    expect((await pending(phone)).notice).toEqual({
      kind: 'reminder',
      thresholdDays: 1,
      expiryDate: lastDay,
    });
    await dismiss(phone, 'reminder', lastDay);
    expect((await pending(laptop)).notice).toBeNull();

    // The admins see both, newest first, with the mails' state and the dismissals.
    const rows = await reminders(member.id);
    expect(rows.map((r) => [r.thresholdDays, r.expiryDate, r.locale, r.dismissedAt !== null])).toEqual([
      [1, lastDay, 'zh', true],
      [7, expiry, 'zh', true],
    ]);
    expect(rows.every((r) => ['queued', 'retrying', 'sent'].includes(r.mail.state))).toBe(true);
  });

  it('tells a member whose membership ended, once, what they lost and whom to contact', async () => {
    const member = await person([ROLE.premiumUser], -2 * DAY);
    const auth = (await signIn(t.app, member.email, member.password)).auth;
    const expiry = new Date(await expiryOf(member.id)).toISOString();
    expect((await pending(auth)).notice).toEqual({ kind: 'ended', expiryDate: expiry });
    await dismiss(auth, 'ended', expiry);
    expect((await pending(auth)).notice).toBeNull();
    const other = (await signIn(t.app, member.email, member.password)).auth;
    expect((await pending(other)).notice).toBeNull();
    expect((await reminders(member.id)).map((r) => [r.thresholdDays, r.mail.state])).toEqual([[0, 'none']]);

    // Renewed, then ended again: a new end, a new notice.
    await db()
      .updateTable('users')
      .set({ member_expiry_date: Date.now() - HOUR })
      .where('id', '=', member.id)
      .execute();
    expect((await pending(other)).notice).toEqual({
      kind: 'ended',
      expiryDate: new Date(await expiryOf(member.id)).toISOString(),
    });
  });

  it('has nothing for admins, non-members, people who never had a membership, or a current one', async () => {
    const people = [
      await person([ROLE.admin], -DAY),
      await person([ROLE.admin], 3 * DAY),
      await person([], -DAY),
      await person([ROLE.standardUser], null),
      await person([ROLE.standardUser], 30 * DAY),
    ];
    await t.app.membershipReminders.sweep();
    for (const user of people) {
      const auth = (await signIn(t.app, user.email, user.password)).auth;
      expect((await pending(auth)).notice, user.email).toBeNull();
      // Dismissing what is not pending changes nothing.
      await dismiss(auth, 'ended', new Date(Date.now() - DAY).toISOString());
      expect(await reminders(user.id)).toEqual([]);
    }
  });

  it('never makes a request wait for the mail: the admin change answers, the mail follows', async () => {
    const member = await person([ROLE.standardUser], 60 * DAY);
    const roles = (await t.app.inject({ url: '/api/Management/GetRoles', headers: admin })).json() as Array<{
      roleId: number;
      roleName: string;
    }>;
    const standard = roles.find((r) => r.roleName === ROLE.standardUser)!.roleId;
    const started = Date.now();
    const assign = await t.app.inject({
      method: 'POST',
      url: '/api/Management/AssignUserRole',
      headers: admin,
      payload: { userId: member.id, permissionMap: [standard], memberDays: 3 },
    });
    expect(assign.statusCode).toBe(200);
    // The relay takes 2.5 s a mail; the change answered well before any mail could have been delivered.
    expect(Date.now() - started).toBeLessThan(2_500);
    // The change nudged the sweep: the reminder is recorded and its mail queued, then delivered.
    await expect.poll(async () => (await reminders(member.id)).length, { timeout: 10_000 }).toBe(1);
    const auth = (await signIn(t.app, member.email, member.password)).auth;
    const before = Date.now();
    expect((await pending(auth)).notice).toMatchObject({ kind: 'reminder', thresholdDays: 7 });
    expect(Date.now() - before).toBeLessThan(2_500);
    const mail = await t.mail.mailTo(member.email);
    expect(mail.subject).toBe('【链策学堂】您的会员将在7天内到期');
    expect(mail.text).toContain('如需续费，请联系：https://portal.example/renew');
    await expect
      .poll(async () => (await reminders(member.id))[0]?.mail.state, { timeout: 10_000 })
      .toBe('sent');
  });

  it('keeps the mail outcome after the outbox deleted the mail', async () => {
    const member = await person([ROLE.standardUser], 2 * DAY);
    await t.app.membershipReminders.sweep();
    await t.mail.mailTo(member.email);
    await expect
      .poll(async () => (await reminders(member.id))[0]?.mail.state, { timeout: 10_000 })
      .toBe('sent');
    // The next sweep copies the outcome; then the outbox's retention deletes the row.
    await t.app.membershipReminders.sweep();
    await db().deleteFrom('mail_outbox').where('to_address', '=', member.email).execute();
    const [row] = await reminders(member.id);
    expect(row?.mail).toMatchObject({ state: 'sent', at: expect.any(String) });
  });

  it('writes the mail in the language the member last signed in with', async () => {
    const member = await person([ROLE.standardUser], 4 * DAY);
    // The web app sends its language with every call, the sign-in too.
    const browser = new Browser(t.app, { headers: { 'accept-language': 'en' } });
    await startSignIn(browser);
    const login = await postLogin(browser, member.email, member.password);
    expect(login.json()).toMatchObject({ code: 0 });
    await t.app.membershipReminders.sweep();
    const mail = await t.mail.mailTo(member.email);
    expect(mail.subject).toBe('ChainCompass Academy: your membership ends within 7 days');
    expect((await reminders(member.id))[0]?.locale).toBe('en');
  });
});
