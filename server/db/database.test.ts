import net from 'node:net';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp } from '../test/build-test-app.ts';
import { createTestDatabase, TEST_DIALECTS, type TestDatabase, tempDir } from '../test/databases.ts';
import { DatabaseStartError, openDatabase } from './database.ts';
import { migrationNames } from './migrator.ts';

const disposables: Array<() => Promise<void>> = [];
afterEach(async () => {
  while (disposables.length) await disposables.pop()?.();
});

async function fresh(dialect: (typeof TEST_DIALECTS)[number], migrate = true): Promise<TestDatabase> {
  const t = await createTestDatabase(dialect, { migrate });
  disposables.push(() => t.dispose());
  return t;
}

describe.each(TEST_DIALECTS)('migrations on %s', (dialect) => {
  it('create users, roles, user-roles and audit log, with the three built-in roles', async () => {
    const t = await fresh(dialect, false);
    const { database } = t;
    // Under the test schemas' lock, as every migration run of the tests (databases.ts says why).
    expect(await t.migrate()).toEqual(migrationNames);
    const roles = await database.db.selectFrom('roles').select(['name', 'built_in']).orderBy('id').execute();
    expect(roles).toEqual([
      { name: 'StandardUser', built_in: 1 },
      { name: 'PremiumUser', built_in: 1 },
      { name: 'Admin', built_in: 1 },
    ]);
    const tables = (await database.db.introspection.getTables()).map((t) => t.name).sort();
    expect(tables).toEqual(expect.arrayContaining(['audit_log', 'roles', 'user_roles', 'users']));
  });

  it('are idempotent: a second run applies nothing', async () => {
    const t = await fresh(dialect);
    expect(await t.migrate()).toEqual([]);
  });

  it('store users with roles, cascade role links on delete and keep e-mails unique', async () => {
    const { database } = await fresh(dialect);
    const now = Date.now();
    const user = {
      id: 'u-1',
      email: 'Ada@Example.com',
      email_normalized: 'ada@example.com',
      user_name: 'Ada@Example.com',
      security_stamp: 's',
      member_expiry_date: now + 86_400_000,
      created_at: now,
      updated_at: now,
    };
    await database.db.insertInto('users').values(user).execute();
    const role = await database.db
      .selectFrom('roles')
      .select('id')
      .where('name', '=', 'PremiumUser')
      .executeTakeFirstOrThrow();
    await database.db
      .insertInto('user_roles')
      .values({ user_id: 'u-1', role_id: role.id, created_at: now })
      .execute();
    const stored = await database.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', 'u-1')
      .executeTakeFirstOrThrow();
    // Epoch milliseconds come back as numbers on both databases.
    expect(stored.member_expiry_date).toBe(now + 86_400_000);
    expect(stored.member_credit).toBe(0);
    await expect(
      database.db
        .insertInto('users')
        .values({ ...user, id: 'u-2' })
        .execute(),
    ).rejects.toThrow();
    await database.db.deleteFrom('users').where('id', '=', 'u-1').execute();
    const links = await database.db.selectFrom('user_roles').selectAll().execute();
    expect(links).toEqual([]);
  });
});

describe('SQLite single-process lock', () => {
  it('refuses a second opener of the same database file with a clear message', async () => {
    const dataDir = tempDir();
    const first = await openDatabase({ dataDir });
    disposables.push(() => first.close());
    await expect(openDatabase({ dataDir })).rejects.toThrow(DatabaseStartError);
    await expect(openDatabase({ dataDir })).rejects.toThrow(/Another process is already using the database/);
    await first.close();
    const again = await openDatabase({ dataDir });
    await again.close();
  });

  it("lets the process's worker thread open a connection of its own beside the lock", async () => {
    const dataDir = tempDir();
    const first = await openDatabase({ dataDir });
    disposables.push(() => first.close());
    const sibling = await openDatabase({ ...first.openOptions, sibling: true });
    disposables.push(() => sibling.close());
    await sql`create table shared (v text)`.execute(first.db);
    await sql`insert into shared values ('first')`.execute(first.db);
    // A transaction on the sibling sees the first connection's write and writes in turn.
    await sibling.db.transaction().execute(async (trx) => {
      const { rows } = await sql<{ v: string }>`select v from shared`.execute(trx);
      expect(rows).toEqual([{ v: 'first' }]);
      await sql`update shared set v = 'sibling'`.execute(trx);
    });
    const { rows } = await sql<{ v: string }>`select v from shared`.execute(first.db);
    expect(rows).toEqual([{ v: 'sibling' }]);
    // Another process is still refused while the first holds the lock, and the sibling closing frees nothing.
    await sibling.close();
    await expect(openDatabase({ dataDir })).rejects.toThrow(/Another process is already using the database/);
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('PostgreSQL outage', () => {
  it('reports an unreachable server at start with the URL, password hidden', async () => {
    await expect(
      openDatabase({ dataDir: tempDir(), databaseUrl: 'postgres://portal:hunter2@127.0.0.1:1/portal' }),
    ).rejects.toThrow(/Cannot connect to the database at postgres:\/\/portal:\*\*\*@127\.0\.0\.1:1\/portal/);
  });

  it('makes Health answer 503 while the server is gone and 200 once it is back', async () => {
    const target = new URL(process.env.TEST_DATABASE_URL!);
    // A TCP proxy in front of PostgreSQL that the test can cut and restore.
    const sockets = new Set<net.Socket>();
    const proxy = net.createServer((client) => {
      const upstream = net.connect(Number(target.port || 5432), target.hostname);
      sockets.add(client).add(upstream);
      client.pipe(upstream).pipe(client);
      const drop = () => {
        client.destroy();
        upstream.destroy();
      };
      client.on('error', drop).on('close', drop);
      upstream.on('error', drop).on('close', drop);
    });
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    const port = (proxy.address() as net.AddressInfo).port;
    const proxied = new URL(target);
    proxied.port = String(port);
    proxied.hostname = '127.0.0.1';

    const t = await buildTestApp('postgres');
    disposables.push(() => t.close());
    const database = await openDatabase({
      dataDir: t.testDb.dataDir,
      databaseUrl: proxied.toString(),
      pgPoolSize: 2,
      pgSchema: t.testDb.schema!,
    });
    const { buildApp } = await import('../app.ts');
    const app = await buildApp({ config: t.config, database, logger: false });
    disposables.push(async () => {
      await app.close();
      await database.close();
      await new Promise((resolve) => proxy.close(resolve));
    });

    expect((await app.inject({ url: '/api/Management/Health' })).statusCode).toBe(200);

    // Cut: close the listener and every open connection.
    await new Promise((resolve) => {
      proxy.close(resolve);
      for (const s of sockets) s.destroy();
      sockets.clear();
    });
    const down = await app.inject({ url: '/api/Management/Health' });
    expect(down.statusCode).toBe(503);
    expect(down.json().database).toEqual({ dialect: 'postgres', status: 'down' });

    // Restore on the same port.
    await new Promise<void>((resolve) => proxy.listen(port, '127.0.0.1', resolve));
    let status = 0;
    for (let i = 0; i < 20 && status !== 200; i++) {
      status = (await app.inject({ url: '/api/Management/Health' })).statusCode;
      if (status !== 200) await new Promise((r) => setTimeout(r, 100));
    }
    expect(status).toBe(200);
  });
});
