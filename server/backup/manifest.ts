import { readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { migrationNames } from '../db/migrator.ts';
import { deriveKey } from '../security/crypto.ts';

// What a backup file holds and how its parts are named inside it (docs/operations.md, "Backups").

/** Raised by a backup or a restore for a reason a person can act on; the message says what to do. */
export class BackupError extends Error {
  override name = 'BackupError';
}

/** Written into each backup; a restore refuses a format newer than it knows. */
export const BACKUP_FORMAT_VERSION = 1;

/** Names inside the archive. The manifest comes last: it lists the checksums of everything before it. */
export const ARCHIVE = {
  manifest: 'manifest.json',
  sqlite: 'database/portal.db',
  postgres: 'database/portal.pgdump',
  appSecret: 'app-secret',
  uploads: 'uploads/',
} as const;

const file = z.object({
  path: z.string(),
  size: z.number().int().min(0),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
});

export const manifestSchema = z.object({
  format: z.literal('portal-backup'),
  formatVersion: z.number().int().min(1),
  createdAt: z.string(),
  portalVersion: z.string(),
  database: z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('sqlite'), file: z.literal(ARCHIVE.sqlite) }),
    z.object({
      kind: z.literal('postgres'),
      file: z.literal(ARCHIVE.postgres),
      /** The schema the portal's tables are in (the only one dumped). */
      schema: z.string(),
      serverVersion: z.string(),
      /** Extensions of the database, created before the restore (pg_trgm for the user search). */
      extensions: z.array(z.object({ name: z.string(), schema: z.string() })),
    }),
  ]),
  /** The latest migration applied to the database; `migrations` lists them all. */
  schemaVersion: z.string(),
  migrations: z.array(z.string()),
  appSecret: z.object({
    /** "file": DATA_DIR/app-secret, in the backup; "environment": APP_SECRET, not in the backup. */
    source: z.enum(['file', 'environment']),
    /** Tells whether a restore's secret is the same one, without revealing it. */
    fingerprint: z.string(),
  }),
  uploads: z.object({ files: z.number().int().min(0), bytes: z.number().int().min(0) }),
  files: z.array(file),
});

export type Manifest = z.infer<typeof manifestSchema>;

/** A short, one-way fingerprint of an app secret (an HKDF output of its own purpose). */
export function secretFingerprint(secret: string): string {
  return deriveKey(secret, 'backup-fingerprint').subarray(0, 8).toString('hex');
}

const ROOT = path.resolve(import.meta.dirname, '..', '..');

export function portalVersion(): string {
  return (JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { version: string }).version;
}

/**
 * How the backup's schema compares with this code's migrations: a backup with a migration this code does
 * not have comes from a newer portal (its tables may hold what this code cannot read), one missing some of
 * ours from an older portal (they are applied at the next start).
 */
export function compareSchema(
  migrations: readonly string[],
): { kind: 'same' } | { kind: 'older'; pending: string[] } | { kind: 'newer'; unknown: string[] } {
  const known = new Set(migrationNames);
  const unknown = migrations.filter((name) => !known.has(name));
  if (unknown.length) return { kind: 'newer', unknown };
  const applied = new Set(migrations);
  const pending = migrationNames.filter((name) => !applied.has(name));
  return pending.length ? { kind: 'older', pending } : { kind: 'same' };
}

export const latestMigration = (migrations: readonly string[]) => [...migrations].sort().at(-1) ?? '(none)';

/** Sizes for messages: 1.2 MB. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB', 'TB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value.toFixed(1)} ${units[unit]}`;
}
