import { z } from 'zod';

// System messages: written by administrators, shown on every signed-in page (spec §3, §7 /api/SystemMessage/...).

export const systemMessage = z.object({
  id: z.number(),
  title: z.string(),
  content: z.string(),
  /** Blank means the default administrator. */
  publishedUserName: z.string(),
  publishedTimestamp: z.string(),
  isRoll: z.boolean(),
  isPop: z.boolean(),
  /** The signed-in user already closed its popup. */
  dismissed: z.boolean(),
});
export type SystemMessage = z.infer<typeof systemMessage>;
export const systemMessageList = z.array(systemMessage);

export const addOrUpdateSystemMessageRequest = z.object({
  id: z.number().int().optional().nullable(),
  title: z
    .string({ message: 'messageTitleRequired' })
    .trim()
    .min(1, { message: 'messageTitleRequired', abort: true })
    .max(200, 'tooLong'),
  content: z
    .string({ message: 'messageContentRequired' })
    .trim()
    .min(1, { message: 'messageContentRequired', abort: true })
    .max(5000, 'tooLong'),
  publishedUserName: z.string().trim().max(60, 'tooLong').optional().nullable(),
  isRoll: z.boolean().default(false),
  isPop: z.boolean().default(false),
});
export const messageFlagQuery = z.object({
  messageId: z.coerce.number().int(),
  newValue: z.enum(['true', 'false']),
});
export const messageIdQuery = z.object({ messageId: z.coerce.number().int() });
