import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, TEST_DIALECTS, type TestDatabase } from '../test/databases.ts';
import { inTransaction, publishHubEventsWith, recordHubEvent } from './hub-events.ts';

// The service that records a hub event makes sure it is published: a transaction opened with
// inTransaction hands its events to the database's publisher once it has committed, and only then.
describe.each(TEST_DIALECTS)('hub events published after commit on %s', (dialect) => {
  let testDb: TestDatabase;
  const published: number[][] = [];
  const db = () => testDb.database.db;

  beforeAll(async () => {
    testDb = await createTestDatabase(dialect);
    publishHubEventsWith(db(), async (ids) => {
      // Published only once the events are visible to everyone else, i.e. committed.
      const visible = await db().selectFrom('hub_events').select('id').where('id', 'in', ids).execute();
      expect(visible.map((row) => row.id)).toEqual(ids);
      published.push(ids);
    });
  });
  afterAll(async () => {
    await testDb?.dispose();
  });

  it('publishes the events a transaction recorded, in order, after it committed', async () => {
    published.length = 0;
    const ids = await inTransaction(db(), async (trx) => [
      await recordHubEvent(trx, { name: 'access.changed', userIds: ['a'] }),
      await recordHubEvent(trx, { name: 'advisory.removed', advisoryIds: [1] }),
    ]);
    expect(published).toEqual([ids]);
  });

  it('publishes nothing for a transaction that rolled back or recorded nothing', async () => {
    published.length = 0;
    await expect(
      inTransaction(db(), async (trx) => {
        await recordHubEvent(trx, { name: 'access.changed', userIds: 'all' });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    await inTransaction(db(), async (trx) => trx.selectFrom('hub_events').select('id').execute());
    expect(published).toEqual([]);
  });
});
