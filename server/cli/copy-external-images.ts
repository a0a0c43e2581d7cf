import path from 'node:path';
import { ConfigError, loadConfig } from '../config.ts';
import { DatabaseStartError, openDatabase } from '../db/database.ts';
import { MigrationError, migrateToLatest } from '../db/migrator.ts';
import { copyStoredExternalImages, ExternalImages } from '../services/external-images.ts';
import { ImageQueue } from '../storage/image-queue.ts';

// `npm run images:copy`: copies the images of other sites that content saved by an older version shows
// (article bodies and covers, strategies) into the uploads, as saving does now. Safe to run again.
try {
  const config = loadConfig();
  const database = await openDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl });
  try {
    await migrateToLatest(database);
    const images = new ExternalImages({
      uploadsDir: path.join(config.dataDir, 'uploads'),
      imageQueue: new ImageQueue({ concurrency: 1, maxWaiting: 0, perPerson: 1 }),
      fetch: config.imageFetch,
    });
    const report = await copyStoredExternalImages(database.db, images);
    process.stdout.write(`Rewrote ${report.updated} row(s) in ${database.location}.\n`);
    for (const failure of report.failed) {
      process.stdout.write(`Not copied: ${failure.table} ${failure.id}: ${failure.reason}\n`);
    }
    if (report.failed.length) process.exitCode = 2;
  } finally {
    await database.close();
  }
} catch (error) {
  if (
    error instanceof ConfigError ||
    error instanceof DatabaseStartError ||
    error instanceof MigrationError
  ) {
    process.stderr.write(`Cannot copy images: ${error.message}\n`);
    process.exit(1);
  }
  throw error;
}
