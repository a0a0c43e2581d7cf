// The real-time hub's events (spec §4, §7): names kept exactly, payloads typed once for both sides.

export const HUB_PATH = '/AdvisoryHub';

export const HUB_EVENTS = {
  loadAdvisorySub: 'LoadAdvisorySub',
  loadAdvisory: 'LoadAdvisory',
  loadSystemMessage: 'LoadSystemMessage',
  changeSystemMessage: 'ChangeSystemMessage',
  loadAdvisoryCount: 'LoadAdvisoryCount',
  removeAdvisoryCount: 'RemoveAdvisoryCount',
  advisorySubChanged: 'AdvisorySubChanged',
} as const;

/** A trader a member may subscribe to (spec §3 Advisory subscription key). */
export type AdvisorySubKey = { id: number; keyName: string };

/** LoadAdvisorySub: the keys the member's roles admit, each with the member's choice. */
export type LoadAdvisorySubPayload = { keys: Array<AdvisorySubKey & { subscribed: boolean }> };

/** A strategy as members receive it: never its internal description. */
export type AdvisoryDto = {
  id: number;
  title: string;
  content: string;
  apiKeyArray: number[];
  traders: AdvisorySubKey[];
  createdTimestamp: string;
};

/** LoadAdvisory: full list on connect (`replace: true`), or new/edited ones afterwards. */
export type LoadAdvisoryPayload = { advisoryDtos: AdvisoryDto[]; replace: boolean };

/** Counts per advisory id: following (1), reverse-following (2), watching (3). */
export type AdvisoryCounts = Record<string, { 1: number; 2: number; 3: number }>;
export type LoadAdvisoryCountPayload = { counts: AdvisoryCounts; replace: boolean };
export type RemoveAdvisoryCountPayload = { advisoryIds: number[] };

export type SystemMessageDto = {
  id: number;
  title: string;
  content: string;
  /** Blank means the default administrator. */
  publishedUserName: string;
  publishedTimestamp: string;
  isRoll: boolean;
  isPop: boolean;
  /** The signed-in user already closed its popup. */
  dismissed: boolean;
};

export type LoadSystemMessagePayload = { messages: SystemMessageDto[] };

export type ChangeSystemMessagePayload = {
  messagesToUpsert: SystemMessageDto[];
  popChanges: Array<{ id: number; isPop: boolean }>;
  rollChanges: Array<{ id: number; isRoll: boolean }>;
  messagesToRemove: number[];
};

export type AdvisorySubChangedPayload = { key: AdvisorySubKey; subscribed: boolean };

/** Every server-to-client event carries the id of the hub event it came from (snapshots: the latest id). */
export type WithEventId<T> = T & { eventId: number };

export type ServerToClientEvents = {
  LoadAdvisorySub: (payload: WithEventId<LoadAdvisorySubPayload>) => void;
  LoadAdvisory: (payload: WithEventId<LoadAdvisoryPayload>) => void;
  LoadSystemMessage: (payload: WithEventId<LoadSystemMessagePayload>) => void;
  ChangeSystemMessage: (payload: WithEventId<ChangeSystemMessagePayload>) => void;
  LoadAdvisoryCount: (payload: WithEventId<LoadAdvisoryCountPayload>) => void;
  RemoveAdvisoryCount: (payload: WithEventId<RemoveAdvisoryCountPayload>) => void;
  AdvisorySubChanged: (payload: WithEventId<AdvisorySubChangedPayload>) => void;
};

export type ClientToServerEvents = Record<string, never>;

/** Sent in the handshake's `auth`: the access token (never in the URL) and the last event seen. */
export type HubHandshake = { token: string; lastEventId?: number };

export const ADVISORY_REACTION = { following: 1, reverseFollowing: 2, watching: 3 } as const;
