import type { Selectable } from 'kysely';
import type { AdvisoryCounts, AdvisoryDto, AdvisorySubKey } from '#shared/realtime.ts';
import type { AdminAdvisory, Engagement } from '#shared/schemas/advisories.ts';
import type { AdvisoriesTable } from '../db/schema.ts';
import { isoTime } from './common.ts';

type AdvisoryRow = Selectable<AdvisoriesTable>;
type ReactionKind = 1 | 2 | 3;
const NO_REACTIONS = { 1: 0, 2: 0, 3: 0 } as const;

/** A strategy as members receive it: never its internal description. */
export function presentAdvisory(
  row: Pick<AdvisoryRow, 'id' | 'title' | 'content' | 'created_at'>,
  traders: AdvisorySubKey[],
): AdvisoryDto {
  return {
    id: row.id,
    title: row.title,
    content: row.content,
    apiKeyArray: traders.map((t) => t.id),
    traders,
    createdTimestamp: isoTime(row.created_at),
  };
}

/** A strategy as administrators manage it: everything, with its reaction counts. */
export function presentAdminAdvisory(
  row: AdvisoryRow,
  traders: AdvisorySubKey[],
  counts: AdvisoryCounts,
): AdminAdvisory {
  return {
    ...presentAdvisory(row, traders),
    advisoryDesc: row.advisory_desc,
    updatedTimestamp: isoTime(row.updated_at),
    counts: counts[row.id] ?? { ...NO_REACTIONS },
  };
}

/** Reaction counts per strategy id; every id asked for appears, with zeros when nobody reacted. */
export function presentAdvisoryCounts(
  advisoryIds: number[],
  grouped: Array<{ advisory_id: number; kind: number; n: number | string | bigint }>,
): AdvisoryCounts {
  const counts: AdvisoryCounts = {};
  for (const id of advisoryIds) counts[id] = { ...NO_REACTIONS };
  for (const row of grouped) {
    const entry = counts[row.advisory_id] ?? { ...NO_REACTIONS };
    counts[row.advisory_id] = entry;
    if (row.kind === 1 || row.kind === 2 || row.kind === 3) entry[row.kind] = Number(row.n);
  }
  return counts;
}

/** The member's own reactions: strategy id → kind. */
export function presentMyReactions(rows: Array<{ advisory_id: number; kind: number }>) {
  const mine: Record<string, ReactionKind> = {};
  for (const row of rows)
    if (row.kind === 1 || row.kind === 2 || row.kind === 3) mine[String(row.advisory_id)] = row.kind;
  return mine;
}

/** A trader as strategies and subscriptions name it. */
export function presentTraderRef(key: { id: number; key_name: string }): AdvisorySubKey {
  return { id: key.id, keyName: key.key_name };
}

/**
 * A strategy the member reacted to. `available`: they receive it now (only then may they change the
 * reaction); `counts`: only those the member may see (GetAdvCount's scope), else null.
 */
export function presentEngagement(
  row: { advisory_id: number; kind: number; reacted_at: number; title: string; created_at: number },
  traders: AdvisorySubKey[],
  available: boolean,
  counts: AdvisoryCounts[string] | null,
): Engagement {
  return {
    advisoryId: row.advisory_id,
    title: row.title,
    createdTimestamp: isoTime(Number(row.created_at)),
    traders,
    kind: row.kind === 2 || row.kind === 3 ? row.kind : 1,
    reactedAt: isoTime(Number(row.reacted_at)),
    available,
    counts,
  };
}
