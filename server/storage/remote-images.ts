import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { request as httpsRequest } from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';
import { MAX_IMAGE_BYTES } from './uploads.ts';

/** Why an image elsewhere could not be copied; the message is a key of shared/messages.ts. */
export class RemoteImageRejected extends Error {
  override name = 'RemoteImageRejected';
  readonly key: 'externalImageRefused' | 'externalImageUnavailable' | 'externalImageNotAccepted';
  constructor(key: RemoteImageRejected['key'], reason: string) {
    super(reason);
    this.key = key;
  }
}

export type RemoteImageOptions = {
  /** Loopback addresses may be fetched (tests' image server); refused by the configuration in production. */
  allowLoopback?: boolean;
  /** Extra certificate authorities to trust (PEM), for the tests' image server. */
  ca?: string | undefined;
  /** Whole fetch, redirects included. */
  timeoutMs?: number;
};

const MAX_REDIRECTS = 3;
const TIMEOUT_MS = 10_000;

/**
 * Whether an address is one the portal may fetch from: public unicast only. Private, loopback,
 * link-local (cloud metadata), carrier-grade NAT, multicast, reserved and IPv4-mapped private addresses
 * are refused, so an author cannot make the server reach inside its own network.
 */
function isPublicAddress(address: string, allowLoopback = false): boolean {
  if (!ipaddr.isValid(address)) return false;
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) {
    parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  }
  const range = parsed.range();
  if (range === 'loopback') return allowLoopback;
  return range === 'unicast';
}

/** DNS lookups whose every answer must be a public address; the connection then goes to a checked one. */
function checkedLookup(allowLoopback: boolean): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { all: true, family: options.family ?? 0 }, (error, addresses: LookupAddress[]) => {
      if (error) return callback(error, '', 0);
      const refused = addresses.find((a) => !isPublicAddress(a.address, allowLoopback));
      if (addresses.length === 0 || refused) {
        const reason = new RemoteImageRejected('externalImageRefused', `${hostname} is not a public address`);
        return callback(reason as NodeJS.ErrnoException, '', 0);
      }
      if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
      const first = addresses[0]!;
      callback(null, first.address, first.family);
    });
  };
}

/** Checks an address before anything is sent: https only, no credentials, a public host. */
function checkUrl(raw: string, allowLoopback: boolean): URL {
  if (!URL.canParse(raw)) throw new RemoteImageRejected('externalImageRefused', 'not a URL');
  const url = new URL(raw);
  if (url.protocol !== 'https:') throw new RemoteImageRejected('externalImageRefused', 'not https');
  if (url.username || url.password) throw new RemoteImageRejected('externalImageRefused', 'credentials');
  const host = url.hostname.replace(/^\[|\]$/g, '');
  // A literal address is never looked up, so it is checked here.
  if (isIP(host) && !isPublicAddress(host, allowLoopback)) {
    throw new RemoteImageRejected('externalImageRefused', `${host} is not a public address`);
  }
  return url;
}

type Hop = { status: number; location?: string | undefined; body?: Buffer };

function fetchOnce(url: URL, options: RemoteImageOptions, signal: AbortSignal): Promise<Hop> {
  const allowLoopback = options.allowLoopback ?? false;
  return new Promise((resolve, reject) => {
    const req = httpsRequest(
      url,
      {
        method: 'GET',
        lookup: checkedLookup(allowLoopback),
        signal,
        ...(options.ca ? { ca: options.ca } : {}),
        headers: { accept: 'image/webp,image/png,image/jpeg,image/gif', 'user-agent': 'portal-image-fetch' },
      },
      (res) => {
        const status = res.statusCode ?? 0;
        if (status >= 300 && status < 400) {
          res.resume();
          resolve({ status, location: res.headers.location });
          return;
        }
        if (status !== 200) {
          res.resume();
          reject(new RemoteImageRejected('externalImageUnavailable', `answered ${status}`));
          return;
        }
        const declared = Number(res.headers['content-length'] ?? 0);
        if (declared > MAX_IMAGE_BYTES) {
          res.destroy();
          reject(new RemoteImageRejected('externalImageNotAccepted', `declares ${declared} bytes`));
          return;
        }
        const chunks: Buffer[] = [];
        let received = 0;
        res.on('data', (chunk: Buffer) => {
          received += chunk.length;
          if (received > MAX_IMAGE_BYTES) {
            res.destroy();
            reject(new RemoteImageRejected('externalImageNotAccepted', `more than ${MAX_IMAGE_BYTES} bytes`));
            return;
          }
          chunks.push(chunk);
        });
        res.on('end', () => resolve({ status, body: Buffer.concat(chunks) }));
        res.on('error', (error) => reject(error));
      },
    );
    req.on('error', reject);
    req.end();
  });
}

/**
 * Fetches an image from another site for the portal to keep: https only, public addresses only (checked
 * after DNS and again on every redirect, and the connection goes to the address that was checked), at
 * most MAX_IMAGE_BYTES, within a time limit. The bytes still go through storeImage's checks.
 */
export async function fetchRemoteImage(raw: string, options: RemoteImageOptions = {}): Promise<Buffer> {
  const allowLoopback = options.allowLoopback ?? false;
  const signal = AbortSignal.timeout(options.timeoutMs ?? TIMEOUT_MS);
  let url = checkUrl(raw, allowLoopback);
  for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
    let answer: Hop;
    try {
      answer = await fetchOnce(url, options, signal);
    } catch (error) {
      if (error instanceof RemoteImageRejected) throw error;
      const cause = (error as Error).cause;
      if (cause instanceof RemoteImageRejected) throw cause;
      throw new RemoteImageRejected('externalImageUnavailable', (error as Error).message);
    }
    if (answer.body) return answer.body;
    if (!answer.location)
      throw new RemoteImageRejected('externalImageUnavailable', 'redirect without target');
    const next = URL.parse(answer.location, url);
    if (!next) throw new RemoteImageRejected('externalImageUnavailable', 'redirect to no address');
    url = checkUrl(next.href, allowLoopback);
  }
  throw new RemoteImageRejected('externalImageUnavailable', 'too many redirects');
}
