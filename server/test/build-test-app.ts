import { buildApp } from '../app.ts';
import { type Config, loadConfig } from '../config.ts';
import type { Dialect } from '../db/dialect.ts';
import { createTestDatabase, type TestDatabase } from './databases.ts';
import { TEST_CAPTCHA } from './sign-in.ts';

export type TestApp = {
  app: Awaited<ReturnType<typeof buildApp>>;
  testDb: TestDatabase;
  config: Config;
  close(): Promise<void>;
};

/** The whole app on a fresh test database, quiet logs, ready for app.inject(). */
export async function buildTestApp(
  dialect: Dialect,
  options: {
    env?: Record<string, string>;
    webRoot?: string;
    authRateLimitPerMinute?: number;
    /** Fastify logger options (quiet by default), e.g. a stream to read what the app logs. */
    logger?: Parameters<typeof buildApp>[0]['logger'];
  } = {},
): Promise<TestApp> {
  const testDb = await createTestDatabase(dialect);
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: testDb.dataDir,
    LOG_LEVEL: 'silent',
    CAPTCHA_TEST_CODE: TEST_CAPTCHA,
    ...options.env,
  });
  const app = await buildApp({
    config,
    database: testDb.database,
    logger: options.logger ?? false,
    authRateLimitPerMinute: options.authRateLimitPerMinute ?? 10_000,
    ...(options.webRoot ? { webRoot: options.webRoot } : {}),
  }).catch(async (error) => {
    await testDb.dispose();
    throw error;
  });
  return {
    app,
    testDb,
    config,
    async close() {
      await app.close();
      await testDb.dispose();
    },
  };
}
