import type { TFunction } from '../../lib/translator.ts';

/** Spec §3: a blank publisher means the default administrator. */
export function publisherLabel(t: TFunction<'live'>, publishedUserName: string): string {
  return publishedUserName.trim() || t('messages.defaultPublisher');
}

/** Date and time of a message or strategy, local, as YYYY-MM-DD HH:mm (the same in both languages). */
export { localDateTime as formatDateTime } from '../../lib/date-format.ts';
