import type { Selectable } from 'kysely';
import type { SystemMessageDto } from '#shared/realtime.ts';
import type { SystemMessagesTable } from '../db/schema.ts';
import { isoTime } from './common.ts';

/** A system message as every signed-in page shows it; `dismissed`: the reader closed its popup. */
export function presentSystemMessage(
  row: Selectable<SystemMessagesTable>,
  dismissed: boolean,
): SystemMessageDto {
  return {
    id: row.id,
    title: row.title,
    content: row.content,
    publishedUserName: row.published_user_name ?? '',
    publishedTimestamp: isoTime(row.published_at),
    isRoll: row.is_roll === 1,
    isPop: row.is_pop === 1,
    dismissed,
  };
}
