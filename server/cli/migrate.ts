import { ConfigError, loadConfig } from '../config.ts';
import { DatabaseStartError, openDatabase } from '../db/database.ts';
import { MigrationError, migrateToLatest } from '../db/migrator.ts';

// `npm run db:migrate`: applies pending migrations and exits. The server also does this at start-up.
try {
  const config = loadConfig();
  const database = await openDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl });
  try {
    const applied = await migrateToLatest(database);
    process.stdout.write(
      applied.length
        ? `Applied ${applied.length} migration(s) to ${database.location}: ${applied.join(', ')}\n`
        : `${database.location} is up to date.\n`,
    );
  } finally {
    await database.close();
  }
} catch (error) {
  if (
    error instanceof ConfigError ||
    error instanceof DatabaseStartError ||
    error instanceof MigrationError
  ) {
    process.stderr.write(`Cannot migrate: ${error.message}\n`);
    process.exit(1);
  }
  throw error;
}
