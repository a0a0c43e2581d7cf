import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUDIT_COUNT_CAP } from '#shared/schemas/audit.ts';
import { createTestDatabase, type TestDatabase } from '../test/databases.ts';
import { type AuditLogFilter, auditLogFilterValues, auditLogQueries } from './audit-log.ts';

// The audit screen's queries on a log of 100,000 rows in PostgreSQL: each page and each count is read
// through an index or stops early, whatever the filter; neither reads the whole table. (SQLite runs the same
// queries over the same indexes; its planner is not the one that needs watching.)

const ROWS = 100_000;
const START = Date.UTC(2024, 0, 1);

type Plan = {
  'Node Type': string;
  'Relation Name'?: string;
  'Actual Rows'?: number;
  'Actual Loops'?: number;
  'Rows Removed by Filter'?: number;
  Plans?: Plan[];
};
const nodes = (plan: Plan): Plan[] => [plan, ...(plan.Plans ?? []).flatMap(nodes)];

describe.runIf(process.env.TEST_DATABASE_URL)('the audit screen on a big log in PostgreSQL', () => {
  let t: TestDatabase;

  beforeAll(async () => {
    t = await createTestDatabase('postgres');
    // A second a row, 200 people, six actions, four kinds of target.
    await sql`
      insert into audit_log (at, actor_id, action, target_type, target_id, ip, user_agent, detail)
      select ${START}::bigint + g * 1000, 'u' || (g % 200),
        (array['login', 'login.failed', 'admin.users.assign', 'admin.quant.update', 'articles.add',
          'admin.media.hideItem'])[1 + g % 6],
        (array['user', 'quantStrategy', 'article', 'mediaItem'])[1 + g % 4], (g % 5000)::text,
        '10.0.0.1', 'Mozilla/5.0', '{"before":{"a":1},"after":{"a":2}}'
      from generate_series(1, ${ROWS}) g`.execute(t.database.db);
    await sql`analyze audit_log`.execute(t.database.db);
  }, 60_000);
  afterAll(async () => {
    await t?.dispose();
  });

  const cases: Array<[string, AuditLogFilter, number]> = [
    ['the newest page', {}, 0],
    ['the last page reachable', {}, AUDIT_COUNT_CAP - 50],
    ['one actor', { actorId: 'u7' }, 0],
    ['one action', { action: 'admin.users.assign' }, 0],
    ['one target', { targetType: 'quantStrategy', targetId: '1001' }, 0],
    ['a kind of target', { targetType: 'article' }, 2_000],
    ['a day', { from: START + 20_000_000, to: START + 20_000_000 + 86_400_000 }, 0],
    ['an action in a range', { action: 'login.failed', from: START + 10_000_000, to: START + 90_000_000 }, 0],
  ];

  it.each(cases)('reads %s without going through the whole log', async (_, filter, offset) => {
    const { rows, count } = auditLogQueries(t.database.db, filter, { offset, limit: 50 });
    let examined = 0;
    for (const query of [rows, count]) {
      const explained = await query.explain('json', sql`analyze`);
      const plan = (explained[0]!['QUERY PLAN'] as Array<{ Plan: Plan }>)[0]!.Plan;
      for (const scan of nodes(plan).filter((node) => node['Relation Name'] === 'audit_log'))
        examined +=
          ((scan['Actual Rows'] ?? 0) + (scan['Rows Removed by Filter'] ?? 0)) * (scan['Actual Loops'] ?? 1);
    }
    // Both queries together look at fewer rows than the log holds: the page stops after its rows, the
    // count at the cap (a sequential scan the planner picks for a common filter stops there too).
    expect(examined).toBeLessThan(ROWS * 0.7);
    const started = performance.now();
    await Promise.all([rows.execute(), count.execute()]);
    expect(performance.now() - started).toBeLessThan(1_000);
  });

  it('finds the distinct actions and target types by probing the index', async () => {
    const started = performance.now();
    const values = await auditLogFilterValues(t.database.db);
    expect(values.actions).toContain('admin.media.hideItem');
    expect(values.targetTypes).toContain('mediaItem');
    expect(performance.now() - started).toBeLessThan(1_000);
  });
});
