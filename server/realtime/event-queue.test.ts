import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { recordHubEvent } from '../services/hub-events.ts';
import { TEST_DIALECTS } from '../test/databases.ts';
import { connected, events, eventually, type HubClient } from '../test/hub-client.ts';
import { useHubTestKit } from './hub-test-kit.ts';

// The hub's event queue (event-queue.ts, with the catch-up of connections that join meanwhile): each event
// delivered once however publishing and connecting interleave, claims, the sweep, the purge, and event ids
// in commit order.

describe.each(TEST_DIALECTS)('the hub event queue on %s', (dialect) => {
  const k = useHubTestKit(dialect);

  it('delivers each strategy once to clients that connect while strategies are being published', async () => {
    const members = await Promise.all(
      Array.from({ length: 45 }, () => k.member(['StandardUser'], { subscribe: true })),
    );
    // Strategies are published one after another while the clients connect, a few at a time.
    const publishing = (async () => {
      const ids: number[] = [];
      for (let i = 0; i < 8; i++) {
        const res = await k.post('/api/Advisory/AddOrUpdateAdvisory', {
          title: `并发 ${i}`,
          content: '<p>x</p>',
          apiKeyArray: [k.keyId],
        });
        expect(res.statusCode, res.body).toBe(200);
        ids.push(Number(res.json().id));
      }
      return ids;
    })();
    const clients: HubClient[] = [];
    for (let i = 0; i < members.length; i += 3) {
      const batch = members.slice(i, i + 3).map((m) => k.open(m.token));
      clients.push(...batch);
      await Promise.all(batch.map((c) => connected(c.socket)));
    }
    const published = await publishing;
    for (const c of clients) {
      // Each client ends up with every strategy, from its snapshot or live.
      await eventually(() => {
        const seen = new Set(
          events(c.received, 'LoadAdvisory').flatMap((p) =>
            (p.advisoryDtos as Array<{ id: number }>).map((dto) => dto.id),
          ),
        );
        return published.every((id) => seen.has(id)) ? true : undefined;
      }, 30_000);
    }
    // A later event marks the moment everything before it has arrived.
    await k.mark(clients, 30_000);

    const duplicates = clients.flatMap((c, index) => {
      const live = c.received.filter(
        (r) =>
          r.payload.replace === false ||
          r.event === 'ChangeSystemMessage' ||
          r.event === 'RemoveAdvisoryCount',
      );
      const keys = live.map((r) => `${r.event}#${r.payload.eventId}`);
      return keys.filter((key, i) => keys.indexOf(key) !== i).map((key) => `client ${index}: ${key}`);
    });
    expect(duplicates).toEqual([]);
    for (const c of clients) c.socket.disconnect();
  }, 120_000);

  it('delivers an event once when two publishers race for it', async () => {
    const subscriber = await k.member(['StandardUser'], { subscribe: true });
    const s = await k.welcomed(subscriber.token);
    const advisoryId = (await k.publishAdvisory('raced')).json().id as number;
    const delivered = () =>
      events(s.received, 'LoadAdvisory').filter(
        (p) => !p.replace && (p.advisoryDtos as Array<{ id: number }>).some((d) => d.id === advisoryId),
      ).length;
    await eventually(() => (delivered() === 1 ? true : undefined));
    // The same announcement again, unpublished, taken by two publishers at once (as two processes would).
    const event = await k
      .db()
      .insertInto('hub_events')
      .values({ name: 'advisory.saved', payload: JSON.stringify({ advisoryId }), created_at: Date.now() })
      .returning('id')
      .executeTakeFirstOrThrow();
    await Promise.all([k.t.app.hub.publish([event.id]), k.t.app.hub.publish([event.id])]);
    await eventually(() => (delivered() === 2 ? true : undefined));
    // A later event marks the moment: a second delivery by the other publisher would have come before it.
    await k.mark([s]);
    expect(delivered()).toBe(2);

    // A claim left by a publisher that died is taken over once it is old; a fresh one is not.
    const orphan = async (claimedAgoMs: number) =>
      k
        .db()
        .insertInto('hub_events')
        .values({
          name: 'advisory.saved',
          payload: JSON.stringify({ advisoryId }),
          created_at: Date.now() - 60_000,
          claimed_at: Date.now() - claimedAgoMs,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
    const fresh = await orphan(0);
    const stale = await orphan(60_000);
    await k.t.app.hub.sweep();
    const published = async (id: number) =>
      (
        await k
          .db()
          .selectFrom('hub_events')
          .select('published_at')
          .where('id', '=', id)
          .executeTakeFirstOrThrow()
      ).published_at;
    expect(await published(stale.id)).not.toBeNull();
    expect(await published(fresh.id)).toBeNull();
    await k.db().deleteFrom('hub_events').where('id', '=', fresh.id).execute();
  });

  it('purges published events older than a day, keeping the newest and all from the oldest unpublished on', async () => {
    const db = k.db();
    const dayAgo = Date.now() - 2 * 24 * 60 * 60 * 1000;
    const insert = (createdAt: number) =>
      db
        .insertInto('hub_events')
        .values({
          name: 'access.changed',
          payload: '{"userIds":[]}',
          created_at: createdAt,
          published_at: createdAt,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
    const old = await insert(dayAgo);
    const recent = await insert(Date.now());
    const newestButOld = await insert(dayAgo);
    await k.t.app.hub.purge();
    let left = (await db.selectFrom('hub_events').select('id').execute()).map((r) => r.id);
    expect(left).not.toContain(old.id);
    expect(left).toContain(recent.id);
    expect(left).toContain(newestButOld.id);

    // An event that could not be published yet holds back the purge of everything after it.
    const stuck = await insert(dayAgo);
    // (Created just now, like an event whose process is still publishing it.)
    await db
      .updateTable('hub_events')
      .set({ published_at: null, created_at: Date.now() })
      .where('id', '=', stuck.id)
      .execute();
    const afterStuck = await insert(dayAgo);
    await insert(Date.now());
    await k.t.app.hub.purge();
    left = (await db.selectFrom('hub_events').select('id').execute()).map((r) => r.id);
    expect(left).toContain(stuck.id);
    expect(left).toContain(afterStuck.id);
    expect(left).not.toContain(newestButOld.id);
    await db.deleteFrom('hub_events').where('id', '=', stuck.id).execute();
  });

  it.runIf(dialect === 'postgres')('hands out event ids in commit order', async () => {
    const db = k.db();
    const order: string[] = [];
    let commitFirst!: () => void;
    const held = new Promise<void>((resolve) => {
      commitFirst = resolve;
    });
    let firstHasId!: () => void;
    const firstHolds = new Promise<void>((resolve) => {
      firstHasId = resolve;
    });
    const first = db.transaction().execute(async (trx) => {
      const id = await recordHubEvent(trx, { name: 'access.changed', userIds: [] });
      firstHasId();
      await held;
      order.push('first commits');
      return id;
    });
    // The first has its id, and with it the event-order lock until it commits.
    await firstHolds;
    let backendOfSecond!: (pid: number) => void;
    const secondPid = new Promise<number>((resolve) => {
      backendOfSecond = resolve;
    });
    const second = db.transaction().execute(async (trx) => {
      const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(trx);
      backendOfSecond(rows[0]!.pid);
      const id = await recordHubEvent(trx, { name: 'access.changed', userIds: [] });
      order.push('second has its id');
      return id;
    });
    // The second waits: an id it took now could become visible before the first one. Seen in the server's
    // own view: its connection is blocked on an advisory lock it has not been granted.
    const pid = await secondPid;
    await eventually(async () => {
      const { rows } = await sql<{ waiting: number }>`
        select 1 as waiting from pg_locks where pid = ${pid} and locktype = 'advisory' and not granted
      `.execute(db);
      return rows.length ? true : undefined;
    });
    expect(order).toEqual([]);
    commitFirst();
    const [a, b] = await Promise.all([first, second]);
    expect(order).toEqual(['first commits', 'second has its id']);
    expect(b).toBeGreaterThan(a);
  });
});
