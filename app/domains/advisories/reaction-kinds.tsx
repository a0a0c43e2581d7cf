import { EyeOutlined, FallOutlined, RiseOutlined } from '@ant-design/icons';
import type { ReactNode } from 'react';
import { ADVISORY_REACTION } from '#shared/realtime-names.ts';

/** Following (1), reverse-following (2), watching (3). */
export type ReactionKind = (typeof ADVISORY_REACTION)[keyof typeof ADVISORY_REACTION];
export type ReactionKey = keyof typeof ADVISORY_REACTION;

/** The three reactions in the order they are offered, with their text keys (advisories: trading.reactions.*). */
export const REACTIONS: readonly { kind: ReactionKind; key: ReactionKey; icon: ReactNode }[] = [
  { kind: ADVISORY_REACTION.following, key: 'following', icon: <RiseOutlined /> },
  { kind: ADVISORY_REACTION.reverseFollowing, key: 'reverseFollowing', icon: <FallOutlined /> },
  { kind: ADVISORY_REACTION.watching, key: 'watching', icon: <EyeOutlined /> },
];

/** The text key of a reaction kind. */
export function reactionKey(kind: ReactionKind): ReactionKey {
  return REACTIONS.find((reaction) => reaction.kind === kind)?.key ?? 'watching';
}
