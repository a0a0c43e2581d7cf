import type {
  KyselyPlugin,
  OperationNode,
  PluginTransformQueryArgs,
  PluginTransformResultArgs,
  QueryResult,
  RootOperationNode,
  UnknownRow,
} from 'kysely';

export type WriteKind = 'insert' | 'update' | 'delete';
export type TableWrite = { table: string; kind: WriteKind };
type Listener = (write: TableWrite) => void;

/**
 * Tells listeners which table each statement of this connection is about to write (insert, update or
 * delete built with Kysely; raw SQL is not seen). Caches of what the database says use it to forget what a
 * write may change, in the process that writes.
 */
export class WriteWatch implements KyselyPlugin {
  private readonly listeners = new Set<Listener>();

  /** Calls `listener` for every write from now on; returns the function that stops it. */
  on(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  transformQuery({ node }: PluginTransformQueryArgs): RootOperationNode {
    if (this.listeners.size > 0) {
      const write = writeOf(node);
      if (write) for (const listener of this.listeners) listener(write);
    }
    return node;
  }

  async transformResult({ result }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return result;
  }
}

function writeOf(node: RootOperationNode): TableWrite | undefined {
  switch (node.kind) {
    case 'InsertQueryNode':
      return tableWrite(node.into, 'insert');
    case 'UpdateQueryNode':
      return tableWrite(node.table, 'update');
    case 'DeleteQueryNode':
      return tableWrite(node.from.froms[0], 'delete');
    default:
      return undefined;
  }
}

/** The table a statement names (directly, or under an alias). */
function tableWrite(node: OperationNode | undefined, kind: WriteKind): TableWrite | undefined {
  let target = node as (OperationNode & { node?: OperationNode }) | undefined;
  if (target?.kind === 'AliasNode') target = target.node;
  if (target?.kind !== 'TableNode') return undefined;
  const table = (target as OperationNode & { table: { identifier: { name: string } } }).table.identifier.name;
  return { table, kind };
}
