import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deriveKey } from '../security/crypto.ts';
import { buildTestApp, type TestApp } from '../test/build-test-app.ts';
import { createTestDatabase, TEST_DIALECTS } from '../test/databases.ts';
import { createUser, linkIn, outboxRowsTo } from '../test/factories.ts';
import { SmtpFake } from '../test/smtp-fake.ts';
import { TEST_APP_SECRET } from '../test/two-factor.ts';
import { MailOutbox } from './mailer.ts';

const quietLog = { info() {}, warn() {}, error() {} } as unknown as ConstructorParameters<
  typeof MailOutbox
>[0]['log'];

describe.each(TEST_DIALECTS)('mail outbox on %s', (dialect) => {
  let t: TestApp;
  const db = () => t.testDb.database.db;

  beforeAll(async () => {
    // The relay refuses the first mail (a temporary 451); retries start after 50 ms.
    t = await buildTestApp(dialect, { smtp: { refuseNext: 1 }, mailRetryBaseMs: 50 });
  });
  afterAll(async () => {
    await t.close();
  });

  it('delivers a reset mail from the worker, retrying after a refusal, and keeps no usable code', async () => {
    const user = await createUser(db());
    const res = await t.app.inject({
      method: 'POST',
      url: '/Auth/PostForgetPassword',
      payload: { email: user.email },
    });
    expect(res.statusCode).toBe(200);

    await t.mail.refusals(1);
    const mail = await t.mail.mailTo(user.email);
    const code = linkIn(mail.text).searchParams.get('code')!;
    expect(code.length).toBeGreaterThan(10);

    // The worker records the delivery right after the relay accepted it.
    await expect.poll(async () => (await outboxRowsTo(db(), user.email))[0]?.sent_at ?? null).not.toBeNull();
    const [row] = await outboxRowsTo(db(), user.email);
    expect(row).toMatchObject({ text_body: '', html_body: null, attempts: 2, failed_at: null });
    expect(row?.sent_at).toEqual(expect.any(Number));
    expect(JSON.stringify(row)).not.toContain(code);
  });

  it('stores a queued body sealed: the code is not in the table before delivery either', async () => {
    t.mail.refuseNext = 1;
    const user = await createUser(db());
    await t.app.inject({ method: 'POST', url: '/Auth/PostForgetPassword', payload: { email: user.email } });
    const before = t.mail.refused;
    await t.mail.refusals(before + 1);
    const [queued] = await outboxRowsTo(db(), user.email);
    const mail = await t.mail.mailTo(user.email);
    const code = linkIn(mail.text).searchParams.get('code')!;
    expect(queued?.text_body.length).toBeGreaterThan(0);
    expect(JSON.stringify(queued)).not.toContain(code);
    expect(JSON.stringify(queued)).not.toContain('forgotpassword');
  });

  it('deletes sent and given-up mail after the retention period, and keeps the rest', async () => {
    const now = Date.now();
    const day = 86_400_000;
    const row = { subject: 's', text_body: '', html_body: null, attempts: 1, next_attempt_at: 0 };
    await db()
      .insertInto('mail_outbox')
      .values([
        { ...row, to_address: 'old-sent@example.com', created_at: now - 9 * day, sent_at: now - 9 * day },
        { ...row, to_address: 'old-failed@example.com', created_at: now - 9 * day, failed_at: now - 8 * day },
        { ...row, to_address: 'new-sent@example.com', created_at: now - day, sent_at: now - day },
      ])
      .execute();
    const outbox = new MailOutbox({
      database: t.testDb.database,
      key: deriveKey(t.config.appSecret, 'mail-outbox'),
      smtpUrl: undefined,
      from: 'x@example.com',
      production: false,
      log: quietLog,
      retentionMs: 7 * day,
    });
    expect(await outbox.purge()).toBe(2);
    expect(await outboxRowsTo(db(), 'old-sent@example.com')).toEqual([]);
    expect(await outboxRowsTo(db(), 'old-failed@example.com')).toEqual([]);
    expect(await outboxRowsTo(db(), 'new-sent@example.com')).toHaveLength(1);
  });
});

// Its own database: the app built above runs an outbox worker of its own (polling every 5 s) that would
// take a share of these mails and hand them to the app's relay, not to this one.
describe.runIf(TEST_DIALECTS.includes('postgres'))('mail outbox shared by processes on postgres', () => {
  it('shares the queue: every mail is delivered once, by one of the processes', async () => {
    const testDb = await createTestDatabase('postgres');
    const relay = new SmtpFake();
    await relay.listen();
    const key = deriveKey(TEST_APP_SECRET, 'mail-outbox');
    const workers = [1, 2, 3].map(
      () =>
        new MailOutbox({
          database: testDb.database,
          key,
          smtpUrl: relay.url,
          from: 'x@example.com',
          production: false,
          log: quietLog,
          retentionMs: 86_400_000,
          // A delivery that fails on a busy machine is tried again soon, by whichever process runs next.
          retryBaseMs: 20,
        }),
    );
    const db = testDb.database.db;
    try {
      const addresses = Array.from({ length: 30 }, (_, i) => `shared-${i}@example.com`);
      for (const to of addresses)
        await workers[0]!.send({ to, subject: 'hi', text: to, html: `<p>${to}</p>` });
      const arrived = () => new Set(relay.mails.map((m) => m.to[0]));
      // The three processes run until the relay has every mail (a failed attempt waits for the next run).
      while (arrived().size < addresses.length) {
        await Promise.all(workers.map((w) => w.runOnce()));
        // A mail given up (every attempt failed) would never arrive: say why now, not at the test's timeout.
        const givenUp = await db
          .selectFrom('mail_outbox')
          .select(['to_address', 'attempts', 'error'])
          .where('failed_at', 'is not', null)
          .execute();
        expect(givenUp, 'mails given up').toEqual([]);
        if (arrived().size < addresses.length) await new Promise((resolve) => setTimeout(resolve, 25));
      }
      expect([...arrived()].sort()).toEqual([...addresses].sort());
      expect(relay.mails, 'no mail delivered twice').toHaveLength(30);
      const unsent = await db
        .selectFrom('mail_outbox')
        .select('to_address')
        .where('sent_at', 'is', null)
        .execute();
      expect(unsent).toEqual([]);
    } finally {
      await Promise.all(workers.map((w) => w.stop()));
      await relay.close();
      await testDb.dispose();
    }
  }, 60_000);
});
