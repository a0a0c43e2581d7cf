import type {
  AdvisoryCounts,
  AdvisoryDto,
  AdvisorySubChangedPayload,
  ChangeSystemMessagePayload,
  LoadAdvisoryCountPayload,
  LoadAdvisoryPayload,
  LoadAdvisorySubPayload,
  SystemMessageDto,
} from '#shared/realtime.ts';

// Pure reducers from hub events to the react-query caches (spec §4 real-time). The hub writes their results
// with setQueryData; the pages only read the caches.

export type SubscriptionKeys = LoadAdvisorySubPayload['keys'];
export type ReactionCounts = AdvisoryCounts[string];

export const ZERO_COUNTS: ReactionCounts = { 1: 0, 2: 0, 3: 0 };

function newestFirst<T extends { id: number }>(time: (item: T) => string) {
  return (a: T, b: T) => {
    const byTime = Date.parse(time(b)) - Date.parse(time(a));
    return byTime !== 0 && !Number.isNaN(byTime) ? byTime : b.id - a.id;
  };
}

const messagesNewestFirst = newestFirst<SystemMessageDto>((message) => message.publishedTimestamp);
const advisoriesNewestFirst = newestFirst<AdvisoryDto>((advisory) => advisory.createdTimestamp);

/** One entry per id (the last one given wins). */
function uniqueById<T extends { id: number }>(items: readonly T[]): T[] {
  return [...new Map(items.map((item) => [item.id, item])).values()];
}

/**
 * LoadSystemMessage: the server's full list for this user. A popup this tab already closed stays closed even
 * if the snapshot was taken before the server recorded it.
 */
export function applyLoadSystemMessages(
  current: readonly SystemMessageDto[] | undefined,
  messages: readonly SystemMessageDto[],
): SystemMessageDto[] {
  const closedHere = new Set((current ?? []).filter((m) => m.dismissed).map((m) => m.id));
  return uniqueById(messages)
    .map((message) => (closedHere.has(message.id) ? { ...message, dismissed: true } : message))
    .sort(messagesNewestFirst);
}

/**
 * ChangeSystemMessage: upserts, then pop/roll flag changes, then removals (a removal always wins). Upserts
 * are broadcast to everyone without the per-user `dismissed`, so a popup closed before stays closed.
 */
export function applyChangeSystemMessage(
  current: readonly SystemMessageDto[] | undefined,
  change: ChangeSystemMessagePayload,
): SystemMessageDto[] {
  const byId = new Map((current ?? []).map((message) => [message.id, message]));
  for (const incoming of change.messagesToUpsert) {
    const existing = byId.get(incoming.id);
    byId.set(incoming.id, { ...incoming, dismissed: incoming.dismissed || (existing?.dismissed ?? false) });
  }
  for (const { id, isPop } of change.popChanges) {
    const existing = byId.get(id);
    // Popping a message again shows it again to everyone (the server forgets who closed it), as after a reload.
    if (existing) byId.set(id, { ...existing, isPop, dismissed: isPop ? false : existing.dismissed });
  }
  for (const { id, isRoll } of change.rollChanges) {
    const existing = byId.get(id);
    if (existing) byId.set(id, { ...existing, isRoll });
  }
  for (const id of change.messagesToRemove) byId.delete(id);
  return [...byId.values()].sort(messagesNewestFirst);
}

/** Marks a message's popup as closed by this user. */
export function markDismissed(
  current: readonly SystemMessageDto[] | undefined,
  messageId: number,
): SystemMessageDto[] | undefined {
  return current?.map((message) => (message.id === messageId ? { ...message, dismissed: true } : message));
}

/** Messages of the rolling bar, newest first. */
export function rollingMessages(messages: readonly SystemMessageDto[] | undefined): SystemMessageDto[] {
  return (messages ?? []).filter((message) => message.isRoll);
}

