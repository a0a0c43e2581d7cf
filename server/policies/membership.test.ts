import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE } from '#shared/roles.ts';
import type { DB } from '../db/schema.ts';
import { createTestDatabase, TEST_DIALECTS, type TestDatabase } from '../test/databases.ts';
import { createUser } from '../test/factories.ts';
import {
  hasEndedMembership,
  isMember,
  memberSql,
  reminderThreshold,
  reminderThresholdSql,
} from './membership.ts';

/** Each person's row as the SQL rule read it, and the principal the code rule reads (roles and expiry). */
async function principals<Row extends { id: string; member_expiry_date: number | null }>(
  db: Kysely<DB>,
  rows: Row[],
) {
  const roles = await db
    .selectFrom('user_roles')
    .innerJoin('roles', 'roles.id', 'user_roles.role_id')
    .select(['user_roles.user_id', 'roles.name'])
    .execute();
  return (label: string, id: string) => {
    const row = rows.find((r) => r.id === id);
    if (!row) throw new Error(`${label} is missing`);
    const principal = {
      roles: roles.filter((r) => r.user_id === id).map((r) => r.name),
      memberExpiryDate: row.member_expiry_date,
    };
    return { row, principal };
  };
}

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
    const principalOf = await principals(db, rows);
    const verdicts = Object.fromEntries(
      Object.entries(people).map(([label, person]) => {
        const { row, principal } = principalOf(label, person.id);
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

// The reminder rule also exists twice: as code (the in-app notice) and as SQL (the sweep's candidates).
describe.each(TEST_DIALECTS)('the reminder rule on %s', (dialect) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase(dialect);
  });
  afterAll(async () => t?.dispose());

  it('is the same in code and in SQL, and tells an ended membership apart', async () => {
    const { db } = t.database;
    const HOUR = 3_600_000;
    const now = Date.now();
    const person = async (roles: string[], endsIn: number | null) => {
      const user = await createUser(db, { roles });
      await db
        .updateTable('users')
        .set({ member_expiry_date: endsIn === null ? null : now + endsIn })
        .where('id', '=', user.id)
        .execute();
      return user;
    };
    const people = {
      in30Days: await person([ROLE.standardUser], 30 * 24 * HOUR),
      in7DaysAndAMinute: await person([ROLE.standardUser], 7 * 24 * HOUR + 60_000),
      in7Days: await person([ROLE.standardUser], 7 * 24 * HOUR),
      in3Days: await person(['Gold'], 3 * 24 * HOUR),
      in25Hours: await person([ROLE.premiumUser], 25 * HOUR),
      in1Day: await person([ROLE.premiumUser], 24 * HOUR),
      in1Hour: await person([ROLE.standardUser], HOUR),
      endedAnHourAgo: await person([ROLE.standardUser], -HOUR),
      noTagsIn3Days: await person([], 3 * 24 * HOUR),
      noExpiry: await person([ROLE.standardUser], null),
      adminIn3Days: await person([ROLE.admin], 3 * 24 * HOUR),
      adminEnded: await person([ROLE.admin], -HOUR),
    };
    const rows = await db
      .selectFrom('users as u')
      .select(['u.id', 'u.member_expiry_date', reminderThresholdSql('u', now).as('threshold')])
      .execute();
    const principalOf = await principals(db, rows);
    const verdicts = Object.fromEntries(
      Object.entries(people).map(([label, user]) => {
        const { row, principal } = principalOf(label, user.id);
        return [
          label,
          {
            code: reminderThreshold(principal, now),
            sql: row.threshold === null ? null : Number(row.threshold),
            ended: hasEndedMembership(principal, now),
          },
        ];
      }),
    );
    expect(verdicts).toEqual({
      in30Days: { code: null, sql: null, ended: false },
      in7DaysAndAMinute: { code: null, sql: null, ended: false },
      in7Days: { code: 7, sql: 7, ended: false },
      in3Days: { code: 7, sql: 7, ended: false },
      in25Hours: { code: 7, sql: 7, ended: false },
      in1Day: { code: 1, sql: 1, ended: false },
      in1Hour: { code: 1, sql: 1, ended: false },
      endedAnHourAgo: { code: null, sql: null, ended: true },
      noTagsIn3Days: { code: null, sql: null, ended: false },
      noExpiry: { code: null, sql: null, ended: false },
      adminIn3Days: { code: null, sql: null, ended: false },
      adminEnded: { code: null, sql: null, ended: false },
    });
  });
});
