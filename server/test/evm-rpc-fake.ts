import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { keccak256, numberToHex, pad, stringToHex, toEventSelector } from 'viem';

// An EVM chain's JSON-RPC on the loopback, for the on-chain watcher's tests and journeys. It speaks JSON-RPC
// 2.0 over HTTP as a node does (single and batch requests) for what a reader of ERC-20 transfers asks:
// eth_chainId, net_version, eth_blockNumber, eth_getBlockByNumber, eth_getBlockByHash and eth_getLogs
// (address and topic filters; more than `maxBlockRange` blocks refused as providers do, code -32005). Tests
// script it: move the head, add Transfer logs (topics and data encoded as a token contract emits them),
// make the next calls fail, reorganise blocks (new hashes; their logs dropped, kept or reported removed).
// Every call is recorded. A journey in another process scripts it through POST /control (see control()).

export const TRANSFER_TOPIC = toEventSelector('Transfer(address,address,uint256)');

export type FakeTransfer = {
  /** The token contract that emits the log. */
  token: string;
  from: string;
  to: string;
  /** In the token's smallest unit. */
  value: bigint;
  block: number;
  txHash?: string;
  /** Default: the next index in its block. */
  logIndex?: number;
  /** Reported with `removed: true`, as a node does for a log of a block that left the chain. */
  removed?: boolean;
};

type StoredLog = Required<Omit<FakeTransfer, 'removed'>> & {
  removed: boolean;
  /** The hash of the block it was in, for a log reported removed after its block was reorganised. */
  oldBlockHash?: `0x${string}`;
};
type Failure = { method: string | undefined; as: 'rpc-error' | 'http-error' };
type RpcRequest = { jsonrpc?: string; id?: unknown; method?: unknown; params?: unknown };
type RpcAnswer = { result: unknown } | { error: { code: number; message: string } };

const hex = (n: number | bigint) => numberToHex(n);
const GENESIS_TIME = 1_700_000_000;
const BLOCK_SECONDS = 12;

class RpcError extends Error {
  readonly code: number;
  constructor(code: number, message: string) {
    super(message);
    this.code = code;
  }
}

export class EvmRpcFake {
  readonly chainId: number;
  /** The newest block (blocks 0 to head exist). */
  head: number;
  /** The widest eth_getLogs range answered, in blocks (providers' usual 1,000). */
  maxBlockRange = 1_000;
  /** Every call received, in order (a batch's calls one by one, `batched`). */
  readonly calls: Array<{ method: string; params: unknown[]; batched: boolean }> = [];
  private readonly logs: StoredLog[] = [];
  /** Blocks reorganised so far, by number: how many times (it changes their hash). */
  private readonly forks = new Map<number, number>();
  private readonly failures: Failure[] = [];
  private server: Server | undefined;
  private txCounter = 0;

  /** Block 0's time, in seconds since the epoch (each later block 12 s after the one before). */
  readonly genesisTime: number;

  constructor(options: { chainId?: number; head?: number; genesisTime?: number } = {}) {
    this.chainId = options.chainId ?? 1;
    this.head = options.head ?? 0;
    this.genesisTime = options.genesisTime ?? GENESIS_TIME;
  }

  get url(): string {
    const address = this.server?.address() as AddressInfo | null | undefined;
    if (!address) throw new Error('the EVM RPC fake is not listening');
    return `http://127.0.0.1:${address.port}`;
  }

  async start(port = 0): Promise<void> {
    this.server = createServer((request, response) => void this.handle(request, response));
    await new Promise<void>((resolve) => this.server!.listen(port, '127.0.0.1', resolve));
  }

  async stop(): Promise<void> {
    const server = this.server;
    if (!server) return;
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    this.server = undefined;
  }

  /** The hash of a block as the chain has it now (it changes when the block is reorganised). */
  blockHash(block: number): `0x${string}` {
    return keccak256(stringToHex(`fake:${this.chainId}:${block}:${this.forks.get(block) ?? 0}`));
  }

  /** A Transfer log in a block (which need not exist yet); what the node will answer for it. */
  addTransfer(transfer: FakeTransfer): { txHash: string; logIndex: number } {
    const txHash =
      transfer.txHash?.toLowerCase() ?? keccak256(stringToHex(`tx:${this.chainId}:${++this.txCounter}`));
    const logIndex = transfer.logIndex ?? this.logs.filter((l) => l.block === transfer.block).length;
    this.logs.push({
      token: transfer.token.toLowerCase(),
      from: transfer.from.toLowerCase(),
      to: transfer.to.toLowerCase(),
      value: transfer.value,
      block: transfer.block,
      txHash,
      logIndex,
      removed: transfer.removed ?? false,
    });
    return { txHash, logIndex };
  }

