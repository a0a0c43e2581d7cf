import { SIGN_IN_METHODS, type SignInRecord } from '#shared/schemas/sign-ins.ts';
import { isoTime } from './common.ts';

/** A stored region: names per language, or nothing usable. */
function regionOf(stored: string | null): SignInRecord['region'] {
  if (!stored) return null;
  try {
    const parsed = JSON.parse(stored) as { zh?: unknown; en?: unknown };
    if (typeof parsed.en !== 'string') return null;
    return { en: parsed.en, zh: typeof parsed.zh === 'string' && parsed.zh ? parsed.zh : parsed.en };
  } catch {
    return null;
  }
}

export function presentSignIn(row: {
  id: number;
  at: number;
  ip: string | null;
  region: string | null;
  method: string;
}): SignInRecord {
  return {
    id: row.id,
    at: isoTime(Number(row.at)),
    ip: row.ip,
    region: regionOf(row.region),
    method: SIGN_IN_METHODS.find((method) => method === row.method) ?? 'silent',
  };
}
