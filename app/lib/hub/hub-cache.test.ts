import { describe, expect, it } from 'vitest';
import type { AdvisoryDto, SystemMessageDto } from '#shared/realtime.ts';
import {
  applyAdvisoryCounts,
  applyChangeSystemMessage,
  applyLoadAdvisory,
  applyLoadSystemMessages,
  applySubscriptionChange,
  countsOf,
  markDismissed,
  pendingPopups,
  removeAdvisories,
  removeAdvisoryCounts,
  rollingMessages,
} from './hub-cache.ts';

function messageOf(id: number, overrides: Partial<SystemMessageDto> = {}): SystemMessageDto {
  return {
    id,
    title: `Message ${id}`,
    content: `Content ${id}`,
    publishedUserName: '',
    publishedTimestamp: new Date(Date.UTC(2025, 0, id)).toISOString(),
    isRoll: false,
    isPop: false,
    dismissed: false,
    ...overrides,
  };
}

function advisoryOf(id: number, overrides: Partial<AdvisoryDto> = {}): AdvisoryDto {
  return {
    id,
    title: `Strategy ${id}`,
    content: `<p>Strategy ${id}</p>`,
    apiKeyArray: [1],
    traders: [{ id: 1, keyName: 'Alpha' }],
    createdTimestamp: new Date(Date.UTC(2025, 1, id)).toISOString(),
    ...overrides,
  };
}

const NO_CHANGE = { messagesToUpsert: [], popChanges: [], rollChanges: [], messagesToRemove: [] };
const ids = (items: readonly { id: number }[] | undefined) => items?.map((item) => item.id);

describe('system message reducers', () => {
  it('loads the snapshot newest first, de-duplicated by id', () => {
    const loaded = applyLoadSystemMessages(undefined, [
      messageOf(1),
      messageOf(3),
      messageOf(2),
      messageOf(3),
    ]);
    expect(ids(loaded)).toEqual([3, 2, 1]);
  });

  it('keeps a popup closed in this tab when a snapshot taken before the dismissal arrives', () => {
    const current = [messageOf(1, { isPop: true, dismissed: true }), messageOf(2, { isPop: true })];
    const loaded = applyLoadSystemMessages(current, [
      messageOf(1, { isPop: true }),
      messageOf(2, { isPop: true }),
    ]);
    expect(loaded.find((m) => m.id === 1)?.dismissed).toBe(true);
    expect(loaded.find((m) => m.id === 2)?.dismissed).toBe(false);
  });

  it('upserts new and edited messages and keeps the order newest first', () => {
    const current = [messageOf(2), messageOf(1)];
    const next = applyChangeSystemMessage(current, {
      ...NO_CHANGE,
      messagesToUpsert: [messageOf(1, { title: 'Edited' }), messageOf(5)],
    });
    expect(ids(next)).toEqual([5, 2, 1]);
    expect(next.find((m) => m.id === 1)?.title).toBe('Edited');
    expect(current.find((m) => m.id === 1)?.title).toBe('Message 1');
  });

  it('does not reopen a dismissed popup when an edit is broadcast without the per-user flag', () => {
    const current = [messageOf(1, { isPop: true, dismissed: true })];
    const next = applyChangeSystemMessage(current, {
      ...NO_CHANGE,
      messagesToUpsert: [messageOf(1, { isPop: true, content: 'New text', dismissed: false })],
    });
    expect(next[0]).toMatchObject({ content: 'New text', dismissed: true });
    expect(pendingPopups(next)).toEqual([]);
  });

  it('applies pop and roll flag changes to known messages only', () => {
    const current = [messageOf(1), messageOf(2, { isRoll: true })];
    const next = applyChangeSystemMessage(current, {
      ...NO_CHANGE,
      popChanges: [
        { id: 1, isPop: true },
        { id: 9, isPop: true },
      ],
      rollChanges: [
        { id: 2, isRoll: false },
        { id: 1, isRoll: true },
      ],
    });
    expect(ids(next)).toEqual([2, 1]);
    expect(next.find((m) => m.id === 1)).toMatchObject({ isPop: true, isRoll: true });
    expect(next.find((m) => m.id === 2)).toMatchObject({ isPop: false, isRoll: false });
  });

  it('shows a closed popup again when the message is popped again, as a reload would', () => {
    const current = [messageOf(1, { isPop: true, dismissed: true }), messageOf(2, { dismissed: true })];
    const off = applyChangeSystemMessage(current, { ...NO_CHANGE, popChanges: [{ id: 1, isPop: false }] });
    expect(off.find((m) => m.id === 1)).toMatchObject({ isPop: false, dismissed: true });
    const again = applyChangeSystemMessage(off, { ...NO_CHANGE, popChanges: [{ id: 1, isPop: true }] });
    expect(ids(pendingPopups(again))).toEqual([1]);
  });

  it('removes messages, even ones upserted in the same change', () => {
    const next = applyChangeSystemMessage([messageOf(1), messageOf(2)], {
      ...NO_CHANGE,
      messagesToUpsert: [messageOf(3)],
      messagesToRemove: [1, 3],
    });
    expect(ids(next)).toEqual([2]);
  });

  it('starts a list from a change when no snapshot arrived yet', () => {
    expect(
      ids(applyChangeSystemMessage(undefined, { ...NO_CHANGE, messagesToUpsert: [messageOf(4)] })),
    ).toEqual([4]);
  });

  it('marks a popup dismissed and picks the rolling and pending popup messages', () => {
    const list = applyLoadSystemMessages(undefined, [
      messageOf(1, { isPop: true }),
      messageOf(2, { isPop: true, isRoll: true }),
      messageOf(3, { isRoll: true }),
      messageOf(4, { isPop: true, dismissed: true }),
    ]);
    expect(ids(rollingMessages(list))).toEqual([3, 2]);
    // Oldest first, so the newest popup ends up on top of the stack.
    expect(ids(pendingPopups(list))).toEqual([1, 2]);
    expect(ids(pendingPopups(markDismissed(list, 2)))).toEqual([1]);
    expect(markDismissed(undefined, 2)).toBeUndefined();
  });
});

