import { flushCompileCache } from 'node:module';
import { enablePortalCompileCache } from './compile-cache.ts';
import { ConfigError, loadConfig } from './config.ts';
import type { Database } from './db/database.ts';

// Only the configuration's module is loaded before the configuration is checked, the database's before the
// database is opened, and the app (1.5 s of imports, 1.2 s from the compile cache) once both are good: a
// start-up that is refused says why in a fraction of a second (0.2 s for a bad variable, against 1.7 s when
// everything loaded first).

const SHUTDOWN_GRACE_MS = 10_000;

/** One line a person can act on, then a non-zero exit. No stack trace for problems they can fix. */
function fail(message: string): never {
  process.stderr.write(`Cannot start the portal: ${message}\n`);
  process.exit(1);
}

async function main() {
  // The modules loaded from here on are compiled once and kept on disk: 0.3 s of the app's 1.5 s of imports
  // on a 2-core machine.
  enablePortalCompileCache();
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }

  const [{ DatabaseStartError, openDatabase }, { MigrationError, migrateToLatest }] = await Promise.all([
    import('./db/database.ts'),
    import('./db/migrator.ts'),
  ]);
  let database: Database;
  try {
    database = await openDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl });
    await migrateToLatest(database);
  } catch (error) {
    if (error instanceof DatabaseStartError || error instanceof MigrationError) fail(error.message);
    throw error;
  }

  const [{ buildApp }, { ensureFirstAdmin }] = await Promise.all([
    import('./app.ts'),
    import('./services/account.ts'),
  ]);
  const app = await buildApp({ config, database });
  await ensureFirstAdmin(database.db, {
    email: config.adminEmail,
    password: config.adminPassword,
    totp: config.adminTotpSecret ? { secret: config.adminTotpSecret, keys: app.twoFactorKeys } : undefined,
    log: app.log,
  });
  if (config.captchaTestCode) {
    app.log.warn(
      'CAPTCHA_TEST_CODE is set: every captcha accepts a fixed answer. Never do this in production.',
    );
  }

  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    await database.close();
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE')
      fail(`port ${config.port} is already in use: stop the other program or set PORT`);
    if (code === 'EACCES') fail(`port ${config.port} needs privileges this user lacks: choose another PORT`);
    if (code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND')
      fail(`HOST ${config.host} is not an address of this machine`);
    throw error;
  }
  app.log.info(
    { url: config.publicUrl, database: database.dialect, location: database.location },
    'portal started',
  );
  // Every module is loaded: write their compiled code now, not only at a clean exit.
  flushCompileCache();

  let stopping = false;
  const shutdown = async (signal: NodeJS.Signals) => {
    if (stopping) {
      app.log.warn({ signal }, 'second signal: exiting at once');
      process.exit(1);
    }
    stopping = true;
    app.log.info({ signal }, 'shutting down: no new connections, finishing requests in flight');
    const force = setTimeout(() => {
      app.log.error('requests did not finish in time: exiting');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS);
    force.unref();
    try {
      await app.close();
      await database.close();
      app.log.info('stopped cleanly');
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'error while shutting down');
      process.exit(1);
    }
  };
  process.on('SIGTERM', shutdown);
  process.on('SIGINT', shutdown);
}

main().catch((error: unknown) => {
  process.stderr.write(`Cannot start the portal: ${(error as Error).stack ?? String(error)}\n`);
  process.exit(1);
});
