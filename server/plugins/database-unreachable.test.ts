import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { type Database, openDatabase } from '../db/database.ts';
import { createTestDatabase, type TestDatabase } from '../test/databases.ts';
import { TEST_CAPTCHA } from '../test/sign-in.ts';

// The database goes away under a running app: writes answer 503 with problem details and Retry-After,
// as the health check does, never a 500. PostgreSQL is reached through a loopback TCP proxy that the test
// shuts, killing the open connections and refusing new ones.

const url = process.env.TEST_DATABASE_URL;

describe.skipIf(!url)('when PostgreSQL cannot be reached', () => {
  let testDb: TestDatabase;
  let database: Database;
  let app: Awaited<ReturnType<typeof buildApp>>;
  const sockets = new Set<net.Socket>();
  let proxy: net.Server;

  beforeAll(async () => {
    testDb = await createTestDatabase('postgres');
    const target = new URL(url!);
    proxy = net.createServer((client) => {
      const upstream = net.connect(Number(target.port || 5432), target.hostname);
      for (const socket of [client, upstream]) {
        sockets.add(socket);
        socket.on('close', () => sockets.delete(socket));
        socket.on('error', () => socket.destroy());
      }
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    const viaProxy = new URL(url!);
    viaProxy.host = `127.0.0.1:${(proxy.address() as net.AddressInfo).port}`;
    database = await openDatabase({
      dataDir: testDb.dataDir,
      databaseUrl: viaProxy.toString(),
      pgSchema: testDb.schema!,
      pgPoolSize: 2,
    });
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: testDb.dataDir,
      LOG_LEVEL: 'silent',
      CAPTCHA_TEST_CODE: TEST_CAPTCHA,
    });
    app = await buildApp({ config, database, logger: false, authRateLimitPerMinute: 10_000 });
  });
  afterAll(async () => {
    await app?.close();
    await database?.close().catch(() => undefined);
    proxy?.close();
    await testDb?.dispose();
  });

  it('answers writes with 503, problem details and Retry-After', async () => {
    const write = () =>
      app.inject({
        method: 'POST',
        url: '/Auth/PostForgetPassword',
        headers: { 'accept-language': 'en' },
        payload: { email: 'someone@example.com' },
      });
    expect((await write()).statusCode).toBe(200);

    await new Promise<void>((resolve) => {
      proxy.close(() => resolve());
      for (const socket of sockets) socket.destroy();
    });

    for (let attempt = 0; attempt < 3; attempt++) {
      const res = await write();
      expect(res.statusCode).toBe(503);
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(res.headers['retry-after']).toMatch(/^\d+$/);
      expect(res.json()).toMatchObject({ status: 503 });
    }
  });
});
