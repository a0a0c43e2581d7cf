import { z } from 'zod';

// Answers many calls share.

/** A call that did what was asked and has nothing more to say. */
export const okResponse = z.object({ ok: z.literal(true) });
/** A call that created something: its id. */
export const idResponse = z.object({ id: z.number() });

/** GET /api/docs: the OpenAPI document as JSON or as a page (otherwise chosen by the Accept header). */
export const docsQuery = z.object({ format: z.enum(['json', 'html']).optional() });
