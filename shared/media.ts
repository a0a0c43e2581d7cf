// Media monitoring (/media): what a feed source is, as admins set it and members filter by it.

/** What a source publishes: news, a KOL (opinion leader), an exchange's announcements, or other. */
export const MEDIA_SOURCE_KINDS = ['news', 'kol', 'exchange', 'other'] as const;
export type MediaSourceKind = (typeof MEDIA_SOURCE_KINDS)[number];

/** The language of a source, and of its items when the feed does not say. */
export const MEDIA_LANGUAGES = ['zh', 'en', 'other'] as const;
export type MediaLanguage = (typeof MEDIA_LANGUAGES)[number];

/**
 * How often a source is read, in seconds: not more than once a minute (publishers throttle or block busier
 * readers), at least once a day.
 */
export const MEDIA_POLL_INTERVAL = { min: 60, max: 86_400, default: 300 } as const;

/** A feed's language tag (`zh-CN`, `en-us`, `ja`) as one of ours; none: undefined. */
export function mediaLanguageOf(tag: string | undefined): MediaLanguage | undefined {
  const primary = tag?.trim().toLowerCase().split(/[-_]/)[0];
  if (!primary) return undefined;
  return primary === 'zh' || primary === 'en' ? primary : 'other';
}
