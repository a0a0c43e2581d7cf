import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, TEST_DIALECTS, type TestDatabase } from '../test/databases.ts';
import { createUser } from '../test/factories.ts';
import type { DB } from './schema.ts';

// The links between users and role tags keep their integrity on both databases: SQLite with its foreign
// keys, PostgreSQL with the statement-level checks of migration 0018. The same behaviour is asserted on
// each: a link to a missing user or role is refused (SQLSTATE 23503 on PostgreSQL), deleting a user or a
// role deletes its links, and a linked id cannot change.

async function roleId(db: Kysely<DB>, name: string): Promise<number> {
  return (await db.selectFrom('roles').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;
}

const link = (db: Kysely<DB>, userId: string, role: number) =>
  db.insertInto('user_roles').values({ user_id: userId, role_id: role, created_at: Date.now() }).execute();

const linksOf = async (db: Kysely<DB>, userId: string) =>
  (await db.selectFrom('user_roles').select('role_id').where('user_id', '=', userId).execute()).map(
    (r) => r.role_id,
  );

describe.each(TEST_DIALECTS)('user and role tag links on %s', (dialect) => {
  let t: TestDatabase;
  let db: Kysely<DB>;
  let standard: number;

  beforeAll(async () => {
    t = await createTestDatabase(dialect);
    db = t.database.db;
    standard = await roleId(db, 'StandardUser');
  });
  afterAll(() => t.dispose());

  it('refuses a link to a user or a role that does not exist, and keeps the statement out', async () => {
    const user = await createUser(db);
    const refused = (promise: Promise<unknown>) =>
      expect(promise).rejects.toSatisfy((error: { code?: unknown }) =>
        dialect === 'postgres' ? error.code === '23503' : /FOREIGN KEY/.test(String(error)),
      );
    await refused(link(db, 'no-such-user', standard));
    await refused(link(db, user.id, 999_999));
    // One bad row among good ones refuses the whole statement.
    await refused(
      db
        .insertInto('user_roles')
        .values([
          { user_id: user.id, role_id: standard, created_at: 1 },
          { user_id: 'no-such-user', role_id: standard, created_at: 1 },
        ])
        .execute(),
    );
    expect(await linksOf(db, user.id)).toEqual([]);
    // Moving an existing link to a missing role is refused too.
    await link(db, user.id, standard);
    await refused(
      db.updateTable('user_roles').set({ role_id: 999_999 }).where('user_id', '=', user.id).execute(),
    );
    expect(await linksOf(db, user.id)).toEqual([standard]);
  });

  it('deletes the links of a deleted user and of a deleted role', async () => {
    const [a, b] = [await createUser(db), await createUser(db)];
    const added = (
      await db
        .insertInto('roles')
        .values({ name: `Tag ${a.id}`, name_normalized: `tag ${a.id}`, built_in: 0, created_at: Date.now() })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    await link(db, a.id, standard);
    await link(db, a.id, added);
    await link(db, b.id, standard);
    await link(db, b.id, added);

    await db.deleteFrom('users').where('id', '=', a.id).execute();
    expect(await linksOf(db, a.id)).toEqual([]);
    expect((await linksOf(db, b.id)).sort()).toEqual([standard, added].sort());

    await db.deleteFrom('roles').where('id', '=', added).execute();
    expect(await linksOf(db, b.id)).toEqual([standard]);
  });

  it('refuses to change the id of a linked user or role', async () => {
    const user = await createUser(db);
    await link(db, user.id, standard);
    await expect(
      db
        .updateTable('users')
        .set({ id: `${user.id}-moved` })
        .where('id', '=', user.id)
        .execute(),
    ).rejects.toThrow();
    await expect(
      db.updateTable('roles').set({ id: 999_998 }).where('id', '=', standard).execute(),
    ).rejects.toThrow();
    expect(await linksOf(db, user.id)).toEqual([standard]);
  });
});

describe.runIf(TEST_DIALECTS.includes('postgres'))(
  'user and role tag links under concurrency on postgres',
  () => {
    let t: TestDatabase;
    let db: Kysely<DB>;
    let standard: number;

    beforeAll(async () => {
      t = await createTestDatabase('postgres');
      db = t.database.db;
      standard = await roleId(db, 'StandardUser');
    });
    afterAll(() => t.dispose());

    /** An open transaction that runs `work`, then waits for `commit` or `rollback`; `pid` is its backend. */
    function openTransaction(work: (trx: Kysely<DB>) => Promise<unknown>) {
      let pid = 0;
      let finish!: (commit: boolean) => void;
      const decided = new Promise<boolean>((resolve) => {
        finish = resolve;
      });
      let ready!: () => void;
      const started = new Promise<void>((resolve) => {
        ready = resolve;
      });
      const done = db
        .transaction()
        .execute(async (trx) => {
          pid = (await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(trx)).rows[0]!.pid;
          await work(trx);
          ready();
          if (!(await decided)) throw new Error('rolled back');
        })
        .catch((error: Error) => {
          ready();
          if (error.message !== 'rolled back') throw error;
        });
      return {
        started,
        done,
        commit: () => finish(true),
        rollback: () => finish(false),
        /** Resolves once another backend waits for this transaction's locks (the event that marks the moment). */
        async blocksSomeone(): Promise<void> {
          for (;;) {
            const { rows } = await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity
            where ${pid}::int = any(pg_blocking_pids(pid))`.execute(db);
            if ((rows[0]?.n ?? 0) > 0) return;
            await new Promise((resolve) => setImmediate(resolve));
          }
        },
      };
    }

    it('a user deleted while a link to them is being added: the delete waits, then takes the link with it', async () => {
      const user = await createUser(db);
      const adding = openTransaction((trx) => link(trx, user.id, standard));
      await adding.started;
      const deleting = db.deleteFrom('users').where('id', '=', user.id).execute();
      await adding.blocksSomeone();
      adding.commit();
      await adding.done;
      await deleting;
      expect(await linksOf(db, user.id)).toEqual([]);
    });

    it('a link added while its user is being deleted: the insert waits, then is refused', async () => {
      const user = await createUser(db);
      const deleting = openTransaction((trx) => trx.deleteFrom('users').where('id', '=', user.id).execute());
      await deleting.started;
      // The refusal is awaited at the end, but expected from the start: it may arrive while the commit is awaited.
      const adding = expect(link(db, user.id, standard)).rejects.toMatchObject({ code: '23503' });
      await deleting.blocksSomeone();
      deleting.commit();
      await deleting.done;
      await adding;
      expect(await linksOf(db, user.id)).toEqual([]);
    });

    it('a link added while the delete of its user is rolled back: the insert waits, then succeeds', async () => {
      const user = await createUser(db);
      const deleting = openTransaction((trx) => trx.deleteFrom('users').where('id', '=', user.id).execute());
      await deleting.started;
      const adding = link(db, user.id, standard);
      await deleting.blocksSomeone();
      deleting.rollback();
      await deleting.done;
      await adding;
      expect(await linksOf(db, user.id)).toEqual([standard]);
    });
  },
);
