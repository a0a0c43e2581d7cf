import { describe, expect, it } from 'vitest';
import { subscriberConfiguration } from '#shared/schemas/auth.ts';
import { readSettings } from './oidc-client.ts';

// The client's settings are checked by hand in the browser (zod stays out of the sign-in's first load): the
// hand check must accept and refuse exactly what the route's schema does, and read the same fields.

const valid: Record<string, unknown> = Object.fromEntries(
  Object.keys(subscriberConfiguration.shape).map((name) => [name, `value of ${name}`]),
);
valid.response_type = 'code';

const cases: Array<[string, unknown]> = [
  ['the settings the server sends', valid],
  ['with a field the schema does not read', { ...valid, extra: 1 }],
  ...Object.keys(subscriberConfiguration.shape).flatMap(
    (name): Array<[string, unknown]> => [
      [`without ${name}`, { ...valid, [name]: undefined }],
      [`with a number for ${name}`, { ...valid, [name]: 42 }],
    ],
  ),
  ['a response type other than code', { ...valid, response_type: 'token' }],
  ['null', null],
  ['a list', [valid]],
  ['a string', 'code'],
];

describe('readSettings', () => {
  it.each(cases)('reads %s as the schema does', (_name, input) => {
    const parsed = subscriberConfiguration.safeParse(input);
    expect(readSettings(input)).toEqual(parsed.success ? parsed.data : null);
  });

  it('accepts the settings the server sends', () => {
    expect(readSettings(valid)).toEqual(valid);
  });
});
