import { expect, type Page } from '@playwright/test';
import {
  type AddressParts,
  type BodyOf,
  type Endpoint,
  type EndpointAt,
  endpointOf,
  endpointUrl,
  type HttpMethod,
  type JsonPathOf,
  type ResponseOf,
} from '../../shared/api-contract.ts';

// Journeys that prepare or clean up through the API (instead of the screens) call it as the web app does:
// typed by the API contract (shared/api-contract.ts), so a path, body or query the API does not take does not
// compile, and each answer is checked by its route's response schema instead of being typed by hand.

/** A call's parts: its path parameters and query string, and its JSON body when it takes one. */
export type CallParts<E extends Endpoint> = AddressParts<E> &
  (E extends { body: unknown } ? { body: BodyOf<E> } : { body?: never });

type PartsArgs<E extends Endpoint> =
  Partial<CallParts<E>> extends CallParts<E> ? [parts?: CallParts<E>] : [parts: CallParts<E>];

/**
 * Calls the API with the access token of the page's signed-in person (from the tab's storage, as the web app
 * holds it), expects 200 and answers what the response schema reads.
 */
export async function api<M extends HttpMethod, P extends JsonPathOf<M>>(
  page: Page,
  method: M,
  path: P,
  ...[parts]: PartsArgs<EndpointAt<M, P>>
): Promise<ResponseOf<EndpointAt<M, P>>> {
  const endpoint = endpointOf(method, path);
  if (!endpoint) throw new Error(`${method} ${path} is not in the API contract`);
  const given: { params?: Record<string, unknown>; query?: Record<string, unknown>; body?: unknown } =
    (parts as unknown as object | undefined) ?? {};
  const url = endpointUrl(path, given);
  const answer = await page.evaluate(
    async ({ method, url, body }) => {
      const key = Object.keys(sessionStorage).find((candidate) => candidate.startsWith('oidc.user:'));
      const token = key
        ? (JSON.parse(sessionStorage.getItem(key) ?? '{}') as { access_token?: string }).access_token
        : undefined;
      const response = await fetch(url, {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: response.status, json: (await response.json().catch(() => null)) as unknown };
    },
    { method, url, body: given.body },
  );
  expect(answer.status, `${method} ${url}`).toBe(200);
  return endpoint.response.parse(answer.json) as ResponseOf<EndpointAt<M, P>>;
}

/** The id of the user with this e-mail, found through the admin API's user search. */
export async function userIdOf(admin: Page, email: string): Promise<string> {
  const page = await api(admin, 'GET', '/api/Management/GetUsers', {
    query: { current: 1, pageSize: 10, search: email },
  });
  if (Array.isArray(page)) throw new Error('GetUsers answered the plain list instead of a page');
  const user = page.records.find((record) => record.email === email);
  if (!user) throw new Error(`GetUsers found no user ${email}`);
  return user.userId;
}

/** Gives a user roles (by name) and 30 member days through the admin API. */
export async function grantRoles(admin: Page, email: string, roleNames: string[]) {
  const roles = await api(admin, 'GET', '/api/Management/GetRoles');
  const userId = await userIdOf(admin, email);
  await api(admin, 'POST', '/api/Management/AssignUserRole', {
    body: {
      userId,
      permissionMap: roles.filter((role) => roleNames.includes(role.roleName)).map((role) => role.roleId),
      memberDays: 30,
    },
  });
}
