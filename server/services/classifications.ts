import type { Kysely } from 'kysely';
import type { ClassificationNode } from '#shared/schemas/teaching.ts';
import type { DB } from '../db/schema.ts';
import { type Actor, audit } from './audit.ts';
import { DomainError } from './errors.ts';

const toPath = (pids: string): number[] => (pids ? pids.split(',').map(Number) : []);
const fromPath = (path: number[]): string => path.join(',');

/** The category tree ordered by sort; hidden types (and what is under them) only for admins. */
export async function classificationTree(
  db: Kysely<DB>,
  includeHidden: boolean,
): Promise<ClassificationNode[]> {
  const rows = await db
    .selectFrom('article_classifications')
    .selectAll()
    .orderBy('sort')
    .orderBy('id')
    .execute();
  const byId = new Map<number, ClassificationNode>();
  const parentOf = new Map<number, number | null>();
  for (const row of rows) {
    byId.set(row.id, {
      id: row.id,
      label: row.label,
      show: row.show === 1 ? 1 : 0,
      sort: row.sort,
      pids: toPath(row.pids),
    });
    parentOf.set(row.id, row.parent_id);
  }
  const roots: ClassificationNode[] = [];
  for (const node of byId.values()) {
    const visible = includeHidden || (node.show === 1 && node.pids.every((id) => byId.get(id)?.show === 1));
    if (!visible) continue;
    const parentId = parentOf.get(node.id);
    const parent = parentId == null ? undefined : byId.get(parentId);
    if (parent) parent.children = [...(parent.children ?? []), node];
    else roots.push(node);
  }
  return roots;
}

/** Creates (no id) or updates a category; the parent path must exist and must not pass through itself. */
export async function editClassification(
  db: Kysely<DB>,
  input: {
    id?: number | null | undefined;
    label: string;
    sort: number;
    show: 0 | 1;
    pids?: number[] | null | undefined;
  },
  actor: Actor,
): Promise<number> {
  const path = input.pids ?? [];
  return db.transaction().execute(async (trx) => {
    let parentId: number | null = null;
    if (path.length) {
      parentId = path[path.length - 1]!;
      const parent = await trx
        .selectFrom('article_classifications')
        .select(['id', 'pids'])
        .where('id', '=', parentId)
        .executeTakeFirst();
      if (!parent || parent.pids !== fromPath(path.slice(0, -1))) {
        throw new DomainError('invalid', 'categoryParentMissing', { pids: ['categoryParentMissing'] });
      }
    }
    const now = Date.now();
    if (input.id === undefined || input.id === null) {
      const created = await trx
        .insertInto('article_classifications')
        .values({
          label: input.label,
          sort: input.sort,
          show: input.show,
          parent_id: parentId,
          pids: fromPath(path),
          created_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await audit(trx, {
        action: 'admin.categories.add',
        actorId: actor.userId,
        targetType: 'category',
        targetId: String(created.id),
        ip: actor.ip,
        userAgent: actor.userAgent,
      });
      return created.id;
    }
    const id = input.id;
    const current = await trx
      .selectFrom('article_classifications')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst();
    if (!current) throw new DomainError('notFound', 'categoryNotFound', { id: ['categoryNotFound'] });
    if (path.includes(id)) throw new DomainError('invalid', 'categoryCycle', { pids: ['categoryCycle'] });
    await trx
      .updateTable('article_classifications')
      .set({
        label: input.label,
        sort: input.sort,
        show: input.show,
        parent_id: parentId,
        pids: fromPath(path),
      })
      .where('id', '=', id)
      .execute();
    // Moving a category moves its descendants: rewrite the start of their paths.
    const oldPrefix = fromPath([...toPath(current.pids), id]);
    const newPrefix = fromPath([...path, id]);
    if (oldPrefix !== newPrefix) {
      const descendants = await trx
        .selectFrom('article_classifications')
        .select(['id', 'pids'])
        .where((eb) => eb.or([eb('pids', '=', oldPrefix), eb('pids', 'like', `${oldPrefix},%`)]))
        .execute();
      for (const d of descendants) {
        await trx
          .updateTable('article_classifications')
          .set({ pids: newPrefix + d.pids.slice(oldPrefix.length) })
          .where('id', '=', d.id)
          .execute();
      }
    }
    await audit(trx, {
      action: 'admin.categories.edit',
      actorId: actor.userId,
      targetType: 'category',
      targetId: String(id),
      ip: actor.ip,
      userAgent: actor.userAgent,
      detail: {
        before: { label: current.label, sort: current.sort, show: current.show, parentId: current.parent_id },
        after: { label: input.label, sort: input.sort, show: input.show, parentId },
      },
    });
    return id;
  });
}

export async function deleteClassification(db: Kysely<DB>, id: number, actor: Actor): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('article_classifications')
      .select('id')
      .where('id', '=', id)
      .executeTakeFirst();
    if (!row) throw new DomainError('notFound', 'categoryNotFound', { id: ['categoryNotFound'] });
    const child = await trx
      .selectFrom('article_classifications')
      .select('id')
      .where('parent_id', '=', id)
      .executeTakeFirst();
    const used = await trx
      .selectFrom('articles')
      .select('id')
      .where('classification_id', '=', id)
      .executeTakeFirst();
    if (child || used) throw new DomainError('invalid', 'categoryInUse', { id: ['categoryInUse'] });
    await trx.deleteFrom('article_classifications').where('id', '=', id).execute();
    await audit(trx, {
      action: 'admin.categories.delete',
      actorId: actor.userId,
      targetType: 'category',
      targetId: String(id),
      ip: actor.ip,
      userAgent: actor.userAgent,
    });
  });
}

/** A category and every category below it (the list filter includes sub-categories). */
export async function withDescendants(db: Kysely<DB>, id: number): Promise<number[]> {
  const row = await db
    .selectFrom('article_classifications')
    .select(['id', 'pids'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) return [];
  const prefix = fromPath([...toPath(row.pids), id]);
  const below = await db
    .selectFrom('article_classifications')
    .select('id')
    .where((eb) => eb.or([eb('pids', '=', prefix), eb('pids', 'like', `${prefix},%`)]))
    .execute();
  return [id, ...below.map((b) => b.id)];
}