  /** The next `count` calls (of `method`, or any) fail: with a JSON-RPC error, or with HTTP 503. */
  failNext(count: number, options: { method?: string; as?: Failure['as'] } = {}): void {
    for (let i = 0; i < count; i++)
      this.failures.push({ method: options.method, as: options.as ?? 'rpc-error' });
  }

  /**
   * Blocks from `fromBlock` up to the head get new hashes. Their logs are dropped (the new blocks do not have
   * them), kept (`keepLogs`: the same transfers, in the new blocks) or reported once more flagged `removed`.
   */
  reorg(fromBlock: number, options: { keepLogs?: boolean; reportRemoved?: boolean } = {}): void {
    if (!options.keepLogs)
      for (const log of this.logs)
        if (log.block >= fromBlock)
          Object.assign(log, { removed: true, oldBlockHash: this.blockHash(log.block) });
    for (let block = fromBlock; block <= this.head; block++)
      this.forks.set(block, (this.forks.get(block) ?? 0) + 1);
    if (!options.keepLogs && !options.reportRemoved) this.dropRemoved(this.logs.filter((log) => log.removed));
  }

  private dropRemoved(gone: StoredLog[]) {
    const remaining = this.logs.filter((log) => !gone.includes(log));
    this.logs.splice(0, this.logs.length, ...remaining);
  }

  /** The block ranges eth_getLogs was asked for, in order. */
  logRanges(): Array<{ from: number; to: number }> {
    return this.calls
      .filter((c) => c.method === 'eth_getLogs')
      .map((c) => {
        const filter = c.params[0] as { fromBlock: string; toBlock: string };
        return { from: Number(filter.fromBlock), to: Number(filter.toBlock) };
      });
  }

