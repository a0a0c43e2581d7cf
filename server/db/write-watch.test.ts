import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestDatabase, TEST_DIALECTS, type TestDatabase } from '../test/databases.ts';
import type { TableWrite } from './write-watch.ts';

const opened: TestDatabase[] = [];
afterEach(async () => {
  while (opened.length) await opened.pop()?.dispose();
});

describe.each(TEST_DIALECTS)('the write watch on %s', (dialect) => {
  it('names the table and kind of every write built with Kysely, in transactions too, and no read', async () => {
    const t = await createTestDatabase(dialect);
    opened.push(t);
    const { db, writes } = t.database;
    const seen: TableWrite[] = [];
    const stop = writes.on((write) => seen.push(write));

    await db.selectFrom('roles').selectAll().execute();
    const { id } = await db
      .insertInto('roles')
      .values({ name: 'Watched', name_normalized: 'WATCHED', built_in: 0, created_at: Date.now() })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db.transaction().execute(async (trx) => {
      await trx.updateTable('roles as r').set({ name: 'Watched2' }).where('r.id', '=', id).execute();
      await trx.deleteFrom('roles').where('id', '=', id).execute();
    });
    await sql`select 1`.execute(db);
    expect(seen).toEqual([
      { table: 'roles', kind: 'insert' },
      { table: 'roles', kind: 'update' },
      { table: 'roles', kind: 'delete' },
    ]);

    stop();
    await db
      .insertInto('roles')
      .values({ name: 'Unwatched', name_normalized: 'UNWATCHED', built_in: 0, created_at: Date.now() })
      .execute();
    expect(seen).toHaveLength(3);
  });
});
