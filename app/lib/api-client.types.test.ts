import { describe, expect, expectTypeOf, it } from 'vitest';
import { endpointUrl } from '#shared/api-contract.ts';
import type { Article, Comment } from '#shared/schemas/teaching.ts';
import type { ApiClient } from './api-client.ts';

// What the API contract (shared/api-contract.ts) lets the client call, checked by the type-check
// (`npm run typecheck` covers test files): each `@ts-expect-error` line must fail to compile, or the
// type-check fails because the directive is unused. These functions are never run.

/** Calls that compile, with the answers they are typed with. */
function allowed(api: ApiClient, signal: AbortSignal) {
  expectTypeOf(api.get('/api/Management/GetRoles', { signal })).resolves.toEqualTypeOf<
    { roleId: number; roleName: string }[]
  >();
  expectTypeOf(api.get('/Articles/GetArticle/:id', { params: { id: 3 } })).resolves.toEqualTypeOf<Article>();
  expectTypeOf(api.get('/Articles/Comments/:id', { params: { id: '3' } })).resolves.toEqualTypeOf<
    Comment[]
  >();
  expectTypeOf(
    api.post('/api/Management/AddRole', { name: 'VIP' }, { formFields: ['name'] }),
  ).resolves.toEqualTypeOf<{
    roleId: number;
    roleName: string;
  }>();
  // A query whose fields are all optional may be left out; a coerced field takes a number or text.
  api.get('/Articles/FindPage');
  api.get('/Articles/FindPage', { query: { current: 2, headLine: 'BTC', mine: 'true' } });
  api.get('/api/Management/GetUsers', { query: { current: 1, pageSize: 50, search: undefined } });
  // Calls without a body take only their options.
  api.post('/api/PersonalInfo/EndOtherSessions');
  api.post('/api/SystemMessage/DismissPop', { query: { messageId: 4 } });
  api.put('/Articles/ApprovalArticle', { query: { id: 1, status: 3, contentApproval: 'ok' } });
  api.delete('/Articles/Comment/:id', { params: { id: 9 } });
  expectTypeOf(api.upload('/api/FileSave/Upload', new Blob([]))).resolves.toEqualTypeOf<
    { url: string; name: string; size: number; width: number; height: number }[]
  >();
}

/** Calls that must not compile. */
function refused(api: ApiClient) {
  // @ts-expect-error a path the API does not have
  api.get('/api/Management/GetRole');
  // @ts-expect-error a path with its parameter filled in: the contract's path and `params` instead
  api.get('/Articles/GetArticle/3');
  // @ts-expect-error a query string written into the path
  api.post('/api/SystemMessage/DismissPop?messageId=3');
  // @ts-expect-error the right path with the wrong method
  api.post('/api/Management/GetRoles');
  // @ts-expect-error a body field the request schema does not have
  api.post('/api/Management/AddRole', { roleName: 'VIP' });
  // @ts-expect-error a body field of the wrong type
  api.post('/api/Management/DeleteRole', { id: '3' });
  // @ts-expect-error a body missing a required field
  api.post('/api/TraderKey/ActiviateApiKey', { apiKeyId: 1 });
  // @ts-expect-error no body at all where one is required
  api.post('/api/Management/AssignUserRole');
  // @ts-expect-error a body given to a call that takes none (the options come second only after a body)
  api.post('/api/PersonalInfo/EndOtherSessions', { ended: 1 });
  // @ts-expect-error path parameters missing
  api.get('/Articles/GetArticle/:id');
  // @ts-expect-error a path parameter the path does not have
  api.delete('/Articles/DeleteArticle/:id', { params: { articleId: 3 } });
  // @ts-expect-error parameters for a path without any
  api.get('/api/Management/GetRoles', { params: { id: 1 } });
  // @ts-expect-error a query field the query schema does not have
  api.get('/api/Management/GetUsers', { query: { page: 2 } });
  // @ts-expect-error a query value outside the schema's enumeration
  api.post('/api/SystemMessage/UpdateSystemMessageIsRoll', { query: { messageId: 1, newValue: 'yes' } });
  // @ts-expect-error a required query field missing
  api.put('/Articles/ApprovalArticle', { query: { id: 1, status: 3 } });
  // @ts-expect-error the query is required when the route needs one of its fields
  api.post('/api/Advisory/DeleteAdvisory');
  // @ts-expect-error a query for a route that reads none
  api.get('/api/Management/GetRoles', { query: { current: 1 } });
  // @ts-expect-error a JSON call to an upload
  api.post('/api/FileSave/Upload');
  // @ts-expect-error an upload to a JSON call
  api.upload('/api/Management/AddRole', new Blob([]));
  // @ts-expect-error the answer is typed by the response schema
  api.get('/api/PersonalInfo/UserVo').then((answer) => answer.avatar);
}

// Referenced so that the linter keeps them; they are checked by the type-check, never run.
void allowed;
void refused;

describe('the addresses of typed calls', () => {
  it('fills path parameters and writes only the query values that are set', () => {
    expect(endpointUrl('/Articles/GetArticle/:id', { params: { id: 3 } })).toBe('/Articles/GetArticle/3');
    expect(endpointUrl('/Articles/Comments/:id', { params: { id: 'a/b' } })).toBe('/Articles/Comments/a%2Fb');
    expect(
      endpointUrl('/api/Management/GetUsers', { query: { current: 1, pageSize: 50, search: undefined } }),
    ).toBe('/api/Management/GetUsers?current=1&pageSize=50');
    expect(endpointUrl('/Articles/FindPage', { query: { mine: true, headLine: null } })).toBe(
      '/Articles/FindPage?mine=true',
    );
    expect(() => endpointUrl('/Articles/GetArticle/:id')).toThrow('no value for :id');
  });
});
