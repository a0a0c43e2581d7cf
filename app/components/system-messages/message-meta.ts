import dayjs from 'dayjs';
import type { TFunction } from '../../lib/translator.ts';

/** Spec §3: a blank publisher means the default administrator. */
export function publisherLabel(t: TFunction<'advisories'>, publishedUserName: string): string {
  return publishedUserName.trim() || t('messages.defaultPublisher');
}

/** Date and time of a message or strategy, in the interface language's order. */
export function formatDateTime(iso: string): string {
  return dayjs(iso).format('YYYY-MM-DD HH:mm');
}