describe('advisory feed reducers', () => {
  it('replaces the whole feed on a snapshot, without announcing anything', () => {
    const update = applyLoadAdvisory([advisoryOf(9)], {
      advisoryDtos: [advisoryOf(1), advisoryOf(3), advisoryOf(2), advisoryOf(3)],
      replace: true,
    });
    expect(ids(update.feed)).toEqual([3, 2, 1]);
    expect(update.arrived).toEqual([]);
  });

  it('merges new and edited strategies by id, newest first, and says which were edits', () => {
    const current = [advisoryOf(2), advisoryOf(1)];
    const update = applyLoadAdvisory(current, {
      advisoryDtos: [advisoryOf(4), advisoryOf(1, { title: 'Edited' }), advisoryOf(4)],
      replace: false,
    });
    expect(ids(update.feed)).toEqual([4, 2, 1]);
    expect(update.feed.find((a) => a.id === 1)?.title).toBe('Edited');
    expect(update.arrived.map(({ advisory, edited }) => [advisory.id, edited])).toEqual([
      [4, false],
      [1, true],
    ]);
  });

  it('does not announce a strategy delivered again unchanged', () => {
    const current = [advisoryOf(2), advisoryOf(1)];
    const update = applyLoadAdvisory(current, {
      advisoryDtos: [advisoryOf(2), advisoryOf(1, { apiKeyArray: [1, 2] })],
      replace: false,
    });
    expect(ids(update.feed)).toEqual([2, 1]);
    expect(update.arrived.map(({ advisory, edited }) => [advisory.id, edited])).toEqual([[1, true]]);
  });

  it('orders strategies of the same time by id', () => {
    const at = '2025-03-01T10:00:00.000Z';
    const update = applyLoadAdvisory(undefined, {
      advisoryDtos: [advisoryOf(5, { createdTimestamp: at }), advisoryOf(7, { createdTimestamp: at })],
      replace: false,
    });
    expect(ids(update.feed)).toEqual([7, 5]);
  });

  it('drops deleted strategies from the feed', () => {
    expect(ids(removeAdvisories([advisoryOf(3), advisoryOf(2), advisoryOf(1)], [2, 8]))).toEqual([3, 1]);
    expect(removeAdvisories(undefined, [2])).toBeUndefined();
  });
});

describe('count reducers', () => {
  it('replaces or merges counts', () => {
    const replaced = applyAdvisoryCounts(
      { 7: { 1: 9, 2: 9, 3: 9 } },
      { counts: { 1: { 1: 1, 2: 0, 3: 2 } }, replace: true },
    );
    expect(replaced).toEqual({ 1: { 1: 1, 2: 0, 3: 2 } });
    const merged = applyAdvisoryCounts(replaced, {
      counts: { 1: { 1: 2, 2: 0, 3: 2 }, 4: { 1: 0, 2: 1, 3: 0 } },
      replace: false,
    });
    expect(merged).toEqual({ 1: { 1: 2, 2: 0, 3: 2 }, 4: { 1: 0, 2: 1, 3: 0 } });
    expect(applyAdvisoryCounts(undefined, { counts: { 2: { 1: 1, 2: 1, 3: 1 } }, replace: false })).toEqual({
      2: { 1: 1, 2: 1, 3: 1 },
    });
  });

  it('removes the counts of deleted strategies and reads zero for unknown ones', () => {
    const counts = { 1: { 1: 1, 2: 0, 3: 0 }, 2: { 1: 0, 2: 3, 3: 0 } };
    const next = removeAdvisoryCounts(counts, [1]);
    expect(next).toEqual({ 2: { 1: 0, 2: 3, 3: 0 } });
    expect(counts).toHaveProperty('1');
    expect(countsOf(next, 2)).toEqual({ 1: 0, 2: 3, 3: 0 });
    expect(countsOf(next, 1)).toEqual({ 1: 0, 2: 0, 3: 0 });
    expect(removeAdvisoryCounts(undefined, [1])).toBeUndefined();
  });
});

describe('subscription reducer', () => {
  it('updates the choice of a listed trader and adds an unlisted one in id order', () => {
    const keys = [
      { id: 1, keyName: 'Alpha', subscribed: false },
      { id: 3, keyName: 'Gamma', subscribed: true },
    ];
    expect(applySubscriptionChange(keys, { key: { id: 1, keyName: 'Alpha' }, subscribed: true })).toEqual([
      { id: 1, keyName: 'Alpha', subscribed: true },
      { id: 3, keyName: 'Gamma', subscribed: true },
    ]);
    expect(applySubscriptionChange(keys, { key: { id: 2, keyName: 'Beta' }, subscribed: true })).toEqual([
      { id: 1, keyName: 'Alpha', subscribed: false },
      { id: 2, keyName: 'Beta', subscribed: true },
      { id: 3, keyName: 'Gamma', subscribed: true },
    ]);
  });
});
