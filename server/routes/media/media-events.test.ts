import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MEDIA_PUSH_LIMIT,
  type MediaItemChangedPayload,
  type MediaItemsAddedPayload,
  type WithEventId,
} from '#shared/realtime.ts';
import { useHubTestKit } from '../../realtime/hub-test-kit.ts';
import { TEST_DIALECTS } from '../../test/databases.ts';
import { type FakeFeedItem, FeedFake, rssDocument } from '../../test/feed-fake.ts';
import { events } from '../../test/hub-client.ts';

// Media monitoring on the hub, through real socket.io clients: what a feed read stores reaches every member
// (admins included) and no one else, at most MEDIA_PUSH_LIMIT items a read (`more` says there were others),
// with notifications asked for only after a source's first read (its backlog); an admin's hiding and pinning
// reaches members without the hidden item's content and admins with it; and a member who comes back is
// replayed what was stored meanwhile, as it is now. "Not received" is shown by a later marker event.

const MINUTE = 60_000;

describe.each(TEST_DIALECTS)('media monitoring on the hub on %s', (dialect) => {
  const fake = new FeedFake();
  const kit = useHubTestKit(dialect, () => ({ FEED_FETCH_ALLOW_LOOPBACK: 'true' }));
  const items = (count: number, from: number): FakeFeedItem[] =>
    Array.from({ length: count }, (_, i) => ({
      id: `item-${from + i}`,
      title: from + i === 1 ? 'Bitcoin halving is near' : `Market note ${from + i}`,
      link: `https://news.example/${from + i}`,
      publishedAt: Date.now() - (100 - from - i) * MINUTE,
    }));
  const added = (c: { received: Parameters<typeof events>[0] }) =>
    events(c.received, 'MediaItemsAdded') as unknown as Array<WithEventId<MediaItemsAddedPayload>>;
  const poll = () => kit.t.app.mediaPoller.poll();

  beforeAll(() => fake.start());
  afterAll(() => fake.stop());

  it('pushes what a read stores to members only, a first read without notifications', async () => {
    expect(
      (await kit.post('/api/Media/AddKeywordRule', { keyword: 'HALVING', tag: 'BTC', important: true }))
        .statusCode,
    ).toBe(200);
    fake.serve('/live.xml', rssDocument({ title: 'Live', language: 'en', items: items(25, 1).reverse() }));
    const source = await kit.post('/api/Media/AddSource', {
      url: fake.url('/live.xml'),
      kind: 'news',
      language: 'en',
    });
    expect(source.statusCode, source.body).toBe(200);
    const member = await kit.member(['StandardUser']);
    const nonMember = await kit.member([], { memberDays: 0 });
    const clients = {
      member: await kit.welcomed(member.token),
      admin: await kit.welcomed(kit.admin.authorization.slice('Bearer '.length)),
      nonMember: await kit.welcomed(nonMember.token),
    };

    const first = await poll();
    expect(first.newItemIds).toHaveLength(25);
    await kit.mark(Object.values(clients));
    const [backlog] = added(clients.member);
    expect(added(clients.member)).toHaveLength(1);
    expect(backlog).toMatchObject({ more: true, notify: false });
    expect(backlog!.items).toHaveLength(MEDIA_PUSH_LIMIT);
    // Newest first: items 25 down to 6.
    expect(backlog!.items.map((i) => i.title).slice(0, 2)).toEqual(['Market note 25', 'Market note 24']);
    expect(added(clients.admin)).toEqual(added(clients.member));
    expect(events(clients.nonMember.received, 'MediaItemsAdded')).toEqual([]);

    // The next read brings one item, which a rule marks important: announced this time.
    fake.serve(
      '/live.xml',
      rssDocument({
        title: 'Live',
        language: 'en',
        items: [
          { id: 'item-26', title: 'Miners brace for the halving', link: 'https://news.example/26' },
          ...items(25, 1).reverse(),
        ],
      }),
    );
    await kit.db().updateTable('media_sources').set({ next_poll_at: 0 }).execute();
    expect((await poll()).newItemIds).toHaveLength(1);
    await kit.mark(Object.values(clients));
    const [, fresh] = added(clients.member);
    expect(fresh).toEqual({
      items: [
        expect.objectContaining({
          title: 'Miners brace for the halving',
          important: true,
          tags: ['BTC'],
          matchedKeywords: ['HALVING'],
          source: expect.objectContaining({ kind: 'news', title: 'Live' }),
        }),
      ],
      more: false,
      notify: true,
      eventId: expect.any(Number),
    });
    expect(events(clients.nonMember.received, 'MediaItemsAdded')).toEqual([]);

    // Hidden: members learn it is gone (not what it was); admins get it flagged. Then pinned.
    const id = fresh!.items[0]!.id;
    clients.member.received.length = 0;
    clients.admin.received.length = 0;
    expect((await kit.post('/api/Media/HideItem', { id, hidden: true })).statusCode).toBe(200);
    expect(
      (await kit.post('/api/Media/PinItem', { id: backlog!.items[0]!.id, pinned: true })).statusCode,
    ).toBe(200);
    await kit.mark(Object.values(clients));
    const changed = (c: { received: Parameters<typeof events>[0] }) =>
      events(c.received, 'MediaItemChanged') as unknown as Array<WithEventId<MediaItemChangedPayload>>;
    expect(changed(clients.member)).toEqual([
      { id, hidden: true, pinned: false, item: null, eventId: expect.any(Number) },
      expect.objectContaining({
        id: backlog!.items[0]!.id,
        pinned: true,
        item: expect.objectContaining({ title: 'Market note 25', pinned: true }),
      }),
    ]);
    expect(changed(clients.admin)[0]).toMatchObject({ id, hidden: true, item: { id, hidden: true } });
    expect(events(clients.nonMember.received, 'MediaItemChanged')).toEqual([]);

    // Coming back from before the first read: both reads replayed as they are now (the hidden item left
    // out), then the changes; a non-member coming back is replayed nothing.
    const since = backlog!.eventId - 1;
    const back = kit.open(member.token, { lastEventId: since });
    const nonMemberBack = kit.open(nonMember.token, { lastEventId: since });
    await kit.mark([back, nonMemberBack]);
    const replayed = added(back);
    expect(replayed.map((p) => p.items.length)).toEqual([MEDIA_PUSH_LIMIT]);
    expect(replayed[0]!.items.some((i) => i.id === id)).toBe(false);
    expect(events(back.received, 'MediaItemChanged').map((p) => p.id)).toEqual([id, backlog!.items[0]!.id]);
    expect(events(nonMemberBack.received, 'MediaItemsAdded')).toEqual([]);
    expect(events(nonMemberBack.received, 'MediaItemChanged')).toEqual([]);
  });
});
