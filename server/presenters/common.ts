import { DEFAULT_AVATAR_URL } from '#shared/constants.ts';

/** Times leave the API as ISO 8601 strings; the database keeps epoch milliseconds. */
export const isoTime = (ms: number): string => new Date(ms).toISOString();

export const isoTimeOrNull = (ms: number | null): string | null => (ms === null ? null : isoTime(ms));

/** A person's picture: their own, else the default avatar. */
export const pictureOf = (person: { pic: string | null }): string => person.pic ?? DEFAULT_AVATAR_URL;

/** The name a person is shown by: their nickname, else their user name. */
export const displayName = (person: { nick_name: string | null; user_name: string }): string =>
  person.nick_name || person.user_name;
