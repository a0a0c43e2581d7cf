import { describe, expect, it } from 'vitest';
import { createTestDatabase, TEST_DIALECTS } from '../test/databases.ts';
import * as m0001 from './migrations/0001-users-roles-audit.ts';
import * as m0002 from './migrations/0002-identity.ts';
import * as m0005 from './migrations/0005-signals.ts';
import * as m0010 from './migrations/0010-advisory-empty-description.ts';

describe.each(TEST_DIALECTS)('advisory description migration on %s', (dialect) => {
  it('clears the stored Chinese default and keeps written descriptions', async () => {
    const t = await createTestDatabase(dialect, { migrate: false });
    try {
      const db = t.database.db;
      await m0001.up(db, dialect);
      await m0002.up(db, dialect);
      await m0005.up(db, dialect);
      const row = { content: '<p>x</p>', created_by: null, created_at: 1, updated_at: 1 };
      await db
        .insertInto('advisories')
        .values([
          { ...row, title: 'a', advisory_desc: '无描述' },
          { ...row, title: 'b', advisory_desc: '无描述之外的说明' },
        ])
        .execute();
      await m0010.up(db);
      const rows = await db
        .selectFrom('advisories')
        .select(['title', 'advisory_desc'])
        .orderBy('title')
        .execute();
      expect(rows).toEqual([
        { title: 'a', advisory_desc: '' },
        { title: 'b', advisory_desc: '无描述之外的说明' },
      ]);
    } finally {
      await t.dispose();
    }
  });
});
