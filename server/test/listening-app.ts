import net from 'node:net';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import type { Database } from '../db/database.ts';
import type { Dialect } from '../db/dialect.ts';
import { createTestDatabase, type TestDatabase } from './databases.ts';
import { TEST_CAPTCHA } from './sign-in.ts';
import { SmtpFake } from './smtp-fake.ts';
import { TEST_APP_SECRET } from './two-factor.ts';

export async function freePort(): Promise<number> {
  const { port, release } = await reservePort();
  await release();
  return port;
}

/**
 * A free loopback port held until released: nothing else can take it meanwhile, an outgoing connection's
 * own port included (the kernel hands out the same range). For a server that must know its port long
 * before it listens (the app's PUBLIC_URL), released just before it listens.
 */
export async function reservePort(): Promise<{ port: number; release(): Promise<void> }> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return { port, release: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

type ListeningApp = {
  app: Awaited<ReturnType<typeof buildApp>>;
  base: string;
  close(): Promise<void>;
};

/** The whole app listening on a free port (the hub needs a real server), on a given database. */
export async function listenOn(
  database: Database,
  dataDir: string,
  env: Record<string, string> = {},
  deps: { hubSweepEveryMs?: number } = {},
): Promise<ListeningApp> {
  // Held while the app is built (a moment, or seconds on a busy machine): a port only looked up could be
  // taken meanwhile by another test's server or connection.
  const { port, release } = await reservePort();
  const base = `http://127.0.0.1:${port}`;
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    PORT: String(port),
    PUBLIC_URL: base,
    LOG_LEVEL: 'silent',
    CAPTCHA_TEST_CODE: TEST_CAPTCHA,
    APP_SECRET: TEST_APP_SECRET,
    ...env,
  });
  let app: Awaited<ReturnType<typeof buildApp>>;
  try {
    app = await buildApp({ config, database, logger: false, authRateLimitPerMinute: 10_000, ...deps });
  } finally {
    await release();
  }
  await app.listen({ port, host: '127.0.0.1' });
  return { app, base, close: () => app.close() };
}

export async function listeningTestApp(
  dialect: Dialect,
  env: Record<string, string> = {},
  deps: { hubSweepEveryMs?: number } = {},
) {
  const testDb: TestDatabase = await createTestDatabase(dialect);
  const mail = new SmtpFake();
  await mail.listen();
  const listening = await listenOn(testDb.database, testDb.dataDir, { SMTP_URL: mail.url, ...env }, deps);
  return {
    ...listening,
    testDb,
    /** The loopback SMTP server the app's mail is delivered to. */
    mail,
    async close() {
      await listening.close();
      await mail.close();
      await testDb.dispose();
    },
  };
}
