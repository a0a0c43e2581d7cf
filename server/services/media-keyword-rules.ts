import type { Kysely, Selectable, Transaction } from 'kysely';
import type { z } from 'zod';
import type { AuditActionIn } from '#shared/audit.ts';
import { type addMediaKeywordRuleRequest, MEDIA_LIMITS } from '#shared/schemas/media.ts';
import type { DB, MediaKeywordRulesTable } from '../db/schema.ts';
import { type Actor, audit } from './audit.ts';
import { DomainError } from './errors.ts';
import { inTransaction } from './hub-events.ts';

// Media monitoring's keyword rules: a word or phrase that gives the items containing it a tag, and
// optionally makes them important. The poller applies them as it stores items (feeds/media-poller.ts), so a
// rule added, changed or deleted concerns the items read after it; items keep the tags they got. Audited.

export type MediaKeywordRuleRow = Selectable<MediaKeywordRulesTable>;
export type MediaKeywordRuleInput = z.output<typeof addMediaKeywordRuleRequest>;

const notFound = () =>
  new DomainError('notFound', 'mediaKeywordRuleNotFound', { id: ['mediaKeywordRuleNotFound'] });

/** As the poller compares them: case and width folded. */
const fold = (text: string) => text.normalize('NFKC').toLowerCase();

export async function listMediaKeywordRules(db: Kysely<DB>): Promise<MediaKeywordRuleRow[]> {
  return db.selectFrom('media_keyword_rules').selectAll().orderBy('id').execute();
}

/** Refuses a rule that another already is (same keyword, as matched, and same tag). */
async function checkRule(trx: Transaction<DB>, input: MediaKeywordRuleInput, except?: number) {
  const rules = await trx.selectFrom('media_keyword_rules').select(['id', 'keyword', 'tag']).execute();
  const others = rules.filter((rule) => rule.id !== except);
  if (except === undefined && others.length >= MEDIA_LIMITS.rules)
    throw new DomainError('invalid', 'mediaKeywordRulesTooMany', { keyword: ['mediaKeywordRulesTooMany'] });
  const keyword = fold(input.keyword);
  if (others.some((rule) => fold(rule.keyword) === keyword && rule.tag === input.tag))
    throw new DomainError('conflict', 'mediaKeywordRuleExists', { keyword: ['mediaKeywordRuleExists'] });
}

async function record(
  trx: Transaction<DB>,
  action: AuditActionIn<'admin.media.'>,
  id: number,
  actor: Actor,
  detail: Record<string, unknown>,
) {
  await audit(trx, {
    action: `admin.media.${action}`,
    actorId: actor.userId,
    targetType: 'mediaKeywordRule',
    targetId: String(id),
    ip: actor.ip,
    userAgent: actor.userAgent,
    detail,
  });
}

export async function addMediaKeywordRule(
  db: Kysely<DB>,
  input: MediaKeywordRuleInput,
  actor: Actor,
  now = Date.now(),
): Promise<number> {
  return inTransaction(db, async (trx) => {
    await checkRule(trx, input);
    const { id } = await trx
      .insertInto('media_keyword_rules')
      .values({ keyword: input.keyword, tag: input.tag, important: input.important ? 1 : 0, created_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    await record(trx, 'addKeywordRule', id, actor, input);
    return id;
  });
}

export async function updateMediaKeywordRule(
  db: Kysely<DB>,
  id: number,
  input: MediaKeywordRuleInput,
  actor: Actor,
): Promise<void> {
  await inTransaction(db, async (trx) => {
    await checkRule(trx, input, id);
    const updated = await trx
      .updateTable('media_keyword_rules')
      .set({ keyword: input.keyword, tag: input.tag, important: input.important ? 1 : 0 })
      .where('id', '=', id)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 0) throw notFound();
    await record(trx, 'updateKeywordRule', id, actor, input);
  });
}

export async function deleteMediaKeywordRule(db: Kysely<DB>, id: number, actor: Actor): Promise<void> {
  await inTransaction(db, async (trx) => {
    const rule = await trx
      .selectFrom('media_keyword_rules')
      .select(['keyword', 'tag'])
      .where('id', '=', id)
      .executeTakeFirst();
    if (!rule) throw notFound();
    await trx.deleteFrom('media_keyword_rules').where('id', '=', id).execute();
    await record(trx, 'deleteKeywordRule', id, actor, rule);
  });
}
