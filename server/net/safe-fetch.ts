import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { type ClientRequest, request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';

// Fetches from other sites on behalf of the portal (images copied on save, media feeds), so that nobody who
// can name an address (an author, an admin adding a feed, a feed's redirect) can make the server reach
// inside its own network or hold it busy: public addresses only, checked after DNS and on every redirect,
// with the connection going to the address that was checked; a deadline for the whole fetch, body included
// (a body trickling a byte at a time is cut off too); a size cap enforced while the body streams in.

/** Why a fetch failed, for the caller to turn into a message. */
export type SafeFetchReason =
  /** Not a URL, or one carrying credentials. */
  | 'invalid-url'
  | 'protocol'
  /** Private, loopback, link-local or otherwise not public, by literal or after DNS. */
  | 'refused-address'
  | 'too-many-redirects'
  | 'too-large'
  | 'timeout'
  /** An answer other than 200, 304 or a redirect that can be followed; `status` says which. */
  | 'http-status'
  /** DNS failed, the connection was refused or cut. */
  | 'network';

export class SafeFetchError extends Error {
  override name = 'SafeFetchError';
  readonly reason: SafeFetchReason;
  /** The HTTP status, with 'http-status'. */
  readonly status: number | undefined;
  /** The address being fetched when it failed (a redirect's target, after redirects). */
  readonly url: string | undefined;
  constructor(reason: SafeFetchReason, message: string, details: { status?: number; url?: string } = {}) {
    super(message);
    this.reason = reason;
    this.status = details.status;
    this.url = details.url;
  }
}

/** Addresses beyond the public ones that may be fetched: for tests only, refused by the configuration in production. */
export type AddressPolicy = {
  /** 127.0.0.0/8 and ::1 (the tests' fake servers). */
  allowLoopback?: boolean;
  /** 10/8, 172.16/12, 192.168/16, 100.64/10 and fc00::/7. */
  allowPrivate?: boolean;
};

export type SafeFetchOptions = AddressPolicy & {
  /** Schemes that may be fetched, on the first request and on every redirect. */
  protocols: readonly ('http:' | 'https:')[];
  /** Request headers, such as If-None-Match and If-Modified-Since; sent again on each redirect. */
  headers?: Record<string, string>;
  /** Largest body accepted; a longer one is cut off as soon as it passes this. */
  maxBytes: number;
  /** Deadline of the whole fetch: DNS, connections, redirects and body. */
  timeoutMs: number;
  /** Redirects followed at most (3 unless told). */
  maxRedirects?: number;
  /** Extra certificate authorities to trust (PEM), for the tests' https servers. */
  ca?: string | undefined;
};

export type SafeFetchResult = {
  /** 304 answers a conditional request: the body is empty and the caller's copy is still current. */
  status: 200 | 304;
  /** The address that answered, after redirects (the base for the document's relative links). */
  url: string;
  contentType: string | undefined;
  etag: string | undefined;
  lastModified: string | undefined;
  body: Buffer;
};

const DEFAULT_MAX_REDIRECTS = 3;
const PRIVATE_RANGES = new Set(['private', 'carrierGradeNat', 'uniqueLocal']);
// IPv4-compatible IPv6 (::a.b.c.d, deprecated): ipaddr.js calls it unicast, yet some stacks route it to IPv4.
const IPV4_COMPATIBLE = ipaddr.parseCIDR('::/96');

/**
 * Whether an address may be fetched: public unicast, plus the loopback or private ranges a policy allows.
 * Link-local (the cloud metadata address 169.254.169.254), multicast, reserved and unspecified addresses
 * never are; an IPv4-mapped IPv6 address counts as the IPv4 address it carries.
 */
export function isAllowedAddress(address: string, policy: AddressPolicy = {}): boolean {
  if (!ipaddr.isValid(address)) return false;
  let parsed = ipaddr.parse(address);
  if (parsed instanceof ipaddr.IPv6 && parsed.isIPv4MappedAddress()) parsed = parsed.toIPv4Address();
  const range = parsed.range();
  if (range === 'unicast') return !(parsed instanceof ipaddr.IPv6 && parsed.match(IPV4_COMPATIBLE));
  if (range === 'loopback') return policy.allowLoopback ?? false;
  if (PRIVATE_RANGES.has(range)) return policy.allowPrivate ?? false;
  return false;
}

function refusedAddress(host: string, url: URL): SafeFetchError {
  return new SafeFetchError('refused-address', `${host} is not a public address`, { url: url.href });
}

/** DNS lookups whose every answer must be allowed; the connection then goes to one of the checked answers. */
function checkedLookup(url: URL, policy: AddressPolicy): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { all: true, family: options.family ?? 0 }, (error, addresses: LookupAddress[]) => {
      if (error) return callback(error, '', 0);
      // Every answer, not just the first: the connection may try the others.
      if (addresses.length === 0 || addresses.some((a) => !isAllowedAddress(a.address, policy))) {
        return callback(refusedAddress(hostname, url) as NodeJS.ErrnoException, '', 0);
      }
      if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
      const first = addresses[0]!;
      callback(null, first.address, first.family);
    });
  };
}