/** Pop-flagged messages this user has not closed, oldest first (so the newest ends up on top). */
export function pendingPopups(messages: readonly SystemMessageDto[] | undefined): SystemMessageDto[] {
  return (messages ?? []).filter((message) => message.isPop && !message.dismissed).reverse();
}

export interface ArrivedAdvisory {
  advisory: AdvisoryDto;
  /** The feed already had it: an edit rather than a new strategy. */
  edited: boolean;
}

export interface AdvisoryFeedUpdate {
  feed: AdvisoryDto[];
  /** New or edited strategies that deserve a notification (none for a whole-feed replacement). */
  arrived: ArrivedAdvisory[];
}

/**
 * LoadAdvisory: `replace` gives the whole feed (on connect, or after the member's subscriptions changed);
 * otherwise new or edited strategies are merged in by id. Newest first.
 */
export function applyLoadAdvisory(
  current: readonly AdvisoryDto[] | undefined,
  payload: LoadAdvisoryPayload,
): AdvisoryFeedUpdate {
  const incoming = uniqueById(payload.advisoryDtos);
  if (payload.replace) return { feed: incoming.sort(advisoriesNewestFirst), arrived: [] };
  const byId = new Map((current ?? []).map((advisory) => [advisory.id, advisory]));
  // A repeat of what the feed already shows (delivered again after a server process died) is not news.
  const arrived = incoming
    .filter((advisory) => !sameAdvisory(byId.get(advisory.id), advisory))
    .map((advisory) => ({ advisory, edited: byId.has(advisory.id) }));
  for (const advisory of incoming) byId.set(advisory.id, advisory);
  return { feed: [...byId.values()].sort(advisoriesNewestFirst), arrived };
}

function sameAdvisory(known: AdvisoryDto | undefined, advisory: AdvisoryDto): boolean {
  return (
    known !== undefined &&
    known.title === advisory.title &&
    known.content === advisory.content &&
    known.createdTimestamp === advisory.createdTimestamp &&
    known.apiKeyArray.join() === advisory.apiKeyArray.join()
  );
}

/** Strategies that were deleted leave the feed. */
export function removeAdvisories(
  current: readonly AdvisoryDto[] | undefined,
  advisoryIds: readonly number[],
): AdvisoryDto[] | undefined {
  if (!current) return current;
  const gone = new Set(advisoryIds);
  return current.filter((advisory) => !gone.has(advisory.id));
}

/** LoadAdvisoryCount: the whole map (`replace`), or the counts of some strategies. */
export function applyAdvisoryCounts(
  current: AdvisoryCounts | undefined,
  payload: LoadAdvisoryCountPayload,
): AdvisoryCounts {
  return payload.replace ? { ...payload.counts } : { ...current, ...payload.counts };
}

/** RemoveAdvisoryCount: forget the counts of deleted strategies. */
export function removeAdvisoryCounts(
  current: AdvisoryCounts | undefined,
  advisoryIds: readonly number[],
): AdvisoryCounts | undefined {
  if (!current) return current;
  const next = { ...current };
  for (const id of advisoryIds) delete next[String(id)];
  return next;
}

/** The counts of one strategy (zero until the hub has sent them). */
export function countsOf(counts: AdvisoryCounts | undefined, advisoryId: number): ReactionCounts {
  return counts?.[String(advisoryId)] ?? ZERO_COUNTS;
}

/** AdvisorySubChanged: the member's choice for one trader (added if the list did not have it yet). */
export function applySubscriptionChange(
  current: SubscriptionKeys | undefined,
  change: AdvisorySubChangedPayload,
): SubscriptionKeys {
  const list = current ?? [];
  const found = list.some((key) => key.id === change.key.id);
  const next = found
    ? list.map((key) => (key.id === change.key.id ? { ...key, subscribed: change.subscribed } : key))
    : [...list, { ...change.key, subscribed: change.subscribed }];
  return next.sort((a, b) => a.id - b.id);
}
