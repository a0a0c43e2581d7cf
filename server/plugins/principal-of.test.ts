import { describe, expect, it } from 'vitest';
import { principalOf } from './authenticate.ts';

describe('principalOf', () => {
  it('gives the signed-in caller, and fails loudly on a route that is not behind authenticate', () => {
    const principal = { userId: 'u1' };
    expect(principalOf({ principal, url: '/api/x' })).toBe(principal);
    expect(() => principalOf({ principal: undefined, url: '/api/x' })).toThrow(
      '/api/x is not behind authenticate',
    );
  });
});
