import { describe, expect, it, vi } from 'vitest';
import {
  type ApiClientConfig,
  ApiError,
  acceptLanguage,
  createApiClient,
  errorMessages,
  type FailedResponse,
} from './api-client.ts';

function failed(status: number, body: unknown, statusText = 'Bad Request'): FailedResponse {
  return {
    status,
    statusText,
    contentType: typeof body === 'string' ? 'text/plain' : 'application/problem+json',
    body: typeof body === 'string' ? body : JSON.stringify(body),
  };
}

const problem = (status: number, detail: string, errors: Record<string, string[]> = {}) => ({
  type: 'about:blank',
  title: 'Bad Request',
  status,
  detail,
  instance: '/Auth/PostLogin',
  errors,
  requestId: 'r1',
});

describe('errorMessages (spec §8)', () => {
  it('shows "Permission Denied" with the body text for 403', () => {
    expect(errorMessages(failed(403, problem(403, '您还不是会员，请联系客服开通会员')))).toEqual([
      'Permission Denied: 您还不是会员，请联系客服开通会员',
    ]);
    expect(errorMessages(failed(403, 'Forbidden by the proxy', 'Forbidden'))).toEqual([
      'Permission Denied: Forbidden by the proxy',
    ]);
    expect(errorMessages(failed(403, '', 'Forbidden'))).toEqual(['Permission Denied']);
    expect(errorMessages(failed(403, problem(403, 'Permission Denied')))).toEqual(['Permission Denied']);
  });

  it('shows each message of the problem errors and its detail, once each', () => {
    const body = problem(400, 'The request is not valid.', {
      email: ['Please enter a valid e-mail address'],
      password: ['The password must be 8 to 30 characters', 'Please enter a valid e-mail address'],
    });
    expect(errorMessages(failed(400, body))).toEqual([
      'Please enter a valid e-mail address',
      'The password must be 8 to 30 characters',
      'The request is not valid.',
    ]);
  });

  it('leaves the messages of fields the form shows beside its inputs to the form', () => {
    const body = problem(400, '图形验证码错误或已过期，请重新输入', {
      captcha: ['图形验证码错误或已过期，请重新输入'],
    });
    expect(errorMessages(failed(400, body), { skipFields: ['captcha'] })).toEqual([]);
    expect(errorMessages(failed(400, body))).toEqual(['图形验证码错误或已过期，请重新输入']);
  });

  it('shows a body that is not JSON as text, and an empty body as the status text', () => {
    expect(errorMessages(failed(502, 'upstream connect error', 'Bad Gateway'))).toEqual([
      'upstream connect error',
    ]);
    expect(errorMessages(failed(500, '', 'Internal Server Error'))).toEqual(['Internal Server Error']);
    expect(errorMessages(failed(500, '   ', ''))).toEqual(['HTTP 500']);
    expect(errorMessages(failed(500, 'x'.repeat(400), 'Error'))[0]).toHaveLength(301);
  });

  it('falls back to the title of a JSON body without messages', () => {
    expect(errorMessages(failed(429, { title: 'Too Many Requests' }, 'Too Many Requests'))).toEqual([
      'Too Many Requests',
    ]);
  });
});

function client(responses: Response[], overrides: Partial<ApiClientConfig> = {}) {
  const fetchStub = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) => {
    const next = responses.shift();
    if (!next) throw new TypeError('Failed to fetch');
    return next;
  });
  const config: ApiClientConfig = {
    getAccessToken: async () => 'token-1',
    locale: () => 'zh',
    onUnauthorized: vi.fn(),
    showErrors: vi.fn(),
    texts: { network: () => 'network down', invalidResponse: () => 'unreadable' },
    fetch: fetchStub,
    ...overrides,
  };
  return { api: createApiClient(config), config, fetchStub };
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const LOGIN = { email: 'a@b.c', password: 'secret-1', captcha: 'ABCDEF', captchaId: 'c1' };
const PASSWORDS = { currentPassword: 'old-pass-1', password: 'new-pass-12', confirm: 'new-pass-12' };
const ARTICLE = {
  id: 3,
  headLine: 'BTC',
  description: 'd',
  classification: 1,
  text: '<p>t</p>',
  picture: 'https://example.com/c.png',
};

