import { describe, expect, it } from 'vitest';
import {
  base32Decode,
  base32Encode,
  generateTotpSecret,
  isUsableSecret,
  matchTotp,
  otpauthUri,
  totpCode,
  totpStep,
} from './totp.ts';

// RFC 6238 appendix B: the SHA-1 secret is the ASCII "12345678901234567890"; its 8-digit codes end in the
// 6 digits authenticator apps show.
const RFC_SECRET = base32Encode(Buffer.from('12345678901234567890', 'ascii'));
const RFC_VECTORS: Array<[seconds: number, code: string]> = [
  [59, '287082'],
  [1111111109, '081804'],
  [1111111111, '050471'],
  [1234567890, '005924'],
  [2000000000, '279037'],
  [20000000000, '353130'],
];

describe('TOTP (RFC 6238)', () => {
  it('computes the RFC test vectors', () => {
    expect(RFC_SECRET).toBe('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ');
    for (const [seconds, code] of RFC_VECTORS)
      expect(totpCode(RFC_SECRET, totpStep(seconds * 1000))).toBe(code);
  });

  it('reads base32 as people type it, and refuses what is not base32', () => {
    const bytes = Buffer.from([0, 1, 2, 250, 255, 7, 9]);
    expect(base32Decode(base32Encode(bytes))).toEqual(bytes);
    expect(base32Decode('gezd gnbv-gy3t qojq====')).toEqual(base32Decode('GEZDGNBVGY3TQOJQ'));
    expect(base32Decode('GEZD1NBV')).toBeUndefined();
    expect(isUsableSecret('GEZDGNBVGY3TQOJ')).toBe(false); // 15 characters
    expect(isUsableSecret('GEZDGNBVGY3TQOJQ')).toBe(true);
    expect(isUsableSecret('GEZDGNBVGY3TQOJ0')).toBe(false);
    expect(generateTotpSecret()).toMatch(/^[A-Z2-7]{32}$/);
  });

  it('accepts the steps beside now, once: never a step at or before the last one accepted', () => {
    const now = 1_700_000_000_000;
    const step = totpStep(now);
    const code = (offset: number) => totpCode(RFC_SECRET, step + offset);
    expect(matchTotp(RFC_SECRET, code(0), { now })).toBe(step);
    expect(matchTotp(RFC_SECRET, code(-1), { now })).toBe(step - 1);
    expect(matchTotp(RFC_SECRET, code(1), { now })).toBe(step + 1);
    expect(matchTotp(RFC_SECRET, code(2), { now })).toBeUndefined();
    expect(matchTotp(RFC_SECRET, code(-2), { now })).toBeUndefined();
    expect(matchTotp(RFC_SECRET, code(0), { now, afterStep: step })).toBeUndefined();
    expect(matchTotp(RFC_SECRET, code(1), { now, afterStep: step })).toBe(step + 1);
    expect(matchTotp(RFC_SECRET, ` ${code(0).slice(0, 3)} ${code(0).slice(3)} `, { now })).toBe(step);
    expect(matchTotp(RFC_SECRET, '12345', { now })).toBeUndefined();
    expect(matchTotp(RFC_SECRET, 'abcdef', { now })).toBeUndefined();
  });

  it('writes the otpauth address authenticator apps read', () => {
    const uri = new URL(otpauthUri(RFC_SECRET, 'a+b@example.com', 'ChainCompass Academy'));
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.host).toBe('totp');
    expect(decodeURIComponent(uri.pathname)).toBe('/ChainCompass Academy:a+b@example.com');
    expect(Object.fromEntries(uri.searchParams)).toEqual({
      secret: RFC_SECRET,
      issuer: 'ChainCompass Academy',
      algorithm: 'SHA1',
      digits: '6',
      period: '30',
    });
  });
});
