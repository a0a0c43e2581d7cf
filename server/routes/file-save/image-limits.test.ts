import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { createUser } from '../../test/factories.ts';
import { signIn } from '../../test/sign-in.ts';

// Image work is bounded: a huge declared size is refused from the header, one person cannot run many
// images at once (429), and the process queues only a few (503), each with Retry-After.

function multipart(data: Buffer) {
  const boundary = 'image-limits';
  return {
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      data,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
  };
}

describe('image work limits', () => {
  let t: TestApp;
  let people: { authorization: string }[];
  let photo: Buffer;

  beforeAll(async () => {
    t = await buildTestApp('sqlite', { imageQueueLimits: { concurrency: 1, maxWaiting: 1, perPerson: 1 } });
    people = await Promise.all(
      Array.from({ length: 6 }, async () => {
        const u = await createUser(t.testDb.database.db, { roles: ['StandardUser'], memberDays: 30 });
        return (await signIn(t.app, u.email, u.password)).auth;
      }),
    );
    // Noise does not compress: a real amount of decoding and encoding work.
    const noise = Buffer.alloc(1200 * 1200 * 3);
    for (let i = 0; i < noise.length; i++) noise[i] = (i * 2_654_435_761) >>> 24;
    photo = await sharp(noise, { raw: { width: 1200, height: 1200, channels: 3 } })
      .png()
      .toBuffer();
  });
  afterAll(async () => {
    await t.close();
  });

  const upload = (headers: { authorization: string }, data: Buffer, url = '/api/FileSave/Upload') => {
    const body = multipart(data);
    return t.app.inject({
      method: 'POST',
      url,
      headers: { ...headers, ...body.headers, 'accept-language': 'en' },
      payload: body.payload,
    });
  };

  it('refuses an image larger than 4096 × 4096 from its header, on both routes', async () => {
    const huge = await sharp({ create: { width: 6000, height: 6000, channels: 3, background: '#123456' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    for (const url of ['/api/FileSave/Upload', '/api/PersonalInfo/UploadAvatar']) {
      const res = await upload(people[0]!, huge, url);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors.file).toEqual(['The image cannot be larger than 4096 × 4096 pixels.']);
    }
    const fine = await upload(people[0]!, photo);
    expect(fine.statusCode, fine.body).toBe(200);
  });

  it('lets one person run one image at a time: the others answer 429 with Retry-After', async () => {
    const results = await Promise.all(Array.from({ length: 4 }, () => upload(people[1]!, photo)));
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toContain(200);
    expect(codes).toContain(429);
    const refused = results.find((r) => r.statusCode === 429)!;
    expect(refused.headers['retry-after']).toMatch(/^\d+$/);
    expect(refused.json().detail).toMatch(/still being processed/);
  });

  it('queues only a few images in the process: beyond that, 503 with Retry-After', async () => {
    const results = await Promise.all(people.map((person) => upload(person, photo)));
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200).length).toBeGreaterThanOrEqual(2);
    expect(codes).toContain(503);
    const busy = results.find((r) => r.statusCode === 503)!;
    expect(busy.headers['retry-after']).toMatch(/^\d+$/);
    // Once the queue has drained, uploads go through again.
    expect((await upload(people[5]!, photo)).statusCode).toBe(200);
  });
});
