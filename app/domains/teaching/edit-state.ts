import { type ArticleSummary, articleSummary } from '#shared/schemas/teaching.ts';

// Editing an article from a list passes its row along with the navigation (spec §2: "existing row passed
// along by navigation") and puts its id in the address, so that a reload or a shared link still works.

export const EDIT_STATE_KEY = 'article';

export function editState(row: ArticleSummary) {
  return { [EDIT_STATE_KEY]: row };
}

/** The row passed by the list, when it is there and is the article being edited. */
export function rowFromState(state: unknown, id: number | null): ArticleSummary | null {
  if (typeof state !== 'object' || state === null || !(EDIT_STATE_KEY in state)) return null;
  const parsed = articleSummary.safeParse((state as Record<string, unknown>)[EDIT_STATE_KEY]);
  return parsed.success && parsed.data.id === id ? parsed.data : null;
}
