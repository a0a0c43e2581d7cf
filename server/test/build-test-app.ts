import { buildApp } from '../app.ts';
import { type Config, loadConfig } from '../config.ts';
import type { Dialect } from '../db/dialect.ts';
import { createTestDatabase, type TestDatabase } from './databases.ts';
import { TEST_CAPTCHA } from './sign-in.ts';
import { SmtpFake, type SmtpFakeOptions } from './smtp-fake.ts';
import { TEST_APP_SECRET } from './two-factor.ts';

export type TestApp = {
  app: Awaited<ReturnType<typeof buildApp>>;
  testDb: TestDatabase;
  config: Config;
  /** The loopback SMTP server the app's mail is delivered to. */
  mail: SmtpFake;
  close(): Promise<void>;
};

/**
 * The whole app on a fresh test database, quiet logs, ready for app.inject(). The app's mail outbox worker
 * starts once the app is ready and looks at the queue every 5 s: a test that runs outboxes of its own takes
 * a database of its own (createTestDatabase), or the app's worker delivers a share of its mail.
 */
export async function buildTestApp(
  dialect: Dialect,
  options: {
    env?: Record<string, string>;
    webRoot?: string;
    authRateLimitPerMinute?: number;
    /** Fastify logger options (quiet by default), e.g. a stream to read what the app logs. */
    logger?: Parameters<typeof buildApp>[0]['logger'];
    /** How the loopback SMTP server behaves (slow, refusing). */
    smtp?: SmtpFakeOptions;
    mailRetryBaseMs?: number;
    imageQueueLimits?: Parameters<typeof buildApp>[0]['imageQueueLimits'];
  } = {},
): Promise<TestApp> {
  const testDb = await createTestDatabase(dialect);
  const mail = new SmtpFake(options.smtp);
  await mail.listen();
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: testDb.dataDir,
    LOG_LEVEL: 'silent',
    CAPTCHA_TEST_CODE: TEST_CAPTCHA,
    SMTP_URL: mail.url,
    APP_SECRET: TEST_APP_SECRET,
    ...options.env,
  });
  const app = await buildApp({
    config,
    database: testDb.database,
    logger: options.logger ?? false,
    authRateLimitPerMinute: options.authRateLimitPerMinute ?? 10_000,
    ...(options.webRoot ? { webRoot: options.webRoot } : {}),
    ...(options.mailRetryBaseMs === undefined ? {} : { mailRetryBaseMs: options.mailRetryBaseMs }),
    ...(options.imageQueueLimits ? { imageQueueLimits: options.imageQueueLimits } : {}),
  }).catch(async (error) => {
    await mail.close();
    await testDb.dispose();
    throw error;
  });
  return {
    app,
    testDb,
    config,
    mail,
    async close() {
      await app.close();
      await mail.close();
      await testDb.dispose();
    },
  };
}
