import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE } from '#shared/roles.ts';
import { type Database, openDatabase } from '../db/database.ts';
import { MailOutbox } from '../mail/mailer.ts';
import { createReminderSweep } from '../membership/reminder-sweep.ts';
import { deriveKey } from '../security/crypto.ts';
import { buildTestApp, type TestApp } from '../test/build-test-app.ts';
import { TEST_DIALECTS } from '../test/databases.ts';
import { createUser, outboxRowsTo, type TestUser } from '../test/factories.ts';
import { dueReminders, recordReminder } from './membership-reminders.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

// The sweep: who is reminded (thresholds, admins and non-members left out), once per threshold and expiry
// date, again after a renewal, and once however many processes sweep at the same moment.
describe.each(TEST_DIALECTS)('membership reminders on %s', (dialect) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await buildTestApp(dialect, { env: { MEMBERSHIP_CONTACT: 'vip@portal.example' } });
    await t.app.ready();
  });
  afterAll(async () => t?.close());

  const db = () => t.testDb.database.db;

  /** A user whose membership ends `endsIn` ms from now (null: none). */
  async function person(
    roles: string[],
    endsIn: number | null,
    options: { confirmed?: boolean; locale?: 'zh' | 'en' } = {},
  ): Promise<TestUser & { expiry: number | null }> {
    const user = await createUser(db(), { roles, confirmed: options.confirmed ?? true });
    const expiry = endsIn === null ? null : Date.now() + endsIn;
    await db()
      .updateTable('users')
      .set({ member_expiry_date: expiry, locale: options.locale ?? null })
      .where('id', '=', user.id)
      .execute();
    return { ...user, expiry };
  }

  const remindersOf = (userId: string) =>
    db()
      .selectFrom('membership_reminders')
      .select(['threshold_days', 'expiry_date', 'locale', 'mail_id'])
      .where('user_id', '=', userId)
      .orderBy('id')
      .execute();

  it('reminds members within 7 days and within 1 day, once, in their language, and nobody else', async () => {
    const people = {
      in30Days: await person([ROLE.standardUser], 30 * DAY),
      in5Days: await person([ROLE.standardUser], 5 * DAY, { locale: 'en' }),
      in20Hours: await person(['Gold'], 20 * HOUR),
      admin: await person([ROLE.admin], 3 * DAY),
      noTags: await person([], 3 * DAY),
      unconfirmed: await person([ROLE.premiumUser], 3 * DAY, { confirmed: false }),
      ended: await person([ROLE.standardUser], -HOUR),
    };
    await t.app.membershipReminders.sweep();

    // Within 7 days: the 7-day reminder. Found inside the 1-day window: only the 1-day one.
    expect(await remindersOf(people.in5Days.id)).toEqual([
      { threshold_days: 7, expiry_date: people.in5Days.expiry, locale: 'en', mail_id: expect.any(Number) },
    ]);
    expect(await remindersOf(people.in20Hours.id)).toEqual([
      { threshold_days: 1, expiry_date: people.in20Hours.expiry, locale: 'zh', mail_id: expect.any(Number) },
    ]);
    for (const label of ['in30Days', 'admin', 'noTags', 'unconfirmed', 'ended'] as const) {
      expect(await remindersOf(people[label].id), label).toEqual([]);
      expect(await outboxRowsTo(db(), people[label].email), label).toEqual([]);
    }

    const english = await t.mail.mailTo(people.in5Days.email);
    expect(english.subject).toBe('ChainCompass Academy: your membership ends within 7 days');
    expect(english.text).toContain('Your membership ends on');
    expect(english.text).toContain('To renew, contact vip@portal.example.');
    expect(english.text).toContain('/personal/info');
    const chinese = await t.mail.mailTo(people.in20Hours.email);
    expect(chinese.subject).toBe('【链策学堂】您的会员将在1天内到期');
    expect(chinese.text).toContain('如需续费，请联系：vip@portal.example');

    // A second sweep (and a third) finds nothing new: one reminder and one mail per threshold.
    await t.app.membershipReminders.sweep();
    await t.app.membershipReminders.sweep();
    expect(await remindersOf(people.in5Days.id)).toHaveLength(1);
    expect(await outboxRowsTo(db(), people.in5Days.email)).toHaveLength(1);
    expect(await outboxRowsTo(db(), people.in20Hours.email)).toHaveLength(1);
  });

  it('sends the 1-day reminder after the 7-day one for the same date, and new ones after a renewal', async () => {
    const member = await person([ROLE.premiumUser], 5 * DAY);
    const mail = { contact: undefined, url: 'http://localhost/personal/info' };
    const outbox = mailer();
    const sweepAt = async (now: number) => {
      let recorded = 0;
      for (const due of (await dueReminders(db(), now, 1000)).filter((d) => d.userId === member.id))
        if (await recordReminder(db(), outbox, due, mail, now)) recorded++;
      return recorded;
    };
    const now = Date.now();
    expect(await sweepAt(now)).toBe(1);
    // Two days later it is still inside the 7-day window: nothing more.
    expect(await sweepAt(now + 2 * DAY)).toBe(0);
    // Inside the last day: the 1-day reminder, once.
    expect(await sweepAt(now + 4.5 * DAY)).toBe(1);
    expect(await sweepAt(now + 4.6 * DAY)).toBe(0);
    expect((await remindersOf(member.id)).map((r) => r.threshold_days)).toEqual([7, 1]);

    // A renewal moves the date: nothing is due until the new date comes near, then both thresholds again.
    const renewed = member.expiry! + 30 * DAY;
    await db()
      .updateTable('users')
      .set({ member_expiry_date: renewed })
      .where('id', '=', member.id)
      .execute();
    expect(await sweepAt(now + 4.7 * DAY)).toBe(0);
    expect(await sweepAt(renewed - 6 * DAY)).toBe(1);
    expect(await sweepAt(renewed - 12 * HOUR)).toBe(1);
    expect(await remindersOf(member.id)).toEqual([
      expect.objectContaining({ threshold_days: 7, expiry_date: member.expiry }),
      expect.objectContaining({ threshold_days: 1, expiry_date: member.expiry }),
      expect.objectContaining({ threshold_days: 7, expiry_date: renewed }),
      expect.objectContaining({ threshold_days: 1, expiry_date: renewed }),
    ]);
    expect(await outboxRowsTo(db(), member.email)).toHaveLength(4);
  });

  it('records nothing and queues no mail when the date moved after the member was found', async () => {
    const member = await person([ROLE.standardUser], 3 * DAY);
    const [due] = (await dueReminders(db(), Date.now(), 1000)).filter((d) => d.userId === member.id);
    expect(due?.userId).toBe(member.id);
    await db()
      .updateTable('users')
      .set({ member_expiry_date: member.expiry! + 60 * DAY })
      .where('id', '=', member.id)
      .execute();
    expect(await recordReminder(db(), mailer(), due!, { contact: undefined, url: 'http://x' })).toBe(false);
    expect(await remindersOf(member.id)).toEqual([]);
    expect(await outboxRowsTo(db(), member.email)).toEqual([]);
  });

  const mailer = () =>
    new MailOutbox({
      database: t.testDb.database,
      key: deriveKey(t.config.appSecret, 'mail-outbox'),
      smtpUrl: undefined,
      from: 'test@localhost',
      production: false,
      log: t.app.log,
      retentionMs: DAY,
    });

  it('reminds each member once per threshold when several processes sweep at the same moment', async () => {
    const members: TestUser[] = [];
    for (let i = 0; i < 24; i++)
      members.push(await person([ROLE.standardUser], (i % 2 === 0 ? 4 * DAY : 10 * HOUR) + i * 60_000));
    // Another process: its own connections (on PostgreSQL) and its own outbox writer.
    const other: Database =
      dialect === 'postgres'
        ? await openDatabase({
            dataDir: t.testDb.dataDir,
            databaseUrl: process.env.TEST_DATABASE_URL,
            pgSchema: t.testDb.schema!,
            pgPoolSize: 4,
          })
        : t.testDb.database;
    try {
      const sweepOf = (database: Database) =>
        createReminderSweep({
          db: database.db,
          outbox: new MailOutbox({
            database,
            key: deriveKey(t.config.appSecret, 'mail-outbox'),
            smtpUrl: undefined,
            from: 'test@localhost',
            production: false,
            log: t.app.log,
            retentionMs: DAY,
          }),
          publicUrl: 'http://localhost',
          contact: undefined,
          log: t.app.log,
        });
      const sweeps = [sweepOf(t.testDb.database), sweepOf(other), sweepOf(t.testDb.database), sweepOf(other)];
      const recorded = await Promise.all([
        ...sweeps.map((s) => s.sweep()),
        t.app.membershipReminders.sweep(),
      ]);
      expect(recorded.reduce((a, b) => a + b, 0)).toBe(members.length);
      for (const [i, member] of members.entries()) {
        expect((await remindersOf(member.id)).map((r) => r.threshold_days)).toEqual([i % 2 === 0 ? 7 : 1]);
        expect(await outboxRowsTo(db(), member.email)).toHaveLength(1);
      }

      // The same reminder recorded by two processes at the very same moment: one wins, the other's insert
      // waits for that commit, finds the key taken and queues no mail.
      const pair: TestUser[] = [];
      for (let i = 0; i < 6; i++) pair.push(await person([ROLE.premiumUser], 2 * DAY + i * 60_000));
      const due = (await dueReminders(db(), Date.now(), 1000)).filter((d) =>
        pair.some((p) => p.id === d.userId),
      );
      expect(due).toHaveLength(pair.length);
      const mail = { contact: undefined, url: 'http://localhost/personal/info' };
      const outcomes = await Promise.all(
        due.flatMap((d) => [
          recordReminder(t.testDb.database.db, mailer(), d, mail),
          recordReminder(other.db, mailer(), d, mail),
        ]),
      );
      expect(outcomes.filter(Boolean)).toHaveLength(pair.length);
      for (const member of pair) {
        expect(await remindersOf(member.id)).toHaveLength(1);
        expect(await outboxRowsTo(db(), member.email)).toHaveLength(1);
      }
    } finally {
      if (other !== t.testDb.database) await other.close();
    }
  });
});
