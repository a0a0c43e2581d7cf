import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase, tempDir } from '../../test/databases.ts';
import { createUser } from '../../test/factories.ts';
import { signInOverHttp } from '../../test/http-sign-in.ts';
import { freePort } from '../../test/listening-app.ts';
import { ended, keepOutput, SERVER_START_MS, untilServing } from '../../test/server-process.ts';
import { TEST_CAPTCHA } from '../../test/sign-in.ts';
import { firstAdminAuthenticator, TEST_APP_SECRET } from '../../test/two-factor.ts';

// Two real server processes on one PostgreSQL database: an admin grants the same invitees their
// membership through both at once (and each twice, by both grant calls); every invitee's inviter is
// paid once, and the inviter's ledger sums to the balance.

const MAIN = path.resolve(import.meta.dirname, '..', '..', 'main.ts');
const ADMIN = { email: 'invite-admin@example.com', password: 'Invite-pass1' };
const INVITEES = 8;
const CREDIT = 10;

describe.runIf(Boolean(process.env.TEST_DATABASE_URL))('invitation rewards across two processes', () => {
  let testDb: TestDatabase;
  const processes: ChildProcess[] = [];
  const bases: string[] = [];

  async function startProcess(): Promise<string> {
    const port = await freePort();
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.searchParams.set('options', `-c search_path=${testDb.schema}`);
    const base = `http://127.0.0.1:${port}`;
    const child = spawn(process.execPath, [MAIN], {
      env: {
        ...process.env,
        NODE_ENV: 'test',
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_URL: base,
        DATA_DIR: tempDir(),
        DATABASE_URL: url.toString(),
        APP_SECRET: TEST_APP_SECRET,
        CAPTCHA_TEST_CODE: TEST_CAPTCHA,
        AUTH_RATE_LIMIT: '10000',
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.password,
        ...firstAdminAuthenticator(ADMIN.email),
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    keepOutput(child);
    processes.push(child);
    await untilServing(child, () =>
      fetch(`${base}/api/Management/Health`).then(
        (res) => res.ok,
        () => false,
      ),
    );
    return base;
  }

  beforeAll(
    async () => {
      testDb = await createTestDatabase('postgres');
      bases.push(await startProcess());
      bases.push(await startProcess());
    },
    2 * SERVER_START_MS + 30_000,
  );

  afterAll(async () => {
    for (const child of processes) child.kill('SIGTERM');
    await Promise.all(processes.map(ended));
    await testDb?.dispose();
  });

  it('pays each invitee’s inviter once when both processes grant at the same time', {
    timeout: 120_000,
  }, async () => {
    const db = testDb.database.db;
    const [a, b] = bases as [string, string];
    // One after the other: the two sign-ins use consecutive authenticator codes, and a code is refused once a
    // later one was accepted, so the second must not reach the portal first.
    const admins: Awaited<ReturnType<typeof signInOverHttp>>[] = [];
    for (const base of [a, b]) admins.push(await signInOverHttp(base, ADMIN.email, ADMIN.password));
    await db
      .updateTable('invitation_settings')
      .set({ credit_enabled: 1, credit_amount: CREDIT, days_enabled: 1, days_amount: 3 })
      .execute();
    const premium = await db
      .selectFrom('roles')
      .select('id')
      .where('name', '=', 'PremiumUser')
      .executeTakeFirstOrThrow();
    const inviter = await createUser(db);
    const invitees: string[] = [];
    for (let i = 0; i < INVITEES; i++) {
      const invitee = await createUser(db);
      await db.updateTable('users').set({ invited_by: inviter.id }).where('id', '=', invitee.id).execute();
      invitees.push(invitee.id);
    }

    const call = (base: string, auth: Record<string, string>, url: string, body: unknown) =>
      fetch(`${base}${url}`, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const answers = await Promise.all(
      invitees.flatMap((userId) =>
        [a, b].flatMap((base, i) => [
          call(base, admins[i]!.auth, '/api/Management/AssignUserRole', {
            userId,
            permissionMap: [premium.id],
            memberDays: 30,
          }),
          call(base, admins[i]!.auth, '/api/Management/BatchUserOperation', {
            permissionMap: [premium.id],
            expiryInDays: 30,
            rows: [userId],
          }),
        ]),
      ),
    );
    expect(answers.map((res) => res.status)).toEqual(answers.map(() => 200));

    const rewards = await db
      .selectFrom('invitation_rewards')
      .select(['invitee_id', 'credit', 'days'])
      .where('inviter_id', '=', inviter.id)
      .execute();
    expect(rewards.map((r) => r.invitee_id).sort()).toEqual([...invitees].sort());
    const user = await db
      .selectFrom('users')
      .select(['member_credit', 'member_expiry_date'])
      .where('id', '=', inviter.id)
      .executeTakeFirstOrThrow();
    expect(user.member_credit).toBe(INVITEES * CREDIT);
    const ledger = await db
      .selectFrom('credit_ledger')
      .select(['amount', 'balance'])
      .where('user_id', '=', inviter.id)
      .orderBy('id')
      .execute();
    expect(ledger).toHaveLength(INVITEES);
    // Each entry's balance follows the one before: no two payments read the same balance.
    expect(ledger.map((e) => e.balance)).toEqual(ledger.map((_, i) => (i + 1) * CREDIT));
    // 3 days per invitee, from now (the inviter had no membership).
    const days = (Number(user.member_expiry_date) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(INVITEES * 3 - 1);
    expect(days).toBeLessThanOrEqual(INVITEES * 3);
  });
});
