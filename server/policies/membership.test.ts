import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE } from '#shared/roles.ts';
import { createTestDatabase, TEST_DIALECTS, type TestDatabase } from '../test/databases.ts';
import { createUser } from '../test/factories.ts';
import { isMember, memberSql } from './membership.ts';

// The membership rule exists twice, as code (requests, the hub) and as SQL (feeds and delivery queries):
// both must give the same answer for every kind of person.
describe.each(TEST_DIALECTS)('the membership rule on %s', (dialect) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase(dialect);
  });
  afterAll(async () => t?.dispose());

  it('is the same in code and in SQL', async () => {
    const { db } = t.database;
    const people = {
      noRoles: await createUser(db, { memberDays: 30 }),
      current: await createUser(db, { roles: [ROLE.standardUser], memberDays: 30 }),
      expired: await createUser(db, { roles: [ROLE.premiumUser], memberDays: -1 }),
      neverPaid: await createUser(db, { roles: [ROLE.standardUser] }),
      admin: await createUser(db, { roles: [ROLE.admin] }),
      expiredAdmin: await createUser(db, { roles: [ROLE.admin], memberDays: -5 }),
    };
    const now = Date.now();
    const rows = await db
      .selectFrom('users as u')
      .select(['u.id', 'u.member_expiry_date', memberSql('u', now).as('member')])
      .execute();
    const roles = await db
      .selectFrom('user_roles')
      .innerJoin('roles', 'roles.id', 'user_roles.role_id')
      .select(['user_roles.user_id', 'roles.name'])
      .execute();
    const verdicts = Object.fromEntries(
      Object.entries(people).map(([label, person]) => {
        const row = rows.find((r) => r.id === person.id);
        if (!row) throw new Error(`${label} is missing`);
        const principal = {
          roles: roles.filter((r) => r.user_id === person.id).map((r) => r.name),
          memberExpiryDate: row.member_expiry_date,
        };
        return [label, { code: isMember(principal, now), sql: Boolean(row.member) }];
      }),
    );
    expect(verdicts).toEqual({
      noRoles: { code: false, sql: false },
      current: { code: true, sql: true },
      expired: { code: false, sql: false },
      neverPaid: { code: false, sql: false },
      admin: { code: true, sql: true },
      expiredAdmin: { code: true, sql: true },
    });
  });
});
