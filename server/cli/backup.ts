import { enablePortalCompileCache } from '../compile-cache.ts';

// The modules below are loaded once the compile cache is on (server/compile-cache.ts).
enablePortalCompileCache();
const [{ createBackup }, { runCommand }] = await Promise.all([
  import('../backup/create-backup.ts'),
  import('./command.ts'),
]);

const USAGE = `Usage: npm run db:backup -- [--force] <file>

Writes one backup file (a .tar.gz) of the portal that DATA_DIR and DATABASE_URL name, while it runs:
a consistent copy of the database (SQLite's online backup; pg_dump on PostgreSQL), the uploads, the
generated app secret and a manifest (schema version, sizes, SHA-256 checksums). The file is written
with mode 0600: it is as sensitive as the data folder.

  --force   replace <file> if it exists
  --help    this text

Exit status: 0 written, 1 failed (one line says why; nothing is left at <file>), 2 wrong usage.
See docs/operations.md, "Backups".
`;

await runCommand({
  task: 'back up',
  usage: USAGE,
  flags: ['force'],
  run: async ({ file, flags, storage, scratch, report }) => {
    await createBackup({ output: file, force: flags.force!, storage, scratch, report });
  },
});
