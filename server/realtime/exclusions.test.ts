import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DB } from '../db/schema.ts';
import { type HubEvent, recordHubEvent } from '../services/hub-events.ts';
import { createTestDatabase, TEST_DIALECTS, type TestDatabase } from '../test/databases.ts';
import { createTraderKey, createUser } from '../test/factories.ts';
import { createExclusionCache } from './exclusions.ts';

describe.each(TEST_DIALECTS)('strategy exclusions remembered between deliveries on %s', (dialect) => {
  let testDb: TestDatabase;
  let db: Kysely<DB>;
  let standardRole: number;

  beforeAll(async () => {
    testDb = await createTestDatabase(dialect);
    db = testDb.database.db;
    standardRole = (
      await db.selectFrom('roles').select('id').where('name', '=', 'StandardUser').executeTakeFirstOrThrow()
    ).id;
  });
  afterAll(() => testDb.dispose());

  const traderKey = () => createTraderKey(db, { roleIds: [standardRole] });

  async function subscriber(keyId: number, memberUntil = Date.now() + 86_400_000) {
    const user = await createUser(db, { roles: ['StandardUser'] });
    await db
      .updateTable('users')
      .set({ member_expiry_date: memberUntil })
      .where('id', '=', user.id)
      .execute();
    await db.insertInto('subscriptions').values({ user_id: user.id, key_id: keyId, created_at: 0 }).execute();
    return user.id;
  }

  /** A change as the services make it: the write and its event in one transaction. */
  const change = (write: (trx: Kysely<DB>) => Promise<unknown>, event: HubEvent) =>
    db.transaction().execute(async (trx) => {
      await write(trx);
      await recordHubEvent(trx, event);
    });

  it('reads again once an access event is committed, by whichever process', async () => {
    const key = await traderKey();
    const kept = await subscriber(key);
    const demoted = await subscriber(key);
    const exclusions = createExclusionCache(db);
    expect(await exclusions([key])).toEqual([]);
    // The same change made without its event is not seen: remembering is what spares the reads.
    await db.deleteFrom('user_roles').where('user_id', '=', demoted).execute();
    expect(await exclusions([key])).toEqual([]);
    // Another process (another cache on the same database) committing the event is enough.
    await change((trx) => trx.deleteFrom('user_roles').where('user_id', '=', kept).execute(), {
      name: 'access.changed',
      userIds: [kept],
    });
    expect((await exclusions([key])).sort()).toEqual([demoted, kept].sort());
    // Unsubscribing is announced too.
    await change(
      (trx) =>
        trx.deleteFrom('subscriptions').where('user_id', '=', kept).where('key_id', '=', key).execute(),
      { name: 'subscription.changed', userId: kept, keyId: key, subscribed: false },
    );
    expect(await exclusions([key])).toEqual([demoted]);
  });

  it('reads again when events it never saw were purged', async () => {
    const key = await traderKey();
    const demoted = await subscriber(key);
    const exclusions = createExclusionCache(db);
    expect(await exclusions([key])).toEqual([]);
    const accessEvent = await db.transaction().execute(async (trx) => {
      await trx.deleteFrom('user_roles').where('user_id', '=', demoted).execute();
      return recordHubEvent(trx, { name: 'access.changed', userIds: [demoted] });
    });
    await change(async () => undefined, { name: 'advisory.removed', advisoryIds: [1] });
    // A process that delivered nothing for a day: the purge took the access event before it looked.
    await db.deleteFrom('hub_events').where('id', '<=', accessEvent).execute();
    expect(await exclusions([key])).toEqual([demoted]);
  });

  it('keeps sets of keys apart, and other events do not make it read again', async () => {
    const [a, b] = [await traderKey(), await traderKey()];
    const onA = await subscriber(a);
    const onB = await subscriber(b);
    const exclusions = createExclusionCache(db);
    expect(await exclusions([a])).toEqual([]);
    expect(await exclusions([b, a])).toEqual([]);
    await db.updateTable('trader_keys').set({ is_active: 0 }).where('id', '=', b).execute();
    await change(async () => undefined, { name: 'advisory.removed', advisoryIds: [1] });
    expect(await exclusions([a, b])).toEqual([]);
    await change(async () => undefined, { name: 'access.changed', userIds: 'all' });
    expect(await exclusions([a])).toEqual([]);
    expect(await exclusions([a, b])).toEqual([onB]);
    expect(await exclusions([b])).toEqual([onB]);
    expect(onA).not.toBe(onB);
  });

  it('counts a membership as over from the moment it ends, with nothing written', async () => {
    const key = await traderKey();
    const now = Date.now();
    const lapsing = await subscriber(key, now + 60_000);
    await subscriber(key, now + 120_000);
    const exclusions = createExclusionCache(db);
    expect(await exclusions([key], now)).toEqual([]);
    expect(await exclusions([key], now + 59_999)).toEqual([]);
    expect(await exclusions([key], now + 60_000)).toEqual([lapsing]);
    expect((await exclusions([key], now + 120_000)).length).toBe(2);
  });
});
