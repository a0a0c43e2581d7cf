import type { FastifyBaseLogger } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { verifyPassword } from '../security/passwords.ts';
import { createTestDatabase, TEST_DIALECTS, type TestDatabase } from '../test/databases.ts';
import { DEFAULT_ADMIN_EMAIL, ensureFirstAdmin } from './account.ts';
import { loadUserWithRoles } from './user-lookup.ts';

function recordingLog() {
  const lines: string[] = [];
  const log = {
    warn: (_obj: unknown, msg: string) => lines.push(msg),
    info: (_obj: unknown, msg: string) => lines.push(msg),
  } as unknown as FastifyBaseLogger;
  return { log, lines };
}

describe.each(TEST_DIALECTS)('first administrator on %s', (dialect) => {
  let t: TestDatabase;
  afterEach(async () => {
    await t.dispose();
  });

  it('is created with a generated password printed once, and only once', async () => {
    t = await createTestDatabase(dialect);
    const { log, lines } = recordingLog();
    await ensureFirstAdmin(t.database.db, { email: undefined, password: undefined, log });
    expect(lines).toHaveLength(1);
    const password = /generated password (\S+)/.exec(lines[0]!)?.[1];
    expect(password).toMatch(/^[\w-]{16}$/);
    const admin = await t.database.db
      .selectFrom('users')
      .selectAll()
      .where('email', '=', DEFAULT_ADMIN_EMAIL)
      .executeTakeFirstOrThrow();
    expect(await verifyPassword(admin.password_hash, password!)).toBe(true);
    expect((await loadUserWithRoles(t.database.db, admin.id))?.roles.map((r) => r.name)).toEqual(['Admin']);
    // Announced like any change of access, for the hub of a portal already running.
    const events = await t.database.db.selectFrom('hub_events').select(['name', 'payload']).execute();
    expect(events).toEqual([{ name: 'access.changed', payload: JSON.stringify({ userIds: [admin.id] }) }]);
    await ensureFirstAdmin(t.database.db, { email: undefined, password: undefined, log });
    expect(lines).toHaveLength(1);
  });

  it('uses ADMIN_EMAIL and ADMIN_PASSWORD when given, and never logs the password', async () => {
    t = await createTestDatabase(dialect);
    const { log, lines } = recordingLog();
    await ensureFirstAdmin(t.database.db, { email: 'boss@example.com', password: 'Boss-pass-1', log });
    expect(lines.join('\n')).not.toContain('Boss-pass-1');
    const admin = await t.database.db
      .selectFrom('users')
      .selectAll()
      .where('email', '=', 'boss@example.com')
      .executeTakeFirstOrThrow();
    expect(admin.email_confirmed_at).not.toBeNull();
    expect(await verifyPassword(admin.password_hash, 'Boss-pass-1')).toBe(true);
  });
});
