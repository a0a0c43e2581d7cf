import { enablePortalCompileCache } from '../compile-cache.ts';

// The modules below are loaded once the compile cache is on (server/compile-cache.ts).
enablePortalCompileCache();
const [{ migrateToLatest }, { runOnDatabase }] = await Promise.all([
  import('../db/migrator.ts'),
  import('./run.ts'),
]);

// `npm run db:migrate`: applies pending migrations and exits. The server also does this at start-up.
await runOnDatabase('migrate', async (database) => {
  const applied = await migrateToLatest(database);
  process.stdout.write(
    applied.length
      ? `Applied ${applied.length} migration(s) to ${database.location}: ${applied.join(', ')}\n`
      : `${database.location} is up to date.\n`,
  );
});
