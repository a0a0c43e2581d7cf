import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import svgCaptcha from 'svg-captcha';
import { CAPTCHA_HEIGHT, CAPTCHA_LENGTH, CAPTCHA_WIDTH } from '#shared/constants.ts';
import type { DB } from '../db/schema.ts';
import { constantTimeEqual, sha256 } from '../security/crypto.ts';

const CAPTCHA_TTL_SECONDS = 5 * 60;

/**
 * A 6-character graphical code (spec §5). Only a hash of the answer is stored; it expires in minutes and
 * is deleted by the first attempt, right or wrong. With CAPTCHA_TEST_CODE (tests only) the answer is
 * that code instead of the drawn one.
 */
export async function createCaptcha(db: Kysely<DB>, testCode: string | undefined) {
  const drawn = svgCaptcha.create({
    size: CAPTCHA_LENGTH,
    height: CAPTCHA_HEIGHT,
    width: CAPTCHA_WIDTH,
    noise: 3,
    color: true,
    ignoreChars: '0oO1lIi',
  });
  const answer = testCode ?? drawn.text;
  const captchaId = randomUUID();
  await db
    .insertInto('captchas')
    .values({
      id: captchaId,
      answer_hash: sha256(answer.toLowerCase()),
      expires_at: Date.now() + CAPTCHA_TTL_SECONDS * 1000,
    })
    .execute();
  return { captchaId, image: drawn.data, expiresInSeconds: CAPTCHA_TTL_SECONDS };
}

/** True when the answer matches an unexpired captcha; the captcha is used up either way. */
export async function consumeCaptcha(db: Kysely<DB>, captchaId: string, answer: string): Promise<boolean> {
  const row = await db
    .deleteFrom('captchas')
    .where('id', '=', captchaId)
    .returning(['answer_hash', 'expires_at'])
    .executeTakeFirst();
  if (!row || row.expires_at <= Date.now()) return false;
  return constantTimeEqual(row.answer_hash, sha256(answer.trim().toLowerCase()));
}
