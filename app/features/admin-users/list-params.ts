import { ADMIN_PAGE_SIZE } from '#shared/constants.ts';
import { usersQuery } from '#shared/schemas/management.ts';
import type { UsersPageParams } from './admin-users-api.ts';

// The user list keeps its page, page size, search and tag filter in the address, so that a reload, a shared
// link or the detail page's back button returns to the same view.

export function readListParams(query: URLSearchParams): UsersPageParams {
  const number = (name: string) => {
    const value = query.get(name);
    return value === null || value.trim() === '' ? undefined : value;
  };
  const pick = <K extends 'current' | 'pageSize' | 'roleId'>(name: K) => {
    const parsed = usersQuery.shape[name].safeParse(number(name));
    return parsed.success ? parsed.data : undefined;
  };
  const search = usersQuery.shape.search.safeParse(query.get('search') ?? undefined);
  return {
    current: pick('current') ?? 1,
    pageSize: pick('pageSize') ?? ADMIN_PAGE_SIZE,
    search: (search.success ? search.data : undefined) ?? '',
    roleId: pick('roleId') ?? null,
  };
}

/** The address query of a view: defaults are left out so the plain list has a plain address. */
export function writeListParams(params: UsersPageParams): URLSearchParams {
  const query = new URLSearchParams();
  const search = params.search.trim();
  if (search) query.set('search', search);
  if (params.roleId !== null) query.set('roleId', String(params.roleId));
  if (params.current !== 1) query.set('current', String(params.current));
  if (params.pageSize !== ADMIN_PAGE_SIZE) query.set('pageSize', String(params.pageSize));
  return query;
}

export function isFiltered(params: UsersPageParams): boolean {
  return params.search.trim() !== '' || params.roleId !== null;
}

/** The address of a user's detail page. */
export function userDetailPath(userId: string): string {
  return `/admin/account/list/detail?${new URLSearchParams({ userId })}`;
}