/** Checks an address before anything is sent: a URL, an allowed scheme, no credentials, an allowed literal host. */
function checkUrl(raw: string, options: SafeFetchOptions): URL {
  const url = URL.parse(raw);
  if (!url) throw new SafeFetchError('invalid-url', 'not a URL');
  if (!options.protocols.includes(url.protocol as 'http:' | 'https:')) {
    throw new SafeFetchError('protocol', `${url.protocol} is not fetched`, { url: url.href });
  }
  if (url.username || url.password) {
    throw new SafeFetchError('invalid-url', 'credentials in the address', { url: url.href });
  }
  const host = url.hostname.replace(/^\[|\]$/g, '');
  // A literal address is never looked up, so it is checked here.
  if (isIP(host) && !isAllowedAddress(host, options)) throw refusedAddress(host, url);
  return url;
}

type Hop = { redirect: string | undefined; status: number } | SafeFetchResult;

const header = (res: IncomingMessage, name: string): string | undefined => {
  const value = res.headers[name];
  return Array.isArray(value) ? value[0] : value;
};

/** One request: a redirect to follow, or the final answer read within the size cap. */
function requestOnce(url: URL, options: SafeFetchOptions, deadline: AbortSignal): Promise<Hop> {
  return new Promise((resolve, reject) => {
    let req: ClientRequest | undefined;
    const error = (reason: SafeFetchReason, message: string, status?: number) =>
      new SafeFetchError(reason, message, { status, url: url.href });
    const onTimeout = () => fail(error('timeout', `no answer within ${options.timeoutMs} ms`));
    const settle = () => {
      deadline.removeEventListener('abort', onTimeout);
      // No keep-alive (agent: false), so closing the connection costs nothing and stops a body we do not want.
      req?.destroy();
    };
    const fail = (error: unknown) => {
      settle();
      reject(asFetchError(error, url));
    };
    const succeed = (hop: Hop) => {
      settle();
      resolve(hop);
    };
    if (deadline.aborted) return onTimeout();
    deadline.addEventListener('abort', onTimeout, { once: true });

    const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
    // agent: false: a pooled connection would skip the address check of the lookup that opened it.
    req = send(
      url,
      {
        method: 'GET',
        agent: false,
        lookup: checkedLookup(url, options),
        headers: options.headers ?? {},
        ...(options.ca ? { ca: options.ca } : {}),
      },
      (res) => {
        const status = res.statusCode ?? 0;
        if (status >= 300 && status < 400 && status !== 304) {
          return succeed({ redirect: res.headers.location, status });
        }
        if (status !== 200 && status !== 304) {
          return fail(error('http-status', `answered ${status}`, status));
        }
        const answer = (body: Buffer): SafeFetchResult => ({
          status,
          url: url.href,
          contentType: header(res, 'content-type'),
          etag: header(res, 'etag'),
          lastModified: header(res, 'last-modified'),
          body,
        });
        if (status === 304) return succeed(answer(Buffer.alloc(0)));
        const tooLarge = (what: string) => error('too-large', `${what} (at most ${options.maxBytes})`);
        const declared = Number(res.headers['content-length'] ?? 0);
        if (declared > options.maxBytes) return fail(tooLarge(`declares ${declared} bytes`));
        const chunks: Buffer[] = [];
        let received = 0;
        res.on('data', (chunk: Buffer) => {
          received += chunk.length;
          if (received > options.maxBytes) return fail(tooLarge(`more than ${options.maxBytes} bytes`));
          chunks.push(chunk);
        });
        res.on('end', () => succeed(answer(Buffer.concat(chunks, received))));
        res.on('error', fail);
        // Cut off before the end: the server hung up mid-body.
        res.on('close', () => {
          if (!res.complete) fail(error('network', 'the connection closed mid-answer'));
        });
      },
    );
    req.on('error', fail);
    req.end();
  });
}

/** Our own errors as they are (a refused lookup may come wrapped); anything else is the network's. */
function asFetchError(error: unknown, url: URL): SafeFetchError {
  if (error instanceof SafeFetchError) return error;
  const cause = (error as Error).cause;
  if (cause instanceof SafeFetchError) return cause;
  return new SafeFetchError('network', (error as Error).message, { url: url.href });
}

/**
 * GETs an address from elsewhere within the limits above; follows at most `maxRedirects` redirects, each
 * target checked like the first address. Answers 200 with the body or 304 without one; throws a
 * SafeFetchError otherwise.
 */
export async function safeFetch(raw: string, options: SafeFetchOptions): Promise<SafeFetchResult> {
  const maxRedirects = options.maxRedirects ?? DEFAULT_MAX_REDIRECTS;
  const deadline = AbortSignal.timeout(options.timeoutMs);
  let url = checkUrl(raw, options);
  for (let redirects = 0; ; redirects++) {
    const hop = await requestOnce(url, options, deadline);
    if ('body' in hop) return hop;
    const details = { status: hop.status, url: url.href };
    if (redirects === maxRedirects) {
      throw new SafeFetchError('too-many-redirects', `more than ${maxRedirects} redirects`, details);
    }
    const next = hop.redirect === undefined ? null : URL.parse(hop.redirect, url);
    if (!next) throw new SafeFetchError('http-status', `redirect (${hop.status}) to no address`, details);
    url = checkUrl(next.href, options);
  }
}
