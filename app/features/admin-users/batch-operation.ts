import type { BatchUserOperationRequest } from '#shared/schemas/management.ts';

// The batch operation of the user list (spec §5): tags of the selected users are left alone or replaced by a
// chosen set (the Admin tag never changes), and the membership expiry moves by a number of days. With no
// user selected the server applies it to every user, so the dialog must say so.

export type TagMode = 'keep' | 'set';

export interface BatchFormValues {
  tagMode: TagMode;
  tags: number[];
  /** Days to move the expiry by; empty (null) leaves it unchanged. */
  expiryInDays: number | null;
}

export const EMPTY_BATCH_FORM: BatchFormValues = { tagMode: 'keep', tags: [], expiryInDays: null };

/** Whom the operation reaches: the selected users, or every user (count null while the total loads). */
export type BatchScope = { kind: 'selected'; count: number } | { kind: 'all'; count: number | null };

export function batchScope(selectedCount: number, allUsers: number | null): BatchScope {
  return selectedCount > 0 ? { kind: 'selected', count: selectedCount } : { kind: 'all', count: allUsers };
}

/** What happens to the expiry: nothing (empty or 0), extended or shortened by a number of days. */
export type ExpiryChange = { kind: 'unchanged' } | { kind: 'extend' | 'shorten'; days: number };

export function expiryChange(days: number | null | undefined): ExpiryChange {
  if (days === null || days === undefined || days === 0) return { kind: 'unchanged' };
  return days > 0 ? { kind: 'extend', days } : { kind: 'shorten', days: -days };
}

/** The tags the users end up with: unchanged, a set of tags, or none (besides an Admin tag they hold). */
export type TagChange = { kind: 'unchanged' } | { kind: 'set'; tags: number[] } | { kind: 'clear' };

export function tagChange(
  values: Pick<BatchFormValues, 'tagMode' | 'tags'>,
  adminRoleId?: number,
): TagChange {
  if (values.tagMode === 'keep') return { kind: 'unchanged' };
  const tags = [...new Set(values.tags)].filter((id) => id !== adminRoleId);
  return tags.length ? { kind: 'set', tags } : { kind: 'clear' };
}

/** False when the form would change nothing: the apply button says so instead of sending a no-op. */
export function batchChangesSomething(values: BatchFormValues): boolean {
  return values.tagMode === 'set' || expiryChange(values.expiryInDays).kind !== 'unchanged';
}

/** The request body of POST /api/Management/BatchUserOperation; `rows` empty means every user. */
export function buildBatchRequest(
  values: BatchFormValues,
  rows: readonly string[],
  adminRoleId?: number,
): BatchUserOperationRequest {
  const tags = tagChange(values, adminRoleId);
  return {
    permissionMap: tags.kind === 'unchanged' ? null : tags.kind === 'set' ? tags.tags : [],
    expiryInDays: expiryChange(values.expiryInDays).kind === 'unchanged' ? null : values.expiryInDays,
    rows: [...new Set(rows)],
  };
}