  /**
   * What a journey in another process asks (POST /control with {action, ...}): setHead {head}, mine
   * {blocks}, addTransfer {transfer with value as a decimal string}, failNext {count, method?, as?}, reorg
   * {fromBlock, keepLogs?, reportRemoved?}; each answers {head}.
   */
  control(command: Record<string, unknown>): { head: number } {
    switch (command.action) {
      case 'setHead':
        this.head = Number(command.head);
        break;
      case 'mine':
        this.head += Number(command.blocks ?? 1);
        break;
      case 'addTransfer': {
        const transfer = command.transfer as Omit<FakeTransfer, 'value'> & { value: string };
        this.addTransfer({ ...transfer, value: BigInt(transfer.value) });
        break;
      }
      case 'failNext':
        this.failNext(Number(command.count), command as { method?: string; as?: Failure['as'] });
        break;
      case 'reorg':
        this.reorg(Number(command.fromBlock), command as { keepLogs?: boolean; reportRemoved?: boolean });
        break;
      default:
        throw new Error(`unknown action ${String(command.action)}`);
    }
    return { head: this.head };
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    const send = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    if (request.method === 'GET' && request.url === '/health') return send(200, { head: this.head });
    if (request.method !== 'POST') return send(405, { error: 'POST JSON-RPC requests' });
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      return send(200, { jsonrpc: '2.0', id: null, error: { code: -32700, message: 'parse error' } });
    }
    if (request.url === '/control') {
      try {
        return send(200, this.control(body as Record<string, unknown>));
      } catch (error) {
        return send(400, { error: (error as Error).message });
      }
    }
    const batch = Array.isArray(body);
    const requests = (batch ? body : [body]) as RpcRequest[];
    if (batch && requests.length === 0)
      return send(200, { jsonrpc: '2.0', id: null, error: { code: -32600, message: 'empty batch' } });
    const answers: Array<RpcAnswer & { jsonrpc: '2.0'; id: unknown }> = [];
    for (const call of requests) {
      const method = typeof call?.method === 'string' ? call.method : '';
      const params = Array.isArray(call?.params) ? call.params : [];
      this.calls.push({ method, params, batched: batch });
      const failure = this.failures.findIndex((f) => f.method === undefined || f.method === method);
      if (failure >= 0) {
        const [{ as }] = this.failures.splice(failure, 1) as [Failure];
        if (as === 'http-error') return send(503, { error: 'the node is unavailable' });
        answers.push({
          jsonrpc: '2.0',
          id: call.id ?? null,
          error: { code: -32000, message: 'header not found' },
        });
        continue;
      }
      answers.push({ jsonrpc: '2.0', id: call.id ?? null, ...this.answer(method, params) });
    }
    send(200, batch ? answers : answers[0]);
  }

  private answer(method: string, params: unknown[]): RpcAnswer {
    try {
      switch (method) {
        case 'eth_chainId':
          return { result: hex(this.chainId) };
        case 'net_version':
          return { result: String(this.chainId) };
        case 'eth_blockNumber':
          return { result: hex(this.head) };
        case 'eth_getBlockByNumber': {
          const block = this.blockTag(params[0]);
          return { result: block > this.head ? null : this.block(block) };
        }
        case 'eth_getBlockByHash': {
          const wanted = String(params[0]).toLowerCase();
          for (let block = this.head; block >= 0; block--)
            if (this.blockHash(block) === wanted) return { result: this.block(block) };
          return { result: null };
        }
        case 'eth_getLogs':
          return { result: this.getLogs(params[0]) };
        default:
          throw new RpcError(-32601, `the method ${method} does not exist/is not available`);
      }
    } catch (error) {
      if (error instanceof RpcError) return { error: { code: error.code, message: error.message } };
      throw error;
    }
  }

  private blockTag(tag: unknown, fallback = 'latest'): number {
    const value = tag ?? fallback;
    if (value === 'earliest') return 0;
    if (['latest', 'pending', 'safe', 'finalized'].includes(value as string)) return this.head;
    if (typeof value === 'string' && /^0x[0-9a-f]+$/i.test(value)) return Number(value);
    throw new RpcError(-32602, 'invalid argument: hex string or block tag expected');
  }

  private block(block: number) {
    const zero32 = `0x${'00'.repeat(32)}`;
    return {
      number: hex(block),
      hash: this.blockHash(block),
      parentHash: block === 0 ? zero32 : this.blockHash(block - 1),
      timestamp: hex(this.genesisTime + block * BLOCK_SECONDS),
      nonce: '0x0000000000000000',
      difficulty: '0x0',
      gasLimit: '0x1c9c380',
      gasUsed: '0x0',
      baseFeePerGas: '0x1',
      miner: `0x${'00'.repeat(20)}`,
      extraData: '0x',
      logsBloom: `0x${'00'.repeat(256)}`,
      sha3Uncles: zero32,
      stateRoot: zero32,
      transactionsRoot: zero32,
      receiptsRoot: zero32,
      mixHash: zero32,
      size: '0x220',
      transactions: [],
      uncles: [],
    };
  }

  private getLogs(raw: unknown) {
    const filter = (raw ?? {}) as {
      fromBlock?: string;
      toBlock?: string;
      address?: string | string[];
      topics?: Array<string | string[] | null>;
      blockHash?: string;
    };
    let from: number;
    let to: number;
    if (filter.blockHash) {
      const block = this.answer('eth_getBlockByHash', [filter.blockHash]) as {
        result: { number: string } | null;
      };
      if (!block.result) throw new RpcError(-32000, 'unknown block');
      from = to = Number(block.result.number);
    } else {
      from = this.blockTag(filter.fromBlock);
      to = Math.min(this.blockTag(filter.toBlock), this.head);
      if (from > to) return [];
      if (to - from + 1 > this.maxBlockRange)
        throw new RpcError(-32005, `query exceeds max block range ${this.maxBlockRange}`);
    }
    const addresses =
      filter.address === undefined ? undefined : [filter.address].flat().map((a) => a.toLowerCase());
    const matches = (value: string, wanted: string | string[] | null | undefined) =>
      wanted == null || [wanted].flat().some((w) => w.toLowerCase() === value.toLowerCase());
    const found = this.logs
      .filter((log) => log.block >= from && log.block <= to)
      .filter((log) => !addresses || addresses.includes(log.token))
      .map((log) => ({
        log,
        topics: [TRANSFER_TOPIC, pad(log.from as `0x${string}`), pad(log.to as `0x${string}`)],
      }))
      .filter(({ topics }) => (filter.topics ?? []).every((wanted, i) => matches(topics[i] ?? '', wanted)))
      .sort((a, b) => a.log.block - b.log.block || a.log.logIndex - b.log.logIndex);
    // A removed log is reported once, as a node reports it to a filter that had seen it.
    this.dropRemoved(found.filter(({ log }) => log.removed).map(({ log }) => log));
    return found.map(({ log, topics }) => ({
      address: log.token,
      topics,
      data: numberToHex(log.value, { size: 32 }),
      blockNumber: hex(log.block),
      blockHash: log.oldBlockHash ?? this.blockHash(log.block),
      transactionHash: log.txHash,
      transactionIndex: hex(0),
      logIndex: hex(log.logIndex),
      removed: log.removed,
    }));
  }
}
