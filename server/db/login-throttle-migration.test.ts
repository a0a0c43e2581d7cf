import { describe, expect, it } from 'vitest';
import { createTestDatabase, TEST_DIALECTS } from '../test/databases.ts';
import * as m0001 from './migrations/0001-users-roles-audit.ts';
import * as m0002 from './migrations/0002-identity.ts';
import * as m0009 from './migrations/0009-login-throttle-per-address.ts';

describe.each(TEST_DIALECTS)('login throttle migration on %s', (dialect) => {
  it('keeps the per-account counts as account-wide counts, lockouts included', async () => {
    const t = await createTestDatabase(dialect, { migrate: false });
    try {
      const db = t.database.db;
      await m0001.up(db, dialect);
      await m0002.up(db, dialect);
      const lockedUntil = Date.now() + 60_000;
      // biome-ignore lint/suspicious/noExplicitAny: the table as it was before 0009
      await (db as any)
        .insertInto('login_throttle')
        .values([
          { email_normalized: 'a@example.com', failed_count: 3, lockout_end: null, updated_at: 1 },
          { email_normalized: 'b@example.com', failed_count: 0, lockout_end: lockedUntil, updated_at: 2 },
        ])
        .execute();
      await m0009.up(db, dialect);
      const rows = await db.selectFrom('login_throttle').selectAll().orderBy('email_normalized').execute();
      expect(
        rows.map((r) => ({
          ...r,
          lockout_end: r.lockout_end && Number(r.lockout_end),
          updated_at: Number(r.updated_at),
        })),
      ).toEqual([
        { email_normalized: 'a@example.com', client: '*', failed_count: 3, lockout_end: null, updated_at: 1 },
        {
          email_normalized: 'b@example.com',
          client: '*',
          failed_count: 0,
          lockout_end: lockedUntil,
          updated_at: 2,
        },
      ]);
      // One count per account and client.
      await db
        .insertInto('login_throttle')
        .values({
          email_normalized: 'a@example.com',
          client: '192.0.2.1',
          failed_count: 1,
          lockout_end: null,
          updated_at: 3,
        })
        .execute();
      await expect(
        db
          .insertInto('login_throttle')
          .values({
            email_normalized: 'a@example.com',
            client: '*',
            failed_count: 1,
            lockout_end: null,
            updated_at: 3,
          })
          .execute(),
      ).rejects.toThrow();
    } finally {
      await t.dispose();
    }
  });
});
