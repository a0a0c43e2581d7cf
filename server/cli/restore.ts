import { enablePortalCompileCache } from '../compile-cache.ts';

// The modules below are loaded once the compile cache is on (server/compile-cache.ts).
enablePortalCompileCache();
const [{ checkBackup, restoreBackup }, { runCommand }] = await Promise.all([
  import('../backup/restore-backup.ts'),
  import('./command.ts'),
]);

const USAGE = `Usage: npm run db:restore -- [--force] <file>
       npm run db:restore -- --check <file>

Restores a backup of npm run db:backup into the data folder DATA_DIR names (created if absent), whose
portal must be stopped; on PostgreSQL the database goes into DATABASE_URL's database with pg_restore.
The whole file is checked (manifest, checksums, schema version, app secret) before anything is replaced.
A backup of a newer schema than this portal's is refused; an older one is upgraded at the next start.

  --force   replace what DATA_DIR (and on PostgreSQL the database) holds; it is kept aside in
            DATA_DIR/replaced-<time>/ (the database as a pg_dump file)
  --check   only read and check the file, and say what it holds; touches nothing
  --help    this text

Exit status: 0 restored (or checked), 1 refused or failed (one line says why), 2 wrong usage.
See docs/operations.md, "Backups".
`;

await runCommand({
  task: 'restore',
  usage: USAGE,
  flags: ['force', 'check'],
  run: async ({ file, flags, storage, scratch, report }) => {
    if (flags.check) await checkBackup(file, report);
    else await restoreBackup({ file, force: flags.force!, storage, scratch, report });
  },
});
