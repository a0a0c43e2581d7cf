import { describe, expect, it } from 'vitest';
import { endpointUrl } from '#shared/api-contract.ts';
import { usersQueryOf } from './admin-users-api.ts';
import { isFiltered, readListParams, userDetailPath, writeListParams } from './list-params.ts';

describe('list address', () => {
  it('reads defaults from an empty address', () => {
    expect(readListParams(new URLSearchParams())).toEqual({
      current: 1,
      pageSize: 50,
      search: '',
      roleId: null,
    });
  });

  it('reads a view and ignores values the server would refuse', () => {
    expect(readListParams(new URLSearchParams('current=3&pageSize=20&search=%20lin%20&roleId=7'))).toEqual({
      current: 3,
      pageSize: 20,
      search: 'lin',
      roleId: 7,
    });
    expect(readListParams(new URLSearchParams('current=0&pageSize=9999&roleId=x&search='))).toEqual({
      current: 1,
      pageSize: 50,
      search: '',
      roleId: null,
    });
  });

  it('writes only what differs from the defaults, and round-trips', () => {
    expect(writeListParams({ current: 1, pageSize: 50, search: ' ', roleId: null }).toString()).toBe('');
    const view = { current: 2, pageSize: 100, search: 'a@b.c', roleId: 4 };
    expect(readListParams(writeListParams(view))).toEqual(view);
  });

  it('knows when a filter narrows the table', () => {
    expect(isFiltered({ current: 4, pageSize: 50, search: '', roleId: null })).toBe(false);
    expect(isFiltered({ current: 1, pageSize: 50, search: 'x', roleId: null })).toBe(true);
    expect(isFiltered({ current: 1, pageSize: 50, search: '', roleId: 0 })).toBe(true);
  });

  it('always asks the server for a page (without parameters it answers the plain list)', () => {
    const address = (params: Parameters<typeof usersQueryOf>[0]) =>
      endpointUrl('/api/Management/GetUsers', { query: usersQueryOf(params) });
    expect(address({ current: 1, pageSize: 50, search: '', roleId: null })).toBe(
      '/api/Management/GetUsers?current=1&pageSize=50',
    );
    expect(address({ current: 2, pageSize: 10, search: ' lin ', roleId: 3 })).toBe(
      '/api/Management/GetUsers?current=2&pageSize=10&search=lin&roleId=3',
    );
  });

  it('links to a user detail with the id encoded', () => {
    expect(userDetailPath('a b&c')).toBe('/admin/account/list/detail?userId=a+b%26c');
  });
});
