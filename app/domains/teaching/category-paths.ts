import type { ClassificationNode } from '#shared/schemas/teaching.ts';

// Pure helpers between the category tree of GET /api/ArticleClassification/List and antd's Cascader and
// Table, which speak in paths (root first) and option trees.

export interface CategoryOption {
  value: number;
  label: string;
  /** Hidden types (show 0), which only admins receive. */
  hidden: boolean;
  disabled?: boolean;
  children?: CategoryOption[];
}

/** Cascader options for the tree; `exclude` leaves out one type with everything under it (a type's own parent picker). */
export function toCascaderOptions(
  tree: readonly ClassificationNode[],
  exclude?: number | null,
): CategoryOption[] {
  return tree
    .filter((node) => node.id !== exclude)
    .map((node) => {
      const children = node.children?.length ? toCascaderOptions(node.children, exclude) : [];
      return {
        value: node.id,
        label: node.label,
        hidden: node.show === 0,
        ...(children.length ? { children } : {}),
      };
    });
}

/** The node with an id, anywhere in the tree. */
export function findCategory(tree: readonly ClassificationNode[], id: number): ClassificationNode | null {
  for (const node of tree) {
    if (node.id === id) return node;
    const found = node.children?.length ? findCategory(node.children, id) : null;
    if (found) return found;
  }
  return null;
}

/** The cascader path (ancestors then the type itself) of a type, or an empty path when it is not in the tree. */
export function categoryPath(tree: readonly ClassificationNode[], id: number | null | undefined): number[] {
  if (id === null || id === undefined) return [];
  const node = findCategory(tree, id);
  return node ? [...node.pids, node.id] : [];
}

/** The type a cascader path designates: its last id. */
export function lastOfPath(path: readonly number[] | null | undefined): number | undefined {
  return path && path.length > 0 ? path[path.length - 1] : undefined;
}

/** The labels along a path, for display ("Basics / Candlesticks"); unknown ids are skipped. */
export function pathLabels(tree: readonly ClassificationNode[], path: readonly number[]): string[] {
  return path.flatMap((id) => {
    const node = findCategory(tree, id);
    return node ? [node.label] : [];
  });
}

/** Table rows: leaves lose their empty `children` so that the table draws no expand button for them. */
export type CategoryRow = Omit<ClassificationNode, 'children'> & { children?: CategoryRow[] };

export function toTableRows(tree: readonly ClassificationNode[]): CategoryRow[] {
  return tree.map(({ children, ...node }) =>
    children?.length ? { ...node, children: toTableRows(children) } : node,
  );
}

/** Ids of every type that has sub-types (to expand the whole table). */
export function parentIds(tree: readonly ClassificationNode[]): number[] {
  return tree.flatMap((node) => (node.children?.length ? [node.id, ...parentIds(node.children)] : []));
}
