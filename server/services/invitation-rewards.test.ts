import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, TEST_DIALECTS, type TestDatabase } from '../test/databases.ts';
import { createUser } from '../test/factories.ts';
import { rewardNewMembers } from './invitation-rewards.ts';

// The last line of exactly-once: two transactions that both saw no reward for an invitee and both try to
// pay it. Grants through the API mostly queue up on the invitee's rows before they get here (see
// routes/invitations/invitations.test.ts); this holds the one in flight open while the other arrives.

describe.each(TEST_DIALECTS)('invitation rewards in overlapping transactions on %s', (dialect) => {
  let testDb: TestDatabase;
  const db = () => testDb.database.db;

  beforeAll(async () => {
    testDb = await createTestDatabase(dialect);
    await db()
      .updateTable('invitation_settings')
      .set({ credit_enabled: 1, credit_amount: 25, days_enabled: 0 })
      .execute();
  });
  afterAll(async () => {
    await testDb?.dispose();
  });

  it('pays once when the second transaction arrives while the first has not committed', async () => {
    const inviter = await createUser(db());
    const invitee = await createUser(db(), { roles: ['PremiumUser'], memberDays: 30 });
    await db().updateTable('users').set({ invited_by: inviter.id }).where('id', '=', invitee.id).execute();
    const actor = { userId: inviter.id, ip: '127.0.0.1', userAgent: null };

    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let firstPaid!: () => void;
    const paid = new Promise<void>((resolve) => {
      firstPaid = resolve;
    });
    const first = db()
      .transaction()
      .execute(async (trx) => {
        await rewardNewMembers(trx, { userIds: [invitee.id], actor });
        firstPaid();
        await held;
      });
    await paid;
    let secondDone = false;
    let secondBackend: number | undefined;
    const second = db()
      .transaction()
      .execute(async (trx) => {
        if (dialect === 'postgres')
          secondBackend = (await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(trx)).rows[0]
            ?.pid;
        return rewardNewMembers(trx, { userIds: [invitee.id], actor });
      })
      .finally(() => {
        secondDone = true;
      });
    if (dialect === 'postgres') {
      // The second waits on the first's reward row: PostgreSQL shows its backend waiting for a lock.
      const waitingFor = async () =>
        secondBackend === undefined
          ? null
          : ((
              await sql<{
                wait: string | null;
              }>`select wait_event_type as wait from pg_stat_activity where pid = ${secondBackend}`.execute(
                db(),
              )
            ).rows[0]?.wait ?? null);
      await expect.poll(waitingFor, { timeout: 30_000 }).toBe('Lock');
    }
    // (SQLite takes one writer at a time: the second cannot begin before the first ends.)
    expect(secondDone).toBe(false);
    release();
    await Promise.all([first, second]);

    const rewards = await db()
      .selectFrom('invitation_rewards')
      .selectAll()
      .where('invitee_id', '=', invitee.id)
      .execute();
    expect(rewards).toHaveLength(1);
    const balance = await db()
      .selectFrom('users')
      .select('member_credit')
      .where('id', '=', inviter.id)
      .executeTakeFirstOrThrow();
    expect(balance.member_credit).toBe(25);
    const entries = await db()
      .selectFrom('credit_ledger')
      .selectAll()
      .where('user_id', '=', inviter.id)
      .execute();
    expect(entries.map((e) => [e.amount, e.balance, e.kind])).toEqual([[25, 25, 'invitation-reward']]);
  });
});
