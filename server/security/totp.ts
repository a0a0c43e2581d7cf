import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Time-based one-time passwords (RFC 6238 over RFC 4226's HOTP) as every authenticator app computes them:
 * HMAC-SHA1, 6 digits, 30-second steps, the secret shown as RFC 4648 base32.
 */
export const TOTP_DIGITS = 6;
export const TOTP_STEP_SECONDS = 30;
/** Steps either side of now that are still accepted (a clock a little off, a code typed as it turns). */
export const TOTP_WINDOW = 1;
/** 20 random bytes (160 bits, RFC 4226's recommended length): 32 base32 characters. */
const SECRET_BYTES = 20;
/** The shortest secret accepted from outside (ADMIN_TOTP_SECRET): 16 base32 characters, 80 bits. */
export const TOTP_MIN_SECRET_LENGTH = 16;

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

export function base32Encode(bytes: Uint8Array): string {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += ALPHABET[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += ALPHABET[(value << (5 - bits)) & 31];
  return out;
}

/** The canonical form of a base32 secret as people type or paste it: upper case, no spaces, no padding. */
export function normalizeBase32(text: string): string {
  return text.replace(/[\s-]/g, '').replace(/=+$/, '').toUpperCase();
}

/** The bytes of a base32 secret, or undefined when it is not base32. */
export function base32Decode(text: string): Buffer | undefined {
  const clean = normalizeBase32(text);
  if (!/^[A-Z2-7]+$/.test(clean)) return undefined;
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const char of clean) {
    value = (value << 5) | ALPHABET.indexOf(char);
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

/** Whether a secret given from outside is usable: base32, at least TOTP_MIN_SECRET_LENGTH characters. */
export function isUsableSecret(text: string): boolean {
  const clean = normalizeBase32(text);
  return clean.length >= TOTP_MIN_SECRET_LENGTH && base32Decode(clean) !== undefined;
}

export function generateTotpSecret(): string {
  return base32Encode(randomBytes(SECRET_BYTES));
}

/** The time step a moment falls in. */
export function totpStep(now = Date.now()): number {
  return Math.floor(now / 1000 / TOTP_STEP_SECONDS);
}

/** The code of one step (RFC 4226 §5.3: dynamic truncation). */
export function totpCode(secret: string, step: number): string {
  const key = base32Decode(secret);
  if (!key) throw new Error('the secret is not base32');
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(step));
  const hmac = createHmac('sha1', key).update(counter).digest();
  const offset = hmac[hmac.length - 1]! & 0x0f;
  const binary = hmac.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 10 ** TOTP_DIGITS).padStart(TOTP_DIGITS, '0');
}

/**
 * The step a code belongs to, when it is one of the window around now and later than `afterStep` (the
 * last step this secret accepted: a code is good once), else undefined. Every candidate is compared, in
 * constant time, so the answer's timing says nothing of which one matched.
 */
export function matchTotp(
  secret: string,
  code: string,
  options: { now?: number; afterStep?: number | null } = {},
): number | undefined {
  const typed = code.replace(/\s/g, '');
  if (!new RegExp(`^\\d{${TOTP_DIGITS}}$`).test(typed)) return undefined;
  const current = totpStep(options.now);
  let matched: number | undefined;
  for (let step = current - TOTP_WINDOW; step <= current + TOTP_WINDOW; step++) {
    const same = timingSafeEqual(Buffer.from(totpCode(secret, step)), Buffer.from(typed));
    if (same && matched === undefined && (options.afterStep == null || step > options.afterStep))
      matched = step;
  }
  return matched;
}

/** The otpauth:// address an authenticator app reads from the QR code (Key Uri Format). */
export function otpauthUri(secret: string, account: string, issuer: string): string {
  const label = `${encodeURIComponent(issuer)}:${encodeURIComponent(account)}`;
  const params = new URLSearchParams({
    secret,
    issuer,
    algorithm: 'SHA1',
    digits: String(TOTP_DIGITS),
    period: String(TOTP_STEP_SECONDS),
  });
  return `otpauth://totp/${label}?${params.toString()}`;
}
