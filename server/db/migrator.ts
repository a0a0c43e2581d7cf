import { sql } from 'kysely';
import { type Migration, type MigrationProvider, Migrator } from 'kysely/migration';
import type { Database } from './database.ts';
import type { Dialect } from './dialect.ts';
import * as m0001 from './migrations/0001-users-roles-audit.ts';
import * as m0002 from './migrations/0002-identity.ts';
import * as m0003 from './migrations/0003-user-search.ts';
import * as m0004 from './migrations/0004-teaching.ts';
import * as m0005 from './migrations/0005-signals.ts';
import * as m0006 from './migrations/0006-users-fillfactor.ts';
import * as m0007 from './migrations/0007-hub-event-claims.ts';
import * as m0009 from './migrations/0009-login-throttle-per-address.ts';
import * as m0010 from './migrations/0010-advisory-empty-description.ts';
import * as m0011 from './migrations/0011-mail-outbox-worker.ts';
import * as m0012 from './migrations/0012-trader-sync.ts';
import * as m0013 from './migrations/0013-trader-key-check-requests.ts';
import * as m0014 from './migrations/0014-trader-flat-marks.ts';
import * as m0015 from './migrations/0015-market-symbols.ts';
import * as m0016 from './migrations/0016-level-sets.ts';
import * as m0017 from './migrations/0017-quant-strategies.ts';
import * as m0018 from './migrations/0018-user-roles-set-checks.ts';
import * as m0019 from './migrations/0019-media-feeds.ts';
import * as m0020 from './migrations/0020-onchain.ts';
import * as m0021 from './migrations/0021-invitations-credit.ts';
import * as m0022 from './migrations/0022-sign-ins.ts';
import * as m0023 from './migrations/0023-two-factor.ts';
import * as m0024 from './migrations/0024-membership-reminders.ts';
import * as m0025 from './migrations/0025-audit-log-screen.ts';
import * as m0026 from './migrations/0026-sign-in-two-factor.ts';

type MigrationModule = {
  // biome-ignore lint/suspicious/noExplicitAny: migrations describe past schemas, untyped on purpose
  up(db: any, dialect: Dialect): Promise<void>;
  // biome-ignore lint/suspicious/noExplicitAny: see above
  down?(db: any, dialect: Dialect): Promise<void>;
};

// Listed explicitly (not read from a folder) so the order is reviewed in code and nothing
// half-written in the folder is ever run.
const MIGRATIONS: Record<string, MigrationModule> = {
  '0001-users-roles-audit': m0001,
  '0002-identity': m0002,
  '0003-user-search': m0003,
  '0004-teaching': m0004,
  '0005-signals': m0005,
  '0006-users-fillfactor': m0006,
  '0007-hub-event-claims': m0007,
  '0009-login-throttle-per-address': m0009,
  '0010-advisory-empty-description': m0010,
  '0011-mail-outbox-worker': m0011,
  '0012-trader-sync': m0012,
  '0013-trader-key-check-requests': m0013,
  '0014-trader-flat-marks': m0014,
  '0015-market-symbols': m0015,
  '0016-level-sets': m0016,
  '0017-quant-strategies': m0017,
  '0018-user-roles-set-checks': m0018,
  '0019-media-feeds': m0019,
  '0020-onchain': m0020,
  '0021-invitations-credit': m0021,
  '0022-sign-ins': m0022,
  '0023-two-factor': m0023,
  '0024-membership-reminders': m0024,
  '0025-audit-log-screen': m0025,
  '0026-sign-in-two-factor': m0026,
};

class StaticProvider implements MigrationProvider {
  private readonly dialect: Dialect;
  constructor(dialect: Dialect) {
    this.dialect = dialect;
  }
  async getMigrations(): Promise<Record<string, Migration>> {
    const dialect = this.dialect;
    return Object.fromEntries(
      Object.entries(MIGRATIONS).map(([name, module]) => [
        name,
        {
          up: (db) => module.up(db, dialect),
          ...(module.down ? { down: (db) => module.down!(db, dialect) } : {}),
        },
      ]),
    );
  }
}

export class MigrationError extends Error {
  override name = 'MigrationError';
}

/**
 * Brings the schema up to date. Kysely's migrator takes a lock (an advisory lock on PostgreSQL),
 * so several processes starting together apply each migration once.
 */
export async function migrateToLatest(database: Database): Promise<string[]> {
  // Name the schema explicitly on PostgreSQL: the migrator's "does the table exist" check looks across
  // schemas, so another schema's migration table in the same database would otherwise be mistaken for ours.
  const schema =
    database.dialect === 'postgres'
      ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(database.db)).rows[0]
          ?.schema
      : undefined;
  const migrator = new Migrator({
    db: database.db,
    provider: new StaticProvider(database.dialect),
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
  let { error, results } = await migrator.migrateToLatest();
  // The migrator's first look at the catalog lists the tables of every schema in the database; a schema
  // dropped meanwhile by someone else (another tenant of a shared database, a parallel test) fails that look
  // with "schema … does not exist", and a table of another schema dropped meanwhile (a test that migrates
  // its own schema down) with "relation … does not exist", before anything of ours was touched. Look again,
  // a few times.
  for (let attempt = 1; attempt < 4 && schema && isOtherSchemaGone(error, schema); attempt++)
    ({ error, results } = await migrator.migrateToLatest());
  const failed = results?.find((r) => r.status === 'Error');
  if (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new MigrationError(
      `Database migration ${failed ? `"${failed.migrationName}" ` : ''}failed: ${reason}`,
    );
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

function isOtherSchemaGone(error: unknown, own: string): boolean {
  if (!error || typeof error !== 'object') return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  // 3F000: a schema is gone; 42P01: a table is. Only another schema's are retried.
  return (
    (code === '3F000' || code === '42P01') &&
    typeof message === 'string' &&
    !message.includes(`"${own}"`) &&
    !message.includes(`"${own}.`)
  );
}

export const migrationNames = Object.keys(MIGRATIONS);
