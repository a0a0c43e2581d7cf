import path from 'node:path';
import { enablePortalCompileCache } from '../compile-cache.ts';

// The modules below are loaded once the compile cache is on (server/compile-cache.ts).
enablePortalCompileCache();
const [{ migrateToLatest }, { copyStoredExternalImages, ExternalImages }, { ImageQueue }, { runOnDatabase }] =
  await Promise.all([
    import('../db/migrator.ts'),
    import('../services/external-images.ts'),
    import('../storage/image-queue.ts'),
    import('./run.ts'),
  ]);

// `npm run images:copy`: copies the images of other sites that content saved by an older version shows
// (article bodies and covers, strategies) into the uploads, as saving does now. Safe to run again.
await runOnDatabase('copy images', async (database, config) => {
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
});
