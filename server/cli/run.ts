import { type Config, ConfigError, loadConfig } from '../config.ts';
import { type Database, DatabaseStartError, openDatabase } from '../db/database.ts';
import { MigrationError } from '../db/migrator.ts';

/**
 * Runs a command-line task on the configured database and closes it after. A bad setting, a database that
 * does not start or a failed migration ends the process with one line naming the task (exit code 1).
 */
export async function runOnDatabase(
  task: string,
  work: (database: Database, config: Config) => Promise<void>,
): Promise<void> {
  try {
    const config = loadConfig();
    const database = await openDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl });
    try {
      await work(database, config);
    } finally {
      await database.close();
    }
  } catch (error) {
    if (
      error instanceof ConfigError ||
      error instanceof DatabaseStartError ||
      error instanceof MigrationError
    ) {
      process.stderr.write(`Cannot ${task}: ${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
}
