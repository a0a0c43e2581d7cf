import { SafeFetchError, type SafeFetchReason, safeFetch } from '../net/safe-fetch.ts';
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

const TIMEOUT_MS = 10_000;

/** What the author is told: an address we do not fetch, an image too large, or one we could not get. */
const KEYS: Record<SafeFetchReason, RemoteImageRejected['key']> = {
  'invalid-url': 'externalImageRefused',
  protocol: 'externalImageRefused',
  'refused-address': 'externalImageRefused',
  'too-large': 'externalImageNotAccepted',
  'too-many-redirects': 'externalImageUnavailable',
  timeout: 'externalImageUnavailable',
  'http-status': 'externalImageUnavailable',
  network: 'externalImageUnavailable',
};

/**
 * Fetches an image from another site for the portal to keep: https only, public addresses only (checked
 * after DNS and again on every redirect, and the connection goes to the address that was checked), at
 * most MAX_IMAGE_BYTES, within a time limit (net/safe-fetch.ts). The bytes still go through storeImage's
 * checks.
 */
export async function fetchRemoteImage(raw: string, options: RemoteImageOptions = {}): Promise<Buffer> {
  try {
    const answer = await safeFetch(raw, {
      protocols: ['https:'],
      allowLoopback: options.allowLoopback ?? false,
      ca: options.ca,
      timeoutMs: options.timeoutMs ?? TIMEOUT_MS,
      maxBytes: MAX_IMAGE_BYTES,
      headers: { accept: 'image/webp,image/png,image/jpeg,image/gif', 'user-agent': 'portal-image-fetch' },
    });
    // Nothing conditional was asked, so a 304 brings no image either.
    if (answer.status !== 200) {
      throw new RemoteImageRejected('externalImageUnavailable', `answered ${answer.status}`);
    }
    return answer.body;
  } catch (error) {
    if (error instanceof SafeFetchError) throw new RemoteImageRejected(KEYS[error.reason], error.message);
    throw error;
  }
}
