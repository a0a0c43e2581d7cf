import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { createUser } from '../../test/factories.ts';
import { signIn } from '../../test/sign-in.ts';

// Broken multipart bodies are the sender's fault: 400 with problem details, and nothing at error level.

type LogLine = { level: number; msg?: string };
const ERROR_LEVEL = 50;

const part = (boundary: string) =>
  `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\nxxxx`;

const MALFORMED: { name: string; contentType: string; payload: string }[] = [
  { name: 'no boundary', contentType: 'multipart/form-data', payload: `${part('b')}\r\n--b--\r\n` },
  {
    name: 'a boundary that does not match the body',
    contentType: 'multipart/form-data; boundary=declared',
    payload: `${part('other')}\r\n--other--\r\n`,
  },
  {
    name: 'a body cut off inside the file',
    contentType: 'multipart/form-data; boundary=b',
    payload: part('b'),
  },
  {
    name: 'an unparsable header block',
    contentType: 'multipart/form-data; boundary=b',
    payload: '--b\r\nthis is not a header\r\n',
  },
];

describe('malformed multipart uploads', () => {
  let t: TestApp;
  let member: { authorization: string };
  const lines: LogLine[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const text of String(chunk).split('\n')) if (text.trim()) lines.push(JSON.parse(text));
      done();
    },
  });

  beforeAll(async () => {
    t = await buildTestApp('sqlite', { logger: { level: 'info', stream } });
    const m = await createUser(t.testDb.database.db, { roles: ['StandardUser'], memberDays: 30 });
    member = (await signIn(t.app, m.email, m.password)).auth;
  });
  afterAll(async () => {
    await t.close();
  });

  for (const url of ['/api/FileSave/Upload', '/api/PersonalInfo/UploadAvatar']) {
    for (const body of MALFORMED) {
      it(`${url}: ${body.name} answers 400 with a problem body`, async () => {
        lines.length = 0;
        const res = await t.app.inject({
          method: 'POST',
          url,
          headers: { ...member, 'content-type': body.contentType, 'accept-language': 'en' },
          payload: body.payload,
        });
        expect(res.statusCode).toBe(400);
        expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
        expect(res.json()).toMatchObject({
          status: 400,
          errors: { file: ['The upload could not be read.'] },
        });
        expect(lines.filter((line) => line.level >= ERROR_LEVEL)).toEqual([]);
      });
    }
  }

  it('a multipart body sent to a route that takes no upload is refused as an unsupported type (415)', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/PersonalInfo/UpdatePersonalInfo',
      headers: { ...member, 'content-type': 'multipart/form-data; boundary=b', 'accept-language': 'en' },
      payload: `${part('b')}\r\n--b--\r\n`,
    });
    expect(res.statusCode).toBe(415);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
  });
});