describe('createApiClient', () => {
  it('sends the bearer token, the interface language and JSON, and checks the answer', async () => {
    const { api, fetchStub } = client([json(200, { ok: true, extra: 'dropped' })], {
      locale: () => 'en',
    });
    const answer = await api.post('/api/PersonalInfo/UpdatePersonalInfo', { nickName: 'Lin' });
    // Checked and read by the route's own response schema (okResponse): unknown fields are left out.
    expect(answer).toEqual({ ok: true });
    const [path, init] = fetchStub.mock.calls[0] ?? [];
    expect(path).toBe('/api/PersonalInfo/UpdatePersonalInfo');
    expect(init?.method).toBe('POST');
    expect(init?.headers).toMatchObject({
      authorization: 'Bearer token-1',
      'accept-language': 'en',
      'content-type': 'application/json',
    });
    expect(init?.body).toBe('{"nickName":"Lin"}');
    expect(acceptLanguage('zh')).toBe('zh-CN');
  });

  it('sends PUT with a JSON body and DELETE without one, its parameters in the address', async () => {
    const { api, fetchStub } = client([json(200, { ok: true }), json(200, { ok: true })]);
    await api.put('/Articles/UpdateArticle', ARTICLE);
    await api.delete('/Articles/DeleteArticle/:id', { params: { id: 3 } });
    const [, putInit] = fetchStub.mock.calls[0] ?? [];
    expect(putInit?.method).toBe('PUT');
    expect(putInit?.body).toBe(JSON.stringify(ARTICLE));
    expect(putInit?.headers).toMatchObject({
      'content-type': 'application/json',
      authorization: 'Bearer token-1',
    });
    const [path, deleteInit] = fetchStub.mock.calls[1] ?? [];
    expect(path).toBe('/Articles/DeleteArticle/3');
    expect(deleteInit?.method).toBe('DELETE');
    expect(deleteInit?.body).toBeUndefined();
    expect(deleteInit?.headers).not.toHaveProperty('content-type');
  });

  it('writes the query into the address, leaving out unset values, and sends {} without a body', async () => {
    const { api, fetchStub } = client([
      json(200, { ok: true }),
      json(200, { records: [], total: 0 }),
      json(200, { ok: true }),
      json(200, { ended: 2 }),
    ]);
    await api.post('/api/SystemMessage/UpdateSystemMessageIsPop', {
      query: { messageId: 7, newValue: 'false' },
    });
    await api.get('/Articles/FindPage', {
      query: { current: 2, headLine: 'BTC & ETH', classification: undefined, mine: 'true' },
    });
    await api.put('/Articles/ApprovalArticle', { query: { id: 5, contentApproval: '好 文', status: 3 } });
    expect(await api.post('/api/PersonalInfo/EndOtherSessions')).toEqual({ ended: 2 });
    const calls = fetchStub.mock.calls.map(([path, init]) => [path, init?.method, init?.body]);
    expect(calls).toEqual([
      ['/api/SystemMessage/UpdateSystemMessageIsPop?messageId=7&newValue=false', 'POST', '{}'],
      ['/Articles/FindPage?current=2&headLine=BTC+%26+ETH&mine=true', 'GET', undefined],
      ['/Articles/ApprovalArticle?id=5&contentApproval=%E5%A5%BD+%E6%96%87&status=3', 'PUT', '{}'],
      ['/api/PersonalInfo/EndOtherSessions', 'POST', '{}'],
    ]);
  });

  it('encodes path parameters', async () => {
    const { api, fetchStub } = client([json(404, problem(404, 'No client a/b.'))]);
    await expect(
      api.get('/_configuration/:clientId', { params: { clientId: 'a/b' } }),
    ).rejects.toBeInstanceOf(ApiError);
    expect(fetchStub.mock.calls[0]?.[0]).toBe('/_configuration/a%2Fb');
  });

  it('reads an empty successful body as an empty object, checked like any answer', async () => {
    const { api, config } = client([new Response('', { status: 200 }), new Response('', { status: 200 })]);
    expect(await api.get('/api/AdvisoryFeedBack/Mine')).toEqual({});
    await expect(api.post('/api/PersonalInfo/EndOtherSessions')).rejects.toMatchObject({
      status: 0,
      messages: ['unreadable'],
    });
    expect(config.showErrors).toHaveBeenCalledWith(['unreadable']);
  });

  it('sends the person to sign in without a token, without calling the API', async () => {
    const { api, config, fetchStub } = client([], { getAccessToken: async () => null });
    await expect(api.get('/api/PersonalInfo/UserVo')).rejects.toMatchObject({ status: 401 });
    expect(config.onUnauthorized).toHaveBeenCalledTimes(1);
    expect(fetchStub).not.toHaveBeenCalled();
    expect(config.showErrors).not.toHaveBeenCalled();
  });

  it('sends the person to sign in on 401, quietly', async () => {
    const { api, config } = client([json(401, problem(401, '请先登录'))]);
    await expect(api.get('/api/PersonalInfo/GetPersonalInfo')).rejects.toBeInstanceOf(ApiError);
    expect(config.onUnauthorized).toHaveBeenCalledTimes(1);
    expect(config.showErrors).not.toHaveBeenCalled();
  });

  it('sends a call refused with 401 once more with a renewed token (one that expired on its way)', async () => {
    const renewAccessToken = vi.fn(async () => 'token-2');
    const { api, config, fetchStub } = client([json(401, problem(401, 'expired')), json(200, { ok: true })], {
      renewAccessToken,
    });
    expect(await api.post('/api/PersonalInfo/UpdatePersonalInfo', { nickName: 'Lin' })).toEqual({ ok: true });
    expect(renewAccessToken).toHaveBeenCalledWith('token-1');
    const sent = fetchStub.mock.calls.map(([, init]) => ({
      authorization: (init?.headers as Record<string, string> | undefined)?.authorization,
      body: init?.body,
    }));
    expect(sent).toEqual([
      { authorization: 'Bearer token-1', body: '{"nickName":"Lin"}' },
      { authorization: 'Bearer token-2', body: '{"nickName":"Lin"}' },
    ]);
    expect(config.onUnauthorized).not.toHaveBeenCalled();
    expect(config.showErrors).not.toHaveBeenCalled();
  });

  it('sends the person to sign in when the renewed token is refused too, or there is none', async () => {
    const renewAccessToken = vi.fn(async () => 'token-2');
    const twice = client([json(401, problem(401, 'ended')), json(401, problem(401, 'ended'))], {
      renewAccessToken,
    });
    await expect(twice.api.get('/api/PersonalInfo/GetPersonalInfo')).rejects.toMatchObject({ status: 401 });
    expect(renewAccessToken).toHaveBeenCalledTimes(1);
    expect(twice.fetchStub).toHaveBeenCalledTimes(2);
    expect(twice.config.onUnauthorized).toHaveBeenCalledTimes(1);

    const none = client([json(401, problem(401, 'ended'))], { renewAccessToken: async () => null });
    await expect(none.api.get('/api/PersonalInfo/GetPersonalInfo')).rejects.toMatchObject({ status: 401 });
    expect(none.fetchStub).toHaveBeenCalledTimes(1);
    expect(none.config.onUnauthorized).toHaveBeenCalledTimes(1);
    expect(none.config.showErrors).not.toHaveBeenCalled();
  });

  it('fails a call as a network failure when the renewal after its 401 got no answer, and keeps the session', async () => {
    const { api, config, fetchStub } = client([json(401, problem(401, 'expired'))], {
      renewAccessToken: async () => {
        throw new Error('IFrame timed out without a response');
      },
    });
    await expect(api.get('/api/PersonalInfo/GetPersonalInfo')).rejects.toMatchObject({
      status: 0,
      messages: ['network down'],
    });
    expect(fetchStub).toHaveBeenCalledTimes(1);
    expect(config.onUnauthorized).not.toHaveBeenCalled();
    expect(config.showErrors).toHaveBeenCalledWith(['network down']);
  });

  it('sends a renewed call that then wants a code with the token in hand after the code', async () => {
    const refusal = { ...problem(403, '此操作需要重新输入验证码'), code: 'twoFactorStepUpRequired' };
    const tokens = ['token-1', 'token-3'];
    const renewAccessToken = vi.fn(async () => 'token-2');
    const { api, config, fetchStub } = client(
      [json(401, problem(401, 'expired')), json(403, refusal), json(200, { ok: true })],
      { getAccessToken: async () => tokens.shift() ?? null, renewAccessToken, stepUp: async () => true },
    );
    expect(await api.post('/api/Management/DeleteRole', { id: 7 })).toEqual({ ok: true });
    expect(
      fetchStub.mock.calls.map(
        ([, init]) => (init?.headers as Record<string, string> | undefined)?.authorization,
      ),
    ).toEqual(['Bearer token-1', 'Bearer token-2', 'Bearer token-3']);
    expect(renewAccessToken).toHaveBeenCalledTimes(1);
    expect(config.onUnauthorized).not.toHaveBeenCalled();
  });

  it('treats a 401 of a public call as an ordinary error and sends no token', async () => {
    const { api, config, fetchStub } = client([json(401, problem(401, 'nope'))]);
    await expect(api.post('/Auth/PostLogin', LOGIN, { anonymous: true })).rejects.toMatchObject({
      status: 401,
    });
    expect(config.onUnauthorized).not.toHaveBeenCalled();
    expect(fetchStub.mock.calls[0]?.[1]?.headers).not.toHaveProperty('authorization');
    expect(config.showErrors).toHaveBeenCalledWith(['nope']);
  });

  it('shows the errors of a failed call and hands the field errors to the form', async () => {
    const body = problem(400, '当前密码错误', { currentPassword: ['当前密码错误'] });
    const { api, config } = client([json(400, body), json(400, body)]);
    const error = await api.post('/Auth/PostChangePassword', PASSWORDS).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).fieldErrors).toEqual({ currentPassword: ['当前密码错误'] });
    expect(config.showErrors).toHaveBeenCalledWith(['当前密码错误']);

    vi.mocked(config.showErrors).mockClear();
    await expect(
      api.post('/Auth/PostChangePassword', PASSWORDS, { formFields: ['currentPassword'] }),
    ).rejects.toBeInstanceOf(ApiError);
    expect(config.showErrors).not.toHaveBeenCalled();
  });

  it('asks for a fresh code when a sensitive action wants one, then sends it again once', async () => {
    const refusal = { ...problem(403, '此操作需要重新输入验证码'), code: 'twoFactorStepUpRequired' };
    const stepUp = vi.fn(async () => true);
    const { api, config, fetchStub } = client([json(403, refusal), json(200, { ok: true })], { stepUp });
    expect(await api.post('/api/Management/DeleteRole', { id: 7 })).toEqual({ ok: true });
    expect(stepUp).toHaveBeenCalledTimes(1);
    expect(fetchStub).toHaveBeenCalledTimes(2);
    expect(fetchStub.mock.calls[1]?.[1]?.body).toBe('{"id":7}');
    expect(config.showErrors).not.toHaveBeenCalled();

    // Given up, or refused again after a code: the refusal stands, shown once.
    const declined = client([json(403, refusal)], { stepUp: vi.fn(async () => false) });
    await expect(declined.api.post('/api/Management/DeleteRole', { id: 7 })).rejects.toBeInstanceOf(ApiError);
    expect(declined.config.showErrors).toHaveBeenCalledTimes(1);
    const again = client([json(403, refusal), json(403, refusal)], { stepUp: vi.fn(async () => true) });
    await expect(again.api.post('/api/Management/DeleteRole', { id: 7 })).rejects.toBeInstanceOf(ApiError);
    expect(again.fetchStub).toHaveBeenCalledTimes(2);
    // Another 403 is not a question of codes.
    const other = client([json(403, problem(403, 'Permission Denied'))], { stepUp });
    await expect(other.api.post('/api/Management/DeleteRole', { id: 7 })).rejects.toBeInstanceOf(ApiError);
    expect(stepUp).toHaveBeenCalledTimes(1);
  });

  it('shows nothing for a quiet call, but still describes the error', async () => {
    const { api, config } = client([json(403, problem(403, '邮箱尚未确认', { email: ['邮箱尚未确认'] }))]);
    const error = (await api
      .post('/Auth/PostLogin', LOGIN, { anonymous: true, quiet: true })
      .catch((caught) => caught)) as ApiError;
    expect(error.status).toBe(403);
    expect(error.messages).toEqual(['Permission Denied: 邮箱尚未确认']);
    expect(config.showErrors).not.toHaveBeenCalled();
  });

  it('says so when the server cannot be reached or answers something unreadable', async () => {
    const unreachable = client([]);
    await expect(unreachable.api.get('/api/PersonalInfo/UserVo')).rejects.toMatchObject({ status: 0 });
    expect(unreachable.config.showErrors).toHaveBeenCalledWith(['network down']);

    const garbled = client([new Response('<html>', { status: 200 }), json(200, { pic: 3 })]);
    await expect(garbled.api.get('/api/PersonalInfo/UserVo')).rejects.toMatchObject({ status: 0 });
    // The answer does not match the route's response schema (userVo: pic is text).
    await expect(garbled.api.get('/api/PersonalInfo/UserVo')).rejects.toMatchObject({
      messages: ['unreadable'],
    });
    expect(garbled.config.showErrors).toHaveBeenCalledTimes(2);
  });

  it('refuses a path that is not in the contract, whatever the server answered', async () => {
    // The contract downloads side by side with a page's first call, so the path is checked with the answer.
    const { api, config } = client([json(200, { anything: true })]);
    const untyped = api as unknown as { get(path: string): Promise<unknown> };
    await expect(untyped.get('/api/x')).rejects.toThrow('GET /api/x is not in the API contract');
    expect(config.showErrors).not.toHaveBeenCalled();
  });

  it('uploads a file as multipart and checks the answer', async () => {
    const { api, fetchStub } = client([json(200, { pic: '/uploads/avatars/a.webp' })]);
    const file = new File([new Uint8Array([1, 2, 3])], 'me.png', { type: 'image/png' });
    expect(await api.upload('/api/PersonalInfo/UploadAvatar', file)).toEqual({
      pic: '/uploads/avatars/a.webp',
    });
    const [path, init = {}] = fetchStub.mock.calls[0] ?? [];
    expect(path).toBe('/api/PersonalInfo/UploadAvatar');
    expect(init.method).toBe('POST');
    expect(init.body).toBeInstanceOf(FormData);
    expect((init.body as FormData).get('file')).toBeInstanceOf(File);
    expect(init.headers).not.toHaveProperty('content-type');
    expect(init.headers).toMatchObject({ authorization: 'Bearer token-1' });
  });
});
